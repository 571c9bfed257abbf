/// Where a project, epic or task stands: `todo`, `doing` or `done`.
public enum WorkStatus: String, Sendable, Codable, CaseIterable, Equatable {
    case todo, doing, done

    /// The words commands accept, in order.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// Parses a state name, or throws the usage error naming the right form (exit 64).
    public static func parse(_ text: String) throws -> WorkStatus {
        guard let status = WorkStatus(rawValue: text.trimmingSpaces.lowercased()) else {
            throw TeamflowError(.usage, "unknown state '\(text)'", hints: ["Use one of: \(names.joined(separator: ", "))."])
        }
        return status
    }
}
