/// A team goal for a week (or a sprint), checked off during the week.
public struct Goal: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<Goal>
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

    // History: the `at` of the events that finished and removed the goal, as written
    // (RFC 3339). `doneAt` is cleared by an uncheck, `removedAt` by a restore.
    /// When the goal was last checked (nil while it is open).
    public var doneAt: String? = nil
    /// When it was removed (nil while it is not removed).
    public var removedAt: String? = nil
    // End of history.
    /// What the page it was imported from said under it (Markdown); nil for most goals.
    public var note: String? = nil
    /// The owner's member id (`goal add --member`, `goal assign`).
    public var member: EntityID<Member>? = nil
    /// Every time the goal was carried to a later week, oldest first.
    public var carries: [TaskCarry] = []

    /// The short id commands print.
    public var shortID: String { id.short }
}

extension TeamState {
    /// Live goals of a week in the order they were added, with the instances of recurring goals
    /// (`goalsWithInstances(in:)`).
    public func goals(in week: ISOWeek) -> [Goal] {
        goalsWithInstances(in: week)
    }
}
