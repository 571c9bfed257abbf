import ArgumentParsing
import Foundation
import TeamflowCore
import TeamflowKit
import WebBoard

/// `teamflow serve`: the live board in a browser (docs/SERVE.md). Parses, starts the
/// `WebBoardServer`, prints the URL, and waits for SIGINT or SIGTERM.
enum ServeCommand {
    static let port = OptionSpec(long: "port", valueName: "N", help: "The port (default 7700; 0 picks any free one).", defaultValue: "7700")
    static let bind = OptionSpec(long: "bind", valueName: "ADDR", help: "The IPv4 or IPv6 address to listen on (default 127.0.0.1; ::1 is loopback too; another needs --token-file).")
    static let tokenFile = OptionSpec(long: "token-file", valueName: "F", help: "Read the token from F instead of making a random one.", completion: .file)
    static let sync = OptionSpec(long: "sync", valueName: "INTERVAL", help: "Fetch, merge and push this often (90s, 5m, 1h) and after each change.")
    static let rateLimit = OptionSpec(long: "rate-limit", valueName: "N/s",
                                      help: "Requests a second each client address may make, bursts of twice as many (default 1000/s; 0: no limit).")
    static let noOpen = FlagSpec(long: "no-open", help: "Do not open a browser.")

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve the team's live board in a browser: tick, add and edit work; every change is the CLI's commit.",
        discussion: "The first line on standard output is the URL with the token (?token=...): opening it sets a session cookie. Scripts send Authorization: Bearer TOKEN to /api/v1/. Only 127.0.0.1 unless --bind, which needs --token-file. SIGINT or SIGTERM stops after the requests in flight.",
        examples: ["teamflow serve", "teamflow serve --port 0 --no-open", "teamflow serve --sync 60s",
                   "teamflow serve --bind 0.0.0.0 --token-file ~/.config/teamflow/token"],
        options: [port, bind, tokenFile, sync, rateLimit],
        flags: [noOpen],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let p = inv.parsed
        let address = try p[bind] ?? "127.0.0.1"
        let file = try p[tokenFile]
        guard file != nil || WebBoardConfiguration.isLoopback(address) else {
            throw TeamflowError(.usage, "--bind \(address) reaches other machines: it needs --token-file",
                                hints: ["Write a long random token into a file only you can read and pass --token-file FILE."])
        }
        var configuration = WebBoardConfiguration(address: address, port: UInt16(try p.int(port, in: 0...65535) ?? 7700),
                                                  token: try file.map { try readToken(inv, $0) } ?? WebBoardConfiguration.randomToken())
        if let text = try p[sync] {
            guard let interval = WebBoardConfiguration.interval(parsing: text) else {
                throw TeamflowError(.usage, "invalid --sync '\(text)'", hints: ["Write it like 90s, 5m or 1h."])
            }
            configuration.syncInterval = interval
        }
        if let text = try p[rateLimit] {
            guard let rate = WebBoardConfiguration.rate(parsing: text) else {
                throw TeamflowError(.usage, "invalid --rate-limit '\(text)'", hints: ["Write it like 1000/s, or 0 for no limit."],
                                    reason: .invalidValue(.rate, text: text))
            }
            configuration.requestsPerSecond = rate
        }
        let team = try openTeam(inv)
        guard team.author != nil else { throw TeamflowError.noAuthor() }
        // Before the URL is printed: a signal sent as soon as it is read must stop, not kill.
        // Run inside another program's process (the CLI tests walk every command that way), no
        // signal is meant for this run and the process's handlers stay as they are: it starts,
        // prints the URL and stops at once.
        let output = inv.output
        let signals = output.isProcess ? SignalWait() : nil
        let server: WebBoardServer
        do {
            server = try WebBoardServer(team: team, configuration: configuration) { output.err("teamflow serve: \($0)\n") }
        } catch let missing as WebBoardLibraryUnavailable {
            throw libraryMissing(missing)
        }
        inv.raw("Serving \(server.teamName) at \(server.url)\n")
        output.flush()
        if try !p[noOpen] { BrowserOpener.open(server.url, environment: inv.environment) }
        signals?.wait()
        server.stop()
        inv.err("Stopped.\n")
    }

    /// libmicrohttpd, which only `serve` loads, is not installed (or not a usable build): a
    /// failure the user can act on, with the package to install.
    static func libraryMissing(_ missing: WebBoardLibraryUnavailable) -> TeamflowError {
        TeamflowError(.failure, "teamflow serve needs GNU libmicrohttpd (\(missing.library)), which could not be loaded: \(missing.reason)",
                      hints: ["Install it (Debian and Ubuntu: sudo apt install libmicrohttpd12); every other command works without it."])
    }

    /// The team as `serve` writes it: `--author`, else `TEAMFLOW_AUTHOR`, else git's identity.
    static func openTeam(_ inv: Invocation) throws -> Team {
        let url = URL(fileURLWithPath: inv.directory)
        let environment = TeamEnvironment.current(from: inv.environment)
        guard let flag = try inv.parsed[TeamflowCLI.author] else { return try Team.open(at: url, environment: environment) }
        return try Team.open(at: url, clock: try environment.fixedNow().map(TeamClock.fixed) ?? .system,
                             timeZone: try environment.timeZone(), author: try Invocation.author(flag: flag))
    }

    static func readToken(_ inv: Invocation, _ path: String) throws -> String {
        let full = path.hasPrefix("/") ? path : (inv.directory as NSString).appendingPathComponent(path)
        guard let text = try? String(contentsOfFile: full, encoding: .utf8) else {
            throw TeamflowError(.failure, "cannot read the token file \(path)")
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw TeamflowError(.usage, "the token in \(path) must be at least 16 characters, without spaces",
                                hints: ["Make one with: openssl rand -hex 32 > \(path)"])
        }
        return token
    }
}
