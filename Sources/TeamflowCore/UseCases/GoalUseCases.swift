/// Weekly team goals: add, check, uncheck, edit, remove, list.
public struct GoalUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds a goal to a week (default: the current one). `until` belongs to recurring goals
    /// (`addRecurring`): given here, it is wrong usage rather than silently ignored.
    @discardableResult
    public func add(title: String, week: String? = nil, sprint: String? = nil, until: String? = nil, member: String? = nil) throws -> Goal {
        guard until == nil else {
            throw TeamflowError(.usage, "a last week needs a recurring goal", reason: .invalidText(.until, of: .recurringGoal))
        }
        let title = try Validate.title(title)
        // A sprint goal is named by the sprint's id, like a sprint task; it lives in the
        // sprint's first week unless a week is given.
        let sprint = try sprint.map { try SprintUseCases.resolve($0, in: repository.state()) }
        let week = try week.map { try session.week($0) } ?? sprint.map { ISOWeek(containing: $0.from) } ?? session.currentWeek
        // The owner, like a task's member: a name, handle, id prefix or `me`.
        let owner = try member.map { try session.member($0, in: repository.state()) }
        let added = GoalAdded(title: title, week: week.description, sprint: sprint?.id.rawValue, member: owner?.id)
        let events = try context.record([EventDraft(added, summary: "goal: add \"\(title)\" (\(week))")])
        // Folded alone: a goal depends on nothing else, and an add need not load the whole state.
        var state = TeamState()
        state.apply(events)
        return try readBack(events.first.flatMap { state.goals[$0.id] }, "goal")
    }

    /// Gives a goal an owner (`who`: a name, handle, id prefix or `me`), or none (`who` nil).
    @discardableResult
    public func assign(_ text: String, to who: String?) throws -> Goal {
        let state = try repository.state()
        let (goal, drafts) = try resolve(text, in: state)
        let member = try who.map { try session.member($0, in: state) }
        let summary = "goal: assign \"\(goal.title)\" to \(member?.name ?? "no one")"
        _ = try context.record(Batch.mark(drafts + [EventDraft(GoalAssigned(goal: goal.id, member: member?.id), summary: summary)],
                                          state: state, session: session))
        return try readBack(try repository.state().goals[goal.id], "goal")
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

    /// Changes a goal's title, week or sprint (`noSprint` takes it out of its sprint).
    @discardableResult
    public func edit(_ idPrefix: String, title: String?, week: String?, sprint: String? = nil, noSprint: Bool = false) throws -> Goal {
        let state = try repository.state()
        let (found, drafts) = try resolve(idPrefix, in: state)
        var goal = found
        var edit = GoalEdited(goal: goal.id)
        if let title { goal.title = try Validate.title(title); edit.title = goal.title }
        if let week { goal.week = try session.week(week).description; edit.week = goal.week }
        edit.sprint = try SprintUseCases.patch(sprint, clear: noSprint, in: state)
        edit.sprint.apply(to: &goal.sprint)
        guard edit.data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give a title, a week or a sprint."],
                                reason: .nothingToChange([.title, .week, .sprint, .noSprint]))
        }
        _ = try context.record(drafts + [EventDraft(edit, summary: "goal: edit \(goal.shortID)")])
        return goal
    }

    /// Removes a goal (a new event; the history keeps it). For a recurring goal's instance,
    /// only that week's.
    @discardableResult
    public func remove(_ idPrefix: String) throws -> Goal {
        try readBack(remove([idPrefix]).first, "goal")
    }

    /// Removes several goals in one commit (a recurring goal's instance: that week's only);
    /// any unknown or ambiguous id writes nothing.
    @discardableResult
    public func remove(_ idPrefixes: [String]) throws -> [Goal] {
        let state = try repository.state()
        let found = try context.resolveAll(idPrefixes, id: { (item: Resolved) in item.goal.id }) { try resolve($0, in: state) }
        let drafts = found.flatMap { item in
            item.drafts + [EventDraft(GoalRemoved(id: item.goal.id), summary: "goal: remove \"\(item.goal.title)\"")]
        }
        _ = try context.record(Batch.mark(drafts, state: state, session: session))
        return found.map { item in
            var gone = item.goal
            gone.removed = true
            return gone
        }
    }

    /// The live goals of a week, in the order they were added (recurring goals' instances included).
    public func list(week: String? = nil) throws -> [Goal] {
        try repository.state().goals(in: session.week(week))
    }

    /// Resolves an id prefix, a title or a unique part of one among live goals and the
    /// instances of recurring goals; a title names this week's goal first.
    public func find(_ idPrefix: String) throws -> Goal {
        try resolve(idPrefix, in: try repository.state()).goal
    }

    /// A goal named by an id prefix, with the drafts that must be written before any change to it.
    typealias Resolved = (goal: Goal, drafts: [EventDraft])

    /// The goal `idPrefix` names, with the drafts that must be written before any change to it:
    /// `goal.instantiated` for a recurring goal's instance that is still virtual.
    func resolve(_ idPrefix: String, in state: TeamState) throws -> Resolved {
        let virtual = state.instanceSlots(around: session.currentWeek).filter { !$0.materialised }
        let goals = state.goals.values { !$0.removed } + virtual.map(\.goal)
        let goal: Goal
        let thisWeek = session.currentWeek.description
        let label = { (goal: Goal) in "\(goal.week)  \(goal.title)" }
        do {
            // A recurring goal repeats its title every week: the title names this week's first.
            goal = try Lookup.resolve(idPrefix, in: goals, kind: .goal, id: \.id, names: { [$0.title] }, label: label,
                                      where: { $0.week == thisWeek })
        } catch let error as TeamflowError where error.kind == .notFound {
            goal = try Lookup.resolve(idPrefix, in: goals, kind: .goal, id: \.id, names: { [$0.title] }, label: label)
        }
        guard let slot = virtual.first(where: { $0.goal.id == goal.id }), let week = ISOWeek(parsing: goal.week) else {
            return (goal, [])
        }
        let made = GoalInstantiated(rule: slot.rule, week: week)
        return (goal, [EventDraft(made, summary: "goal: materialise \"\(goal.title)\" (\(week))")])
    }

    private func setDone(_ idPrefixes: [String], done: Bool) throws -> [Goal] {
        let state = try repository.state()
        let found = try context.resolveAll(idPrefixes, id: { (item: Resolved) in item.goal.id }) { try resolve($0, in: state) }
        let drafts = found.flatMap { item in
            let summary = "goal: \(done ? "check" : "uncheck") \"\(item.goal.title)\""
            return item.drafts + [done ? EventDraft(GoalChecked(goal: item.goal.id), summary: summary)
                                       : EventDraft(GoalUnchecked(goal: item.goal.id), summary: summary)]
        }
        let events = try context.record(Batch.mark(drafts, state: state, session: session))
        // Folded by hand (no state read again): dates each check as the fold does (history).
        return found.map { item in
            var changed = item.goal
            let checked = { (event: Event) in
                done ? event.type == GoalChecked.type && GoalChecked(data: event.data)?.goal == item.goal.id
                     : event.type == GoalUnchecked.type && GoalUnchecked(data: event.data)?.goal == item.goal.id
            }
            let at = events.last(where: checked)?.at ?? ""
            changed.setDone(done, at: at)
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
            throw TeamflowError(.usage, "the title is empty", reason: .invalidText(.title, of: .goal))
        }
        return trimmed
    }
}
