/// Weekly team goals: add, check, uncheck, edit, remove, list.
public struct GoalUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    /// Adds a goal to a week (default: the current one).
    @discardableResult
    public func add(title: String, week: String? = nil, sprint: String? = nil) throws -> Goal {
        let title = try Validate.title(title)
        // A sprint goal is named by the sprint's id, like a sprint task; it lives in the
        // sprint's first week unless a week is given.
        let sprint = try sprint.map { try repository.state().sprint(named: $0) }
        let week = try week.map { try session.week($0) } ?? sprint.map { ISOWeek(containing: $0.from) } ?? session.currentWeek
        var data: Fields = ["title": .string(title), "week": .string(week.description)]
        if let sprint { data["sprint"] = .string(sprint.id) }
        let events = try append(EventDraft(type: EventType.goalAdded, data: data, summary: "goal: add \"\(title)\" (\(week))"))
        var state = TeamState()
        state.apply(events)
        guard let goal = state.goals[events[0].id] else {
            throw TeamflowError(.failure, "the goal was written but could not be read back")
        }
        return goal
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
        var data: Fields = ["goal": .string(goal.id)]
        if let title { goal.title = try Validate.title(title); data["title"] = .string(goal.title) }
        if let week { goal.week = try session.week(week).description; data["week"] = .string(goal.week) }
        guard data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give --title or --week."])
        }
        _ = try append(EventDraft(type: EventType.goalEdited, data: data, summary: "goal: edit \(goal.shortID)"))
        return goal
    }

    /// Removes a goal (a new event; the history keeps it).
    @discardableResult
    public func remove(_ idPrefix: String) throws -> Goal {
        var goal = try find(idPrefix)
        _ = try append(EventDraft(type: EventType.goalRemoved, data: ["goal": .string(goal.id)],
                                  summary: "goal: remove \"\(goal.title)\""))
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
        let type = done ? EventType.goalChecked : EventType.goalUnchecked
        _ = try append(EventDraft(type: type, data: ["goal": .string(goal.id)],
                                  summary: "goal: \(done ? "check" : "uncheck") \"\(goal.title)\""))
        goal.done = done
        return goal
    }

    private func append(_ draft: EventDraft) throws -> [Event] {
        let author = try session.requireAuthor()
        return try repository.append([draft], author: author, at: Timestamp.format(session.now, timeZone: session.timeZone))
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
