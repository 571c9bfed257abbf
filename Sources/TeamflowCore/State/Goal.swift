/// A team goal for a week (or a sprint), checked off during the week.
public struct Goal: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var title: String
    /// ISO week, e.g. `2024-W47`.
    public var week: String
    public var sprint: String?
    public var done: Bool
    public var removed: Bool
    /// Who added it, and when (RFC 3339).
    public var createdBy: String
    public var createdAt: String
    /// The clock of the adding event: goals list in the order they were added.
    public var clock: Int

    /// The short id commands print.
    public var shortID: String { ShortID.of(id) }
}

extension Goal {
    static func foldAdded(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title"), let week = event.data.string("week") else { return }
        state.goals[event.id] = Goal(
            id: event.id, title: title, week: week, sprint: event.data.string("sprint"),
            done: false, removed: false, createdBy: event.author.name, createdAt: event.at, clock: event.clock)
    }

    static func foldEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("goal"), var goal = state.goals[id] else { return }
        if let title = event.data.string("title") { goal.title = title }
        if let week = event.data.string("week") { goal.week = week }
        if let sprint = event.data["sprint"] { goal.sprint = sprint.string }
        state.goals[id] = goal
    }

    static func foldDone(_ state: inout TeamState, _ event: Event, done: Bool) {
        guard let id = event.data.string("goal") else { return }
        state.goals[id]?.done = done
    }

    static func foldRemoved(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("goal") else { return }
        state.goals[id]?.removed = true
    }
}

extension TeamState {
    /// Live goals of a week in the order they were added.
    public func goals(in week: ISOWeek) -> [Goal] {
        let key = week.description
        return goals.values { !$0.removed && $0.week == key }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }
}
