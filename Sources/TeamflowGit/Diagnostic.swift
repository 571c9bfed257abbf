import TeamflowCore

/// A problem found in the history: a corrupt or duplicate event, a clock anomaly.
///
/// Printed as `path:line:col: error: message`, the shape compilers and editors understand.
public struct Diagnostic: Sendable, Codable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        /// The event is skipped: the history has a real problem (`doctor` exits 1).
        case error
        /// Worth a look, nothing is skipped.
        case warning
    }

    public var path: String
    public var line: Int?
    public var column: Int?
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, severity: Severity = .error, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var location: String {
        guard let line else { return path }
        return "\(path):\(line):\(column ?? 1)"
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// How an ordinary command reports it: the command goes on, so it is a warning there.
    public var asWarning: String { "\(location): warning: \(message)" }
}
