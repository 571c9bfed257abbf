/// `goal.assigned`: who owns a goal (`member`: a member id; `null` clears). Last writer wins.
public struct GoalAssigned: TeamEvent {
    public static let type = EventType.goalAssigned
    public static let concurrentWrites: ConcurrentWrites = .key(of: "goal", field: "member", from: "member")
    public static let keys = [EventSchema.r("goal"), EventSchema.o("member")]

    public var goal: EntityID<Goal>
    /// The member's id; nil clears the owner (written as `null`).
    public var member: EntityID<Member>?

    public init(goal: EntityID<Goal>, member: EntityID<Member>?) {
        self.goal = goal
        self.member = member
    }

    public init?(data: Fields) {
        guard let goal: EntityID<Goal> = data.id("goal") else { return nil }
        self.init(goal: goal, member: data.id("member"))
    }

    public var data: Fields { ["goal": .string(goal.rawValue), "member": Compensation.optional(member)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.goals.contains(goal, where: { !$0.removed }) else { return }
        state.goals[goal]?.member = member
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.goals[goal] else { return nil }
        return Compensation.draft(Self.type, key: "goal", id: goal, ["member": Compensation.optional(prior.member)], undoing: event)
    }
}

/// `goal.carried` / `goal.uncarried`: `week carry` moves a week's open goals to a later week as
/// it moves tasks (the same rule of weeks, `TaskCarryEvent.invalidReason`), and undo moves them back.
public protocol GoalCarryEvent: TeamEvent {
    var from: String { get }
    var to: String { get }
    var goals: [Goal.ID] { get }
    init(from: String, to: String, goals: [Goal.ID])
}

extension GoalCarryEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("from"), EventSchema.r("to"), EventSchema.r("goals", .list)] }

    public init?(data: Fields) {
        guard let from = data.string("from"), let to = data.string("to"), let goals: [Goal.ID] = data.ids("goals") else { return nil }
        self.init(from: from, to: to, goals: goals)
    }

    public var data: Fields { ["from": .string(from), "to": .string(to), "goals": .list(goals.map { .string($0.rawValue) })] }

    /// The weeks' rule of a task carry: forward, at most `TaskCarried.longestCarry` weeks.
    public var invalidReason: String? { TaskCarried(from: from, to: to, tasks: []).invalidReason }
}

/// `goal.carried`: each listed goal still filed in `from`, open and not removed moves to `to`
/// and records the move (`Goal.carries`); `from`'s board keeps it as carried.
public struct GoalCarried: GoalCarryEvent {
    public static let type = EventType.goalCarried
    public static let concurrentWrites: ConcurrentWrites = .none
    public var from: String
    public var to: String
    public var goals: [Goal.ID]

    public init(from: String, to: String, goals: [Goal.ID]) {
        self.from = from
        self.to = to
        self.goals = goals
    }

    func moves(_ goal: Goal) -> Bool { !goal.removed && !goal.done && goal.week == from }

    public func fold(into state: inout TeamState, event: Event) {
        for id in goals {
            guard var goal = state.goals[id], moves(goal) else { continue }
            goal.week = to
            goal.carries.append(TaskCarry(from: from, to: to, at: event.at))
            state.goals[id] = goal
        }
    }

    /// Moves back exactly the goals this event moved; nil when it moved none.
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let moved = goals.filter { id in before.goals[id].map(moves) ?? false }
        guard !moved.isEmpty else { return nil }
        return EventDraft(GoalUncarried(from: from, to: to, goals: moved), summary: "undo: \(Self.type) \(from) → \(to)")
    }
}

/// `goal.uncarried`: undo of a goal carry; each goal still where that carry put it goes back.
public struct GoalUncarried: GoalCarryEvent {
    public static let type = EventType.goalUncarried
    public static let concurrentWrites: ConcurrentWrites = .none
    public var from: String
    public var to: String
    public var goals: [Goal.ID]

    public init(from: String, to: String, goals: [Goal.ID]) {
        self.from = from
        self.to = to
        self.goals = goals
    }

    public func fold(into state: inout TeamState, event: Event) {
        for id in goals {
            guard var goal = state.goals[id], !goal.removed, goal.week == to,
                  let last = goal.carries.last, last.from == from, last.to == to else { continue }
            goal.week = from
            goal.carries.removeLast()
            state.goals[id] = goal
        }
    }

    /// Carrying them again (the fold skips any that are no longer open in `from`).
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        EventDraft(GoalCarried(from: from, to: to, goals: goals), summary: "undo: \(Self.type) \(from) → \(to)")
    }
}

extension Goal: Carried {}
