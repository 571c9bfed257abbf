/// A retrospective entry of a week: something to keep, a problem, or something to try.
public struct RetroEntry: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var text: String
    /// `keep`, `problem` or `try`.
    public var kind: String
    /// ISO week, e.g. `2024-W47`.
    public var week: String
    public var author: String
    public var createdAt: String
    public var removed: Bool
    public var clock: Int

    public var shortID: String { ShortID.of(id) }

    /// The kinds in the order retrospectives list them (KPT).
    public static let kinds = ["keep", "problem", "try"]
}

extension RetroEntry {
    static func foldAdded(_ state: inout TeamState, _ event: Event) {
        guard let text = event.data.string("text"), let week = event.data.string("week") else { return }
        let kind = event.data.string("kind").flatMap { RetroEntry.kinds.contains($0) ? $0 : nil } ?? "keep"
        state.retros[event.id] = RetroEntry(id: event.id, text: text, kind: kind, week: week, author: event.author.name,
                                            createdAt: event.at, removed: false, clock: event.clock)
    }

    static func foldRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("retro") else { return }
        state.retros[id]?.removed = removed
    }
}

extension TeamState {
    /// Live retrospective entries, oldest first; of one week when `week` is given.
    public func retros(in week: String? = nil) -> [RetroEntry] {
        retros.values { !$0.removed && (week == nil || $0.week == week) }
            .sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }
}
