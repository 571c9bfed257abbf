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
        try readBack(setDone([idPrefix], done: true).first, "goal")
    }

    /// Marks a goal open again.
    @discardableResult
    public func uncheck(_ idPrefix: String) throws -> Goal {
        try readBack(setDone([idPrefix], done: false).first, "goal")
    }

    /// Marks several goals done in one commit; any unknown or ambiguous id writes nothing.
    @discardableResult
    public func check(_ idPrefixes: [String]) throws -> [Goal] { try setDone(idPrefixes, done: true) }

    /// Marks several goals open again in one commit.
    @discardableResult
    public func uncheck(_ idPrefixes: [String]) throws -> [Goal] { try setDone(idPrefixes, done: false) }

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
        try readBack(remove([idPrefix]).first, "goal")
    }

    /// Removes several goals in one commit; any unknown or ambiguous id writes nothing.
    @discardableResult
    public func remove(_ idPrefixes: [String]) throws -> [Goal] {
        let state = try repository.state()
        let goals = try context.resolveAll(idPrefixes, id: \Goal.id) { try find($0, in: state) }
        let drafts = goals.map { EventDraft(GoalRemoved(id: $0.id), summary: "goal: remove \"\($0.title)\"") }
        _ = try context.record(Batch.mark(drafts, state: state, session: session))
        return goals.map { goal in
            var gone = goal
            gone.removed = true
            return gone
        }
    }

    /// The live goals of a week, in the order they were added.
    public func list(week: String? = nil) throws -> [Goal] {
        try repository.state().goals(in: session.week(week))
    }

    /// Resolves an id prefix among live goals.
    public func find(_ idPrefix: String) throws -> Goal {
        try find(idPrefix, in: repository.state())
    }

    private func find(_ idPrefix: String, in state: TeamState) throws -> Goal {
        let goals = state.goals.values { !$0.removed }
        return try ShortID.resolve(idPrefix, in: Array(goals), kind: "goal", id: \.id,
                                   label: { "\($0.week)  \($0.title)" })
    }

    private func setDone(_ idPrefixes: [String], done: Bool) throws -> [Goal] {
        let state = try repository.state()
        let goals = try context.resolveAll(idPrefixes, id: \Goal.id) { try find($0, in: state) }
        let drafts = goals.map { goal in
            let summary = "goal: \(done ? "check" : "uncheck") \"\(goal.title)\""
            return done ? EventDraft(GoalChecked(goal: goal.id), summary: summary) : EventDraft(GoalUnchecked(goal: goal.id), summary: summary)
        }
        _ = try context.record(Batch.mark(drafts, state: state, session: session))
        return goals.map { goal in
            var changed = goal
            changed.done = done
            return changed
        }
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
