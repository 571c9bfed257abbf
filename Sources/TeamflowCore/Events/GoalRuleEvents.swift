/// `goal.repeated`: a recurring goal (a rule). Every week from `from` (through `until`, and
/// before the week it was stopped from) shows an instance whose id is derived from the rule's
/// id and the week (`GoalRule.instanceID`), so clones never make two instances of one week.
public struct GoalRepeated: TeamEvent {
    public static let type = EventType.goalRepeated
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("title"), EventSchema.r("every"), EventSchema.r("from"), EventSchema.o("until")]

    public var title: String
    /// The period: `week` (the only one so far; a rule with another is ignored).
    public var every: String
    /// The first week with an instance, and the last one (nil: no end).
    public var from: ISOWeek
    public var until: ISOWeek?

    public init(title: String, every: String = GoalRule.weekly, from: ISOWeek, until: ISOWeek? = nil) {
        self.title = title
        self.every = every
        self.from = from
        self.until = until
    }

    public init?(data: Fields) {
        guard let title = data.string("title"), let every = data.string("every"), every == GoalRule.weekly,
              let from = data.string("from").flatMap(ISOWeek.init(parsing:)) else { return nil }
        self.init(title: title, every: every, from: from, until: data.string("until").flatMap(ISOWeek.init(parsing:)))
    }

    public var data: Fields {
        var data: Fields = ["title": .string(title), "every": .string(every), "from": .string(from.description)]
        data.put("until", until?.description)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        state.goalRules[event.id as String] = GoalRule(id: .init(event.id), title: title, every: every, from: from.description,
                                             until: until?.description, stoppedFrom: nil, createdBy: event.author.name,
                                             createdAt: event.at, clock: event.clock)
    }

    /// Stopping the rule from its first week leaves it no instance (materialised ones included).
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(GoalStopped.type, key: "rule", id: event.id, ["from": .string(from.description)], undoing: event)
    }
}

/// `goal.stopped`: the rule has no instance from `from` on; `null` resumes it. Last writer wins.
public struct GoalStopped: TeamEvent {
    public static let type = EventType.goalStopped
    public static let concurrentWrites: ConcurrentWrites = .key(of: "rule", field: "stopped from", from: "from")
    public static let keys = [EventSchema.r("rule"), EventSchema.o("from")]

    public var rule: EntityID<GoalRule>
    public var from: ISOWeek?

    public init(rule: EntityID<GoalRule>, from: ISOWeek?) {
        self.rule = rule
        self.from = from
    }

    public init?(data: Fields) {
        guard let rule: EntityID<GoalRule> = data.id("rule") else { return nil }
        self.init(rule: rule, from: data.string("from").flatMap(ISOWeek.init(parsing:)))
    }

    public var data: Fields { ["rule": .string(rule.rawValue), "from": Compensation.optional(from?.description)] }

    public func fold(into state: inout TeamState, event: Event) {
        state.goalRules[rule]?.stoppedFrom = from?.description
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.goalRules[rule] else { return nil }
        return Compensation.draft(Self.type, key: "rule", id: rule, ["from": Compensation.optional(prior.stoppedFrom)],
                                  undoing: event)
    }
}

/// `goal.instantiated`: makes a rule's instance of `week` a goal like any other, just before
/// its first check, edit or removal (written in the same commit). Instances are virtual until
/// then. The goal's id is derived, not this event's, so two clones that both materialise the
/// same week fold into one goal: the first `goal.instantiated` in (clock, id) order creates it,
/// the others find it there and change nothing.
public struct GoalInstantiated: TeamEvent {
    public static let type = EventType.goalInstantiated
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("rule"), EventSchema.r("week")]
    public static let notUndoable: String? = "it only makes a recurring goal's instance real for the change written with it; undo that change"

    public var rule: EntityID<GoalRule>
    public var week: ISOWeek

    public init(rule: EntityID<GoalRule>, week: ISOWeek) {
        self.rule = rule
        self.week = week
    }

    public init?(data: Fields) {
        guard let rule: EntityID<GoalRule> = data.id("rule"), let week = data.string("week").flatMap(ISOWeek.init(parsing:)) else { return nil }
        self.init(rule: rule, week: week)
    }

    public var data: Fields { ["rule": .string(rule.rawValue), "week": .string(week.description)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard let rule = state.goalRules[rule] else { return }
        let id = GoalRule.instanceID(rule: rule.id, week: week)
        guard state.goals[id] == nil else { return }
        state.goals[id] = rule.instance(of: week)
    }
}
