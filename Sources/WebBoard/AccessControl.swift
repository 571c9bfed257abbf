import Foundation

/// Who may use the board: the token (bearer or first-visit `?token=`), browser sessions with
/// their CSRF tokens, the `Host` names that reach this server, and a per-client rate limit.
/// Shared by every connection thread, so its mutable parts sit behind one lock.
final class AccessControl: @unchecked Sendable {
    // @unchecked: `sessions` and `buckets` are read and written only under `lock`.

    /// The cookie that carries a browser's session id.
    static let cookieName = "teamflow_session"
    /// Sessions kept at most (the oldest go first); a browser that loses its session opens
    /// the printed URL again.
    static let sessionLimit = 1000

    private let token: [UInt8]
    private let allowedHosts: Set<String>
    /// Bound to every address (`0.0.0.0`): any IP literal with this port is accepted, never a name.
    private let wildcardPort: UInt16?
    private let rate: Double
    private let burst: Double
    private let lock = NSLock()
    private var sessions: [String: (csrf: String, created: Int)] = [:]
    private var created = 0
    private var buckets: [String: (tokens: Double, at: Date)] = [:]

    /// `hosts`: the `Host` values accepted; `rate` requests a second per client, bursts of `burst`.
    init(token: String, hosts: Set<String>, wildcardPort: UInt16? = nil, rate: Double, burst: Double) {
        self.token = Array(token.utf8)
        allowedHosts = hosts
        self.wildcardPort = wildcardPort
        self.rate = rate
        self.burst = burst
    }

    /// The `Host` values a server bound to `address:port` answers: that pair, and for a
    /// loopback address the other loopback spellings (a rebinding DNS name never matches).
    static func hosts(address: String, port: UInt16) -> Set<String> {
        var hosts: Set<String> = ["\(address):\(port)"]
        if address.hasPrefix("127.") || address == "::1" {
            hosts.formUnion(["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"])
        }
        // An IPv6 address is written in brackets before its port.
        if address.contains(":") { hosts.insert("[\(address.lowercased())]:\(port)") }
        return hosts
    }

    func isAllowedHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        if allowedHosts.contains(host) { return true }
        // A name could be rebound by its DNS to this machine; an address literal cannot.
        guard let port = wildcardPort, host.hasSuffix(":\(port)") else { return false }
        let name = host.dropLast(":\(port)".count)
        return name.split(separator: ".").count == 4 && name.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            || name.hasPrefix("[") && name.hasSuffix("]") && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" }
    }

    /// The token, compared in constant time (the time does not tell how many bytes matched).
    func isToken(_ candidate: String) -> Bool { Self.constantTimeEqual(Array(candidate.utf8), token) }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    /// A new browser session: its id (the cookie) and CSRF token.
    func newSession() -> (id: String, csrf: String) {
        let id = Self.randomHex(bytes: 32), csrf = Self.randomHex(bytes: 32)
        lock.withLock {
            if sessions.count >= Self.sessionLimit, let oldest = sessions.min(by: { $0.value.created < $1.value.created })?.key {
                sessions[oldest] = nil
            }
            created += 1
            sessions[id] = (csrf, created)
        }
        return (id, csrf)
    }

    /// The CSRF token of the session `id`, nil when there is no such session.
    func csrf(forSession id: String) -> String? {
        lock.withLock { sessions[id]?.csrf }
    }

    /// Whether `client` may make another request now (a token bucket per address); always
    /// when the rate is 0 (`--rate-limit 0`: no per-client limit).
    func admit(_ client: String, now: Date = Date()) -> Bool {
        guard rate > 0 else { return true }
        return lock.withLock {
            var bucket = buckets[client] ?? (burst, now)
            bucket.tokens = min(burst, bucket.tokens + now.timeIntervalSince(bucket.at) * rate)
            bucket.at = now
            let admitted = bucket.tokens >= 1
            if admitted { bucket.tokens -= 1 }
            buckets[client] = bucket
            if buckets.count > 10_000 { buckets = buckets.filter { now.timeIntervalSince($0.value.at) < 60 } }
            return admitted
        }
    }

    /// `bytes` random bytes from the system's generator as lowercase hex.
    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
