internal import CMHD
import Foundation

/// The only file that touches libmicrohttpd: a daemon with one thread per connection (a
/// Server-Sent Events stream blocks its thread while it waits for the ref to move, which
/// libmicrohttpd allows only in that mode), its connection, per-client, timeout and header
/// limits, and the copy of each request into an `HTTPRequest` before any of our code runs.
/// The library is loaded by the first server that starts (`loadLibrary`), not linked: other
/// commands never pay for loading it and its TLS libraries.
final class MHDServer: @unchecked Sendable {
    // @unchecked: `daemon` is written once in init and cleared once in `stop`, under `lock`.

    /// The limits libmicrohttpd enforces for us.
    struct Limits: Sendable {
        var connections: UInt32 = 64
        var connectionsPerClient: UInt32 = 32
        /// Seconds a connection may stay idle.
        var timeout: UInt32 = 30
        /// Bytes for a request's line and headers (over it, libmicrohttpd answers 431).
        var headerMemory = 32 * 1024
        /// Bytes of a request body; over it the body is dropped and the router answers 413.
        var body = 64 * 1024
    }

    private let context: Context
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    /// The port listened on (the real one when 0 was asked for).
    let port: UInt16

    /// Listens on `address:port` (IPv4 or IPv6); throws `BindFailure` when the address does not
    /// parse or the port cannot be bound (in use, not allowed).
    init(address: String, port: UInt16, limits: Limits, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        try Self.loadLibrary()
        context = Context(handler: handler, bodyLimit: limits.body)
        let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            | MHD_USE_ITC.rawValue | MHD_USE_AUTO.rawValue
        let cls = Unmanaged.passUnretained(context).toOpaque()
        guard let started = teamflow_mhd_start(flags, address, port, accessHandler, cls, completedHandler,
                                               limits.connections, limits.connectionsPerClient, limits.timeout,
                                               limits.headerMemory) else {
            throw BindFailure(address: address, port: port)
        }
        daemon = started
        self.port = teamflow_mhd_port(started)
    }

    deinit { stop(grace: 0) }

    /// Stops accepting, ends the event streams (`streamsEnding` runs first), waits up to
    /// `grace` seconds for requests in flight to finish, then closes everything.
    func stop(grace: TimeInterval, streamsEnding: () -> Void = {}) {
        lock.lock()
        defer { lock.unlock() }
        guard let daemon else { return }
        let listener = teamflow_mhd_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
        streamsEnding()
        let deadline = Date().addingTimeInterval(grace)
        while context.inFlight > 0 && Date() < deadline { usleep(10_000) }
        teamflow_mhd_stop_daemon(daemon)
        self.daemon = nil
    }

    /// The file `loadLibrary` opens by default: Debian's libmicrohttpd12.
    static let libraryName = TEAMFLOW_MHD_LIBRARY

    /// Loads libmicrohttpd or throws `LibraryMissing` with the loader's reason. The first
    /// library that loads serves for the life of the process (the C layer keeps its handle);
    /// a later call only checks that `name` loads too.
    static func loadLibrary(named name: String = libraryName) throws {
        var message = [CChar](repeating: 0, count: 512)
        guard teamflow_mhd_load(name, &message, message.count) != 0 else { return }
        throw LibraryMissing(library: name,
                             reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// libmicrohttpd could not be loaded (not installed, or without a function the server calls).
    struct LibraryMissing: Error {
        let library: String
        /// The dynamic loader's words.
        let reason: String
    }

    /// Why a daemon did not start.
    struct BindFailure: Error, CustomStringConvertible {
        let address: String
        let port: UInt16
        var description: String {
            let shown = address.contains(":") ? "[\(address)]" : address
            return "cannot listen on \(shown):\(port) (the port is in use, the address is not this machine's, or it is not allowed)"
        }
    }

    /// What the C callbacks reach through their `cls` pointer: owned by the server, which
    /// outlives the daemon (the daemon is stopped before the server is freed).
    final class Context: @unchecked Sendable {
        // @unchecked: `handler` and `bodyLimit` are constants; `count` is guarded by `lock`.
        let handler: @Sendable (HTTPRequest) -> HTTPResponse
        let bodyLimit: Int
        private let lock = NSLock()
        private var count = 0

        init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, bodyLimit: Int) {
            self.handler = handler
            self.bodyLimit = bodyLimit
        }

        var inFlight: Int { lock.withLock { count } }
        func begin() { lock.withLock { count += 1 } }
        func end() { lock.withLock { count -= 1 } }
    }

    /// A request's body while it arrives; one per request, freed when libmicrohttpd says the
    /// request is complete.
    final class Pending {
        var body: [UInt8] = []
        var tooLarge = false
    }

    /// A stream body and the bytes of its current chunk not yet handed to libmicrohttpd.
    final class Stream {
        let source: any ChunkSource
        var buffered: [UInt8] = []
        init(source: any ChunkSource) { self.source = source }
    }
}

// MARK: - The callbacks (C function pointers: no captures, everything through `cls`)

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let connection, let state else { return .NO }
    let context = Unmanaged<MHDServer.Context>.fromOpaque(cls).takeUnretainedValue()
    guard let raw = state.pointee else {
        // The first call only announces the request: its headers are in, its body not yet.
        state.pointee = Unmanaged.passRetained(MHDServer.Pending()).toOpaque()
        return .YES
    }
    let pending = Unmanaged<MHDServer.Pending>.fromOpaque(raw).takeUnretainedValue()
    if let uploadSize, uploadSize.pointee > 0 {
        if let uploadData, !pending.tooLarge {
            if pending.body.count + uploadSize.pointee > context.bodyLimit {
                pending.tooLarge = true
                pending.body = []
            } else {
                pending.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
            }
        }
        uploadSize.pointee = 0
        return .YES
    }
    context.begin()
    defer { context.end() }
    let headers = values(connection, .HEADER_KIND)
    var request = HTTPRequest(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
    request.headers = Dictionary(headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
    request.query = Dictionary(values(connection, .GET_ARGUMENT_KIND), uniquingKeysWith: { _, last in last })
    request.cookies = request.headers["cookie"].map(FormDecoding.cookies) ?? [:]
    request.body = pending.body
    request.bodyTooLarge = pending.tooLarge
    request.client = clientAddress(connection)
    return queue(context.handler(request), on: connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let raw = state.pointee else { return }
    Unmanaged<MHDServer.Pending>.fromOpaque(raw).release()
    state.pointee = nil
}

/// Copies the values of one kind (headers, query arguments) out of the connection.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(String, String)] {
    final class Collected { var pairs: [(String, String)] = [] }
    let collected = Collected()
    withExtendedLifetime(collected) {
        _ = teamflow_mhd_get_connection_values(connection, kind, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let collected = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
            collected.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.pairs
}

private func clientAddress(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard teamflow_mhd_client_address(connection, &buffer, buffer.count) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Hands `response` to libmicrohttpd, which copies a plain body and pulls a stream.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let handle: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
        handle = bytes.withUnsafeBytes { buffer in
            teamflow_mhd_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .stream(let source):
        let stream = Unmanaged.passRetained(MHDServer.Stream(source: source)).toOpaque()
        handle = teamflow_mhd_create_response_from_callback(UInt64.max, 4096, streamReader, stream, streamFree)
        if handle == nil { Unmanaged<MHDServer.Stream>.fromOpaque(stream).release() }
    }
    guard let handle else { return .NO }
    // The response is ours until queued; libmicrohttpd keeps its own reference after that.
    defer { teamflow_mhd_destroy_response(handle) }
    for (name, value) in response.headers {
        _ = teamflow_mhd_add_response_header(handle, name, value)
    }
    return teamflow_mhd_queue_response(connection, UInt32(clamping: response.status), handle)
}

private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer, max > 0 else { return -2 } // MHD_CONTENT_READER_END_WITH_ERROR
    let stream = Unmanaged<MHDServer.Stream>.fromOpaque(cls).takeUnretainedValue()
    if stream.buffered.isEmpty {
        guard let next = stream.source.next() else { return -1 } // MHD_CONTENT_READER_END_OF_STREAM
        stream.buffered = next
    }
    let count = min(max, stream.buffered.count)
    stream.buffered.withUnsafeBytes { bytes in
        if let base = bytes.baseAddress { buffer.update(from: base.assumingMemoryBound(to: CChar.self), count: count) }
    }
    stream.buffered.removeFirst(count)
    return count
}

private let streamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<MHDServer.Stream>.fromOpaque(cls).release()
}
