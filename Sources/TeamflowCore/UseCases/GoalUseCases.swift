/// Weekly team goals: add, check, uncheck, edit, remove, list.
public struct GoalUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds a goal to a week (default: the current one).
    @discardableResult
    public func add(title: String, week: String? = nil, sprint: String? = nil) throws -> Goal {
        let title = try Validate.title(title)
        // A sprint goal is named by the sprint's id, like a sprint task; it lives in the
        // sprint's first week unless a week is given.
        let sprint = try sprint.map { try repository.state().sprint(named: $0) }
        let week = try week.map { try session.week($0) } ?? sprint.map { ISOWeek(containing: $0.from) } ?? session.currentWeek
        let added = GoalAdded(title: title, week: week.description, sprint: sprint?.id)
        let events = try context.record([EventDraft(added, summary: "goal: add \"\(title)\" (\(week))")])
        // Folded alone: a goal depends on nothing else, and an add need not load the whole state.
        var state = TeamState()
        state.apply(events)
        return try readBack(events.first.flatMap { state.goals[$0.id] }, "goal")
    }

    /// Marks a goal done.
    @discardableResult
    public func check(_ idPrefix: String) throws -> Goal {
        try setDone(idPrefix, done: true)
    }

    /// Marks a goal open again.
    @discardableResult
    public func uncheck(_ idPrefix: String) throws -> Goal {
        try setDone(idPrefix, done: false)
    }

    /// Changes a goal's title or week.
    @discardableResult
    public func edit(_ idPrefix: String, title: String?, week: String?) throws -> Goal {
        var goal = try find(idPrefix)
        var edit = GoalEdited(goal: goal.id)
        if let title { goal.title = try Validate.title(title); edit.title = goal.title }
        if let week { goal.week = try session.week(week).description; edit.week = goal.week }
        guard edit.data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give --title or --week."])
        }
        _ = try context.record([EventDraft(edit, summary: "goal: edit \(goal.shortID)")])
        return goal
    }

    /// Removes a goal (a new event; the history keeps it).
    @discardableResult
    public func remove(_ idPrefix: String) throws -> Goal {
        var goal = try find(idPrefix)
        _ = try context.record([EventDraft(GoalRemoved(id: goal.id), summary: "goal: remove \"\(goal.title)\"")])
        goal.removed = true
        return goal
    }

    /// The live goals of a week, in the order they were added.
    public func list(week: String? = nil) throws -> [Goal] {
        try repository.state().goals(in: session.week(week))
    }

    /// Resolves an id prefix among live goals.
    public func find(_ idPrefix: String) throws -> Goal {
        let goals = try repository.state().goals.values { !$0.removed }
        return try ShortID.resolve(idPrefix, in: Array(goals), kind: "goal", id: \.id,
                                   label: { "\($0.week)  \($0.title)" })
    }

    private func setDone(_ idPrefix: String, done: Bool) throws -> Goal {
        var goal = try find(idPrefix)
        let summary = "goal: \(done ? "check" : "uncheck") \"\(goal.title)\""
        let draft = done ? EventDraft(GoalChecked(goal: goal.id), summary: summary) : EventDraft(GoalUnchecked(goal: goal.id), summary: summary)
        let events = try context.record([draft])
        // Folded by hand (no state read): dates the check as the fold does (history, issue 15).
        goal.setDone(done, at: events.first?.at ?? "")
        return goal
    }
}

/// Input checks shared by the use cases.
public enum Validate {
    /// A title: not empty after trimming, one line.
    public static func title(_ text: String) throws -> String {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else {
            throw TeamflowError(.usage, "the title is empty", hints: ["Example: teamflow goal add \"배포 꼭 하기\""])
        }
        return trimmed
    }
}
