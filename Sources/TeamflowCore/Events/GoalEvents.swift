/// `goal.added`: a goal for a week (or a sprint).
public struct GoalAdded: TeamEvent {
    public static let type = EventType.goalAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("title"), EventSchema.r("week"), EventSchema.o("sprint"), EventSchema.o("done", .bool),
                              EventSchema.o("note"), EventSchema.o("member")]
    public static let bodyKeys: Set<String> = ["note"]

    public var title: String
    /// ISO week, e.g. `2024-W47`.
    public var week: String
    /// The sprint's id.
    public var sprint: String?
    /// Written by `import markdown`, which cannot name the new goal's id in a check event.
    public var done: Bool
    /// Lines a pasted page kept under the goal (`⇒ …`, indented text): Markdown, several lines.
    public var note: String?
    /// The owner's member id.
    public var member: EntityID<Member>?

    public init(title: String, week: String, sprint: String? = nil, done: Bool = false, note: String? = nil, member: EntityID<Member>? = nil) {
        self.title = title
        self.week = week
        self.sprint = sprint
        self.done = done
        self.note = note
        self.member = member
    }

    public init?(data: Fields) {
        guard let title = data.string("title"), let week = data.string("week") else { return nil }
        self.init(title: title, week: week, sprint: data.string("sprint"), done: data.bool("done") == true, note: data.string("note"),
                  member: data.id("member"))
    }

    public var data: Fields {
        var data: Fields = ["title": .string(title), "week": .string(week)]
        data.put("sprint", sprint)
        if done { data["done"] = .bool(true) }
        data.put("note", note)
        data.put("member", member)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        state.goals[event.id as String] = Goal(id: .init(event.id), title: title, week: week, sprint: sprint, done: done, removed: false,
                                     createdBy: event.author.name, createdAt: event.at, clock: event.clock,
                                     doneAt: done ? event.at : nil, note: note, member: member) // history
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(GoalRemoved.type, key: "goal", id: event.id, undoing: event)
    }
}

/// `goal.edited`: per-key last writer wins; a removed goal still takes edits.
public struct GoalEdited: TeamEvent {
    public static let type = EventType.goalEdited
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "goal")
    public static let keys = [EventSchema.r("goal"), EventSchema.o("title"), EventSchema.o("week"), EventSchema.o("sprint")]

    public var goal: EntityID<Goal>
    public var title: String?
    public var week: String?
    public var sprint: Patch<String>

    public init(goal: EntityID<Goal>, title: String? = nil, week: String? = nil, sprint: Patch<String> = .unchanged) {
        self.goal = goal
        self.title = title
        self.week = week
        self.sprint = sprint
    }

    public init?(data: Fields) {
        guard let goal: EntityID<Goal> = data.id("goal") else { return nil }
        self.init(goal: goal, title: data.string("title"), week: data.string("week"), sprint: data.patch("sprint"))
    }

    public var data: Fields {
        var data: Fields = ["goal": .string(goal.rawValue)]
        data.put("title", title)
        data.put("week", week)
        data.put("sprint", sprint)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.goals[goal] else { return }
        if let title { item.title = title }
        if let week { item.week = week }
        sprint.apply(to: &item.sprint)
        state.goals[goal] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let prior = before.goals[goal].map { g -> Fields in
            ["title": .string(g.title), "week": .string(g.week), "sprint": Compensation.optional(g.sprint)]
        }
        return Compensation.edit(event, key: "goal", id: goal, prior: prior)
    }
}

/// `goal.checked` / `goal.unchecked`: done or open again.
public protocol GoalDoneEvent: TeamEvent {
    static var done: Bool { get }
    var goal: EntityID<Goal> { get }
    init(goal: EntityID<Goal>)
}

extension GoalDoneEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("goal")] }
    public init?(data: Fields) {
        guard let goal: EntityID<Goal> = data.id("goal") else { return nil }
        self.init(goal: goal)
    }
    public var data: Fields { ["goal": .string(goal.rawValue)] }
    public func fold(into state: inout TeamState, event: Event) { state.goals[goal]?.setDone(Self.done, at: event.at) }

    /// The check or uncheck that gives the goal the state it had.
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.goals[goal] else { return nil }
        return Compensation.draft(prior.done ? GoalChecked.type : GoalUnchecked.type, key: "goal", id: goal, undoing: event)
    }
}

/// `goal.checked`: the goal is done.
public struct GoalChecked: GoalDoneEvent {
    public static let type = EventType.goalChecked
    public static let concurrentWrites: ConcurrentWrites = .value(of: "goal", field: "status", "done")
    public static let done = true
    public var goal: EntityID<Goal>
    public init(goal: EntityID<Goal>) { self.goal = goal }
}

/// `goal.unchecked`: the goal is open again.
public struct GoalUnchecked: GoalDoneEvent {
    public static let type = EventType.goalUnchecked
    public static let concurrentWrites: ConcurrentWrites = .value(of: "goal", field: "status", "open")
    public static let done = false
    public var goal: EntityID<Goal>
    public init(goal: EntityID<Goal>) { self.goal = goal }
}

/// `goal.removed`: hides the goal (the history keeps it).
public struct GoalRemoved: RemovalEvent {
    public static let type = EventType.goalRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "goal", removes = true, opposite = EventType.goalRestored
    public var id: Goal.ID
    public init(id: Goal.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Goal.ID, removed: Bool) { state.goals[id]?.removed = removed }
    public func fold(into state: inout TeamState, event: Event) { Goal.foldRemoval(&state, id: id, removed: true, at: event.at) }
}

/// `goal.restored`: shows the goal again (written by undo).
public struct GoalRestored: RemovalEvent {
    public static let type = EventType.goalRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "goal", removes = false, opposite = EventType.goalRemoved
    public var id: Goal.ID
    public init(id: Goal.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Goal.ID, removed: Bool) { state.goals[id]?.removed = removed }
    public func fold(into state: inout TeamState, event: Event) { Goal.foldRemoval(&state, id: id, removed: false, at: event.at) }
}

extension Goal {
    /// History: a removal sets `removed` and dates it (the first removal counts); a
    /// restore clears both. The goal removal events fold through this instead of `mark` alone.
    static func foldRemoval(_ state: inout TeamState, id: Goal.ID, removed: Bool, at: String) {
        state.goals[id]?.setRemoved(removed, at: at)
    }

    mutating func setRemoved(_ removed: Bool, at: String) {
        self.removed = removed
        removedAt = removed ? removedAt ?? at : nil
    }

    /// History: the check that made the goal done dates it (a second check keeps
    /// the first date); an uncheck clears it.
    mutating func setDone(_ done: Bool, at: String) {
        if !done {
            doneAt = nil
        } else if !self.done || doneAt == nil {
            doneAt = at
        }
        self.done = done
    }
}
