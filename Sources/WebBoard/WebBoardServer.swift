public import Foundation
public import TeamflowKit

/// How `teamflow serve` runs the board: where it listens, the token, the limits, the sync.
public struct WebBoardConfiguration: Sendable {
    /// An IPv4 or IPv6 address (`::1`); `127.0.0.1` unless the board is meant for other machines.
    public var address: String
    /// 0: any free port (the server's `port` says which).
    public var port: UInt16
    /// The secret every request must prove (64 hex digits unless the user chose one).
    public var token: String
    /// Fetch, merge and push this often and after each change (nil: never).
    public var syncInterval: TimeInterval?
    /// The remote `--sync` talks to.
    public var syncRemote: String
    /// Requests a second each client may make (bursts of twice as many); 0: no limit.
    public var requestsPerSecond: Double
    /// Most open connections, and per client.
    public var connectionLimit: UInt32
    /// Largest request body in bytes (over it: 413).
    public var bodyLimit: Int

    public init(address: String = "127.0.0.1", port: UInt16 = 7700, token: String, syncInterval: TimeInterval? = nil,
                syncRemote: String = "origin", requestsPerSecond: Double = 1000, connectionLimit: UInt32 = 64,
                bodyLimit: Int = 64 * 1024) {
        self.address = address
        self.port = port
        self.token = token
        self.syncInterval = syncInterval
        self.syncRemote = syncRemote
        self.requestsPerSecond = requestsPerSecond
        self.connectionLimit = connectionLimit
        self.bodyLimit = bodyLimit
    }

    /// A new random token: 32 bytes from the system's generator, as 64 hex digits.
    public static func randomToken() -> String { AccessControl.randomHex(bytes: 32) }

    /// Whether `address` only reaches this machine (no token file needed).
    public static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "localhost" || address == "::1"
    }

    /// `--rate-limit`: `N/s` or `N` requests a second per client, `0` for none; nil when malformed.
    public static func rate(parsing text: String) -> Double? {
        let digits = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
        guard let value = Int(digits), value >= 0, value <= 1_000_000 else { return nil }
        return Double(value)
    }
}

/// The live board, running: pages, the JSON API and the event stream for the team in one
/// repository, until `stop()`. See docs/SERVE.md.
public final class WebBoardServer: Sendable {
    private let server: MHDServer
    private let watch: TipWatch
    private let syncer: Syncer?
    /// The port listened on (the real one when 0 was asked for).
    public let port: UInt16
    /// The address to open first: it carries the token, which the page trades for a cookie.
    public let url: String
    /// The team's name as the pages show it.
    public let teamName: String

    /// Starts serving `team` (it is used by the server alone from now on). `log` hears about
    /// sync failures. Throws `WebBoardLibraryUnavailable` when libmicrohttpd cannot be loaded
    /// (before the state is read), `TeamflowError` when the port cannot be bound (it is named)
    /// or the address is not an IP address.
    public init(team: Team, configuration: WebBoardConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        do {
            try MHDServer.loadLibrary()
        } catch let missing as MHDServer.LibraryMissing {
            throw WebBoardLibraryUnavailable(library: missing.library, reason: missing.reason)
        }
        let address = configuration.address == "localhost" ? "127.0.0.1" : configuration.address
        // Every page scans the state; decoded whole once, it is scanned without decoding.
        team.store.keepsStateDecoded = true
        let service = BoardService(team: team)
        let state = try team.state()
        teamName = state.teamName ?? service.teamFallback ?? "team"
        let watch = TipWatch()
        let directory = team.store.workingDirectory
        // The watcher's own store (a store is used by one thread at a time).
        let watcherStore = try directory.map { try GitEventStore.open(at: $0) }
        let tipReader = TipReader(store: watcherStore, fallback: { try? service.withTeam { try $0.store.tipHash() } ?? nil })
        let syncer = configuration.syncInterval.map { Syncer(service: service, watch: watch, interval: $0, remote: configuration.syncRemote, log: log) }
        let box = RouterBox()
        let limits = MHDServer.Limits(connections: configuration.connectionLimit, connectionsPerClient: configuration.connectionLimit,
                                      timeout: 30, headerMemory: 32 * 1024, body: configuration.bodyLimit)
        do {
            server = try MHDServer(address: address, port: configuration.port, limits: limits) { request in
                box.router?.handle(request) ?? HTTPResponse(status: 503)
            }
        } catch let failure as MHDServer.BindFailure {
            throw TeamflowError(.failure, failure.description,
                                hints: ["Choose another port with --port N, or --port 0 for any free one."])
        }
        port = server.port
        let wildcard = address == "0.0.0.0" || address == "::"
        let access = AccessControl(token: configuration.token, hosts: AccessControl.hosts(address: address, port: port),
                                   wildcardPort: wildcard ? port : nil, rate: configuration.requestsPerSecond,
                                   burst: configuration.requestsPerSecond * 2)
        box.router = BoardRouter(access: access, service: service, watch: watch, views: BoardViews(),
                                 syncStatus: { syncer?.failure })
        let shown = wildcard ? (address == "::" ? "[::1]" : "127.0.0.1") : address.contains(":") ? "[\(address)]" : address
        url = "http://\(shown):\(port)/?token=\(configuration.token)"
        self.watch = watch
        self.syncer = syncer
        watch.start { tipReader.read() }
        syncer?.start()
    }

    /// Stops accepting, ends the event streams, lets requests in flight finish (up to
    /// `grace` seconds: a write in progress completes its commit), then closes.
    public func stop(grace: TimeInterval = 10) {
        syncer?.stop()
        server.stop(grace: grace, streamsEnding: { watch.stop() })
        watch.stop()
    }
}

/// The board's HTTP library (libmicrohttpd, loaded when a server starts rather than linked)
/// could not be loaded: not installed, or a build without a function the server calls. The
/// front-end words it for the user.
public struct WebBoardLibraryUnavailable: Error, Sendable {
    /// The file asked for (`libmicrohttpd.so.12`).
    public let library: String
    /// The dynamic loader's reason.
    public let reason: String

    public init(library: String, reason: String) {
        self.library = library
        self.reason = reason
    }
}

/// The router, set once the port is known (the `Host` check needs it); requests that come
/// before that get 503.
private final class RouterBox: @unchecked Sendable {
    // @unchecked: written once before the server is handed out, read-only afterwards; the
    // lock makes that write visible to the connection threads.
    private let lock = NSLock()
    private var stored: BoardRouter?
    var router: BoardRouter? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Reads the tip for the watcher: with its own store when the repository has a work tree,
/// else through the shared one.
private final class TipReader: @unchecked Sendable {
    // @unchecked: `store` is used only by the watcher's thread.
    private let store: GitEventStore?
    private let fallback: @Sendable () -> String?

    init(store: GitEventStore?, fallback: @escaping @Sendable () -> String?) {
        self.store = store
        self.fallback = fallback
    }

    func read() -> String? {
        guard let store else { return fallback() }
        return (try? store.tipHash()) ?? nil
    }
}

/// `--sync`: fetch, merge and push every `interval` and soon after the ref moves (an edit
/// here or a commit by the CLI); a failure is kept for the pages and logged, and the local
/// events stay (they go out with the next sync that works).
final class Syncer: @unchecked Sendable {
    // @unchecked: `lastFailure` and `stopped` are guarded by `lock`.
    private let service: BoardService
    private let watch: TipWatch
    private let interval: TimeInterval
    private let remote: String
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var lastFailure: String?
    private var stopped = false

    init(service: BoardService, watch: TipWatch, interval: TimeInterval, remote: String, log: @escaping @Sendable (String) -> Void) {
        self.service = service
        self.watch = watch
        self.interval = interval
        self.remote = remote
        self.log = log
    }

    var failure: String? { lock.withLock { lastFailure } }

    func start() {
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                syncOnce()
                guard watch.wait(after: watch.current, timeout: interval) != nil else { return }
            }
        }
        thread.name = "teamflow sync"
        thread.start()
    }

    func stop() { lock.withLock { stopped = true } }

    private func syncOnce() {
        do {
            _ = try service.withTeam { try $0.sync(remote: remote) }
            lock.withLock { lastFailure = nil }
        } catch let error as TeamflowError {
            lock.withLock { lastFailure = error.message }
            log("sync with \(remote) failed: \(error.message)")
        } catch {
            lock.withLock { lastFailure = "\(error)" }
            log("sync with \(remote) failed: \(error)")
        }
    }
}

extension WebBoardConfiguration {
    /// `--sync INTERVAL`: `90`, `90s`, `5m` or `1h`, at least one second; nil when malformed.
    public static func interval(parsing text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var digits = Substring(text)
        var scale = 1.0
        if let last = text.last, let unit = units[last] {
            digits = text.dropLast()
            scale = unit
        }
        guard let value = Int(digits), value >= 1, value <= 86_400 * 7 else { return nil }
        return Double(value) * scale
    }
}
