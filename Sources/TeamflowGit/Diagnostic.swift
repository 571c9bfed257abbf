import TeamflowCore

/// A problem found in the history: a corrupt or duplicate event, a clock anomaly.
///
/// Printed as `path:line:col: warning: message`, the shape compilers and editors understand.
public struct Diagnostic: Sendable, Codable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var location: String {
        guard let line else { return path }
        return "\(path):\(line):\(column ?? 1)"
    }

    public var description: String { "\(location): \(message)" }
}
