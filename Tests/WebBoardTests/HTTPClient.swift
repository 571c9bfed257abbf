import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A raw HTTP/1.1 client over a loopback socket: the tests need to send what a browser
/// would not (a forged `Host`, a missing token) and to see every header as sent.
struct HTTPClient {
    let port: UInt16
    /// Connects to `::1` instead of `127.0.0.1`.
    var ipv6 = false

    struct Response {
        var status: Int
        /// Header names lowercased; a repeated header keeps its last value.
        var headers: [String: String]
        var body: String
    }

    /// Sends one request (`Connection: close`) and reads the whole response.
    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "",
              host: String? = nil) throws -> Response {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: \(host ?? (ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)"))", "Connection: close"]
        for (name, value) in headers { lines.append("\(name): \(value)") }
        if !body.isEmpty || method == "POST" { lines.append("Content-Length: \(body.utf8.count)") }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
        let raw = try exchange(request)
        return try Self.parse(raw)
    }

    /// Sends `request` and reads until the server closes or `done` says enough has come.
    func exchange(_ request: [UInt8], done: ([UInt8]) -> Bool = { _ in false }) throws -> [UInt8] {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError.socket }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else { throw ClientError.connect }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError.send }
            sent += n
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            response += buffer[0..<n]
            if done(response) { break }
        }
        return response
    }

    static func parse(_ raw: [UInt8]) throws -> Response {
        let text = String(decoding: raw, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw ClientError.malformed(text) }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw ClientError.malformed(text) }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = String(text[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while let end = rest.range(of: "\r\n"), let size = Int(rest[..<end.lowerBound], radix: 16), size > 0 {
            let start = end.upperBound
            let stop = rest.utf8.index(start, offsetBy: size, limitedBy: rest.utf8.endIndex) ?? rest.utf8.endIndex
            out += rest[start..<stop]
            rest = rest[stop...].dropFirst(2)
        }
        return out
    }

    enum ClientError: Error {
        case socket, connect, send
        case malformed(String)
    }
}

/// Reads the start of an `/events` stream.
enum StreamReader {
    static func firstEvent(port: UInt16, cookie: String) throws -> String {
        let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\nAccept: text/event-stream\r\n\r\n".utf8)
        let raw = try HTTPClient(port: port).exchange(request) { bytes in
            String(decoding: bytes, as: UTF8.self).contains("event: tip\ndata: ") && bytes.last == UInt8(ascii: "\n")
        }
        return String(decoding: raw, as: UTF8.self)
    }
}
