/// A retrospective entry of a week: something to keep, a problem, or something to try.
public struct RetroEntry: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<RetroEntry>
    public var text: String
    /// `keep`, `problem` or `try`.
    public var kind: String
    /// ISO week, e.g. `2024-W47`.
    public var week: String
    public var author: String
    public var createdAt: String
    public var removed: Bool
    public var clock: Int

    public var shortID: String { id.short }

    /// The kinds in the order retrospectives list them (KPT).
    public static let kinds = ["keep", "problem", "try"]
}

extension TeamState {
    /// Live retrospective entries, oldest first; of one week when `week` is given.
    public func retros(in week: String? = nil) -> [RetroEntry] {
        retros.values { !$0.removed && (week == nil || $0.week == week) }
            .sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }
}
