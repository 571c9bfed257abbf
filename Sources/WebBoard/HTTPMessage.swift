import Foundation

/// One request as the router sees it: every value copied out of libmicrohttpd's buffers
/// before the router runs, so nothing here points into C memory.
struct HTTPRequest: Sendable {
    var method: String
    /// The path without the query (`/`, `/api/v1/week`).
    var path: String
    /// Header values by lowercased name.
    var headers: [String: String] = [:]
    /// The query's arguments, decoded.
    var query: [String: String] = [:]
    /// Cookies by name.
    var cookies: [String: String] = [:]
    var body: [UInt8] = []
    /// The body went over the limit: it was dropped while it arrived.
    var bodyTooLarge = false
    /// The client's address (`127.0.0.1`), for the per-client rate limit.
    var client: String = ""

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// An `application/x-www-form-urlencoded` body's fields (the last of a repeated name wins).
    var form: [String: String] { FormDecoding.fields(String(decoding: body, as: UTF8.self)) }
}

/// What the router answers: a status, headers and either bytes or a stream of events.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: Body = .bytes([])

    enum Body: Sendable {
        case bytes([UInt8])
        /// Server-Sent Events: chunks produced until the source ends (the server stops).
        case stream(any ChunkSource)
    }

    init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(status: Int, contentType: String, text: String, headers: [(String, String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(Array(text.utf8)))
    }

    /// A 303 to a path on this server (POST-redirect-GET, the token dropped from the URL).
    static func seeOther(_ location: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: 303, contentType: "text/plain; charset=utf-8", text: "See \(location)\n",
                     headers: [("Location", location)] + headers)
    }

    /// The bytes of a plain body (empty for a stream).
    var bytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }
}

/// A stream body: `next` blocks until it has bytes for the client and returns nil when the
/// stream is over. Called on the connection's own thread.
protocol ChunkSource: AnyObject, Sendable {
    func next() -> [UInt8]?
}

/// `application/x-www-form-urlencoded` and query strings.
enum FormDecoding {
    static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            // A field whose name or value does not decode is dropped: never guessed at.
            guard let name = decode(parts[0]), let value = parts.count > 1 ? decode(parts[1]) : "" else { continue }
            fields[name] = value
        }
        return fields
    }

    /// `+` is a space, `%XX` a byte; malformed escapes make the field unreadable (nil).
    static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Cookies from a `Cookie` header: `a=1; b=2`.
    static func cookies(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            cookies[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        return cookies
    }
}
