/// A recurring goal: one instance a week from `from` through `until`, until stopped.
///
/// Instances are virtual (made from the rule when a board asks) until their first check, edit
/// or removal materialises them (`goal.instantiated`); either way an instance's id is
/// `instanceID(rule:week:)`, the same on every clone.
public struct GoalRule: Sendable, Codable, Equatable, Identifiable {
    /// The only period so far.
    public static let weekly = "week"

    public var id: EntityID<GoalRule>
    public var title: String
    public var every: String
    /// First and last week with an instance (ISO weeks, `until` nil: no end).
    public var from: String
    public var until: String?
    /// The first week without an instance after `goal stop` (nil: running).
    public var stoppedFrom: String?
    public var createdBy: String
    public var createdAt: String
    public var clock: Int

    public var shortID: String { id.short }

    /// Whether `week` has an instance of this rule.
    public func isActive(in week: ISOWeek) -> Bool {
        guard let first = ISOWeek(parsing: from), first <= week else { return false }
        if let until, let last = ISOWeek(parsing: until), week > last { return false }
        if let stoppedFrom, let stop = ISOWeek(parsing: stoppedFrom), week >= stop { return false }
        return true
    }

    /// The last week with an instance, nil when the rule has no end.
    public var lastWeek: ISOWeek? {
        let ends = [until.flatMap(ISOWeek.init(parsing:)),
                    stoppedFrom.flatMap(ISOWeek.init(parsing:)).map { ISOWeek(containing: $0.start.adding(days: -1)) }]
        return ends.compactMap { $0 }.min()
    }

    /// The instance of `week` as it is before any change: open, titled and dated like the rule,
    /// ordered by the rule's clock (so it sorts the same whichever clone materialised it).
    public func instance(of week: ISOWeek) -> Goal {
        Goal(id: Self.instanceID(rule: id, week: week), title: title, week: week.description, sprint: nil, done: false,
             removed: false, createdBy: createdBy, createdAt: createdAt, clock: clock)
    }

    /// The id of the rule's instance of `week`: `EventID.make` (the deterministic FNV-1a id the
    /// in-memory store uses) over `goal-instance|<rule id>|<week>`, the same on every clone.
    public static func instanceID(rule: GoalRule.ID, week: ISOWeek) -> Goal.ID {
        Goal.ID(EventID.make(seed: "goal-instance|\(rule)|\(week)"))
    }
}

extension TeamState {
    /// Recurring goals that still have a week to come or had any, by creation order.
    public var liveGoalRules: [GoalRule] {
        goalRules.values { rule in
            // A rule stopped from its first week (an undone `goal add --every`) never had an instance.
            guard let stop = rule.stoppedFrom else { return true }
            return stop > rule.from
        }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// The goals of `week` as a board shows them: the week's own goals and each running rule's
    /// instance (materialised or virtual). A materialised instance whose rule no longer runs
    /// that week is hidden.
    func goalsWithInstances(in week: ISOWeek) -> [Goal] {
        let key = week.description
        return goalsWithInstances(in: week, rules: goalRules.values { _ in true },
                                  weekGoals: goals.values { !$0.removed && $0.week == key })
    }

    /// `goalsWithInstances(in:)` from the rules and the week's live goals, already selected (a
    /// view of every week selects them all in one pass).
    func goalsWithInstances(in week: ISOWeek, rules: [GoalRule], weekGoals: [Goal]) -> [Goal] {
        let key = week.description
        let slots = rules.map { ($0, GoalRule.instanceID(rule: $0.id, week: week)) }
        let slotIDs = Set(slots.map(\.1))
        var found = weekGoals.filter { !slotIDs.contains($0.id) }
        for (rule, id) in slots where rule.isActive(in: week) {
            if let goal = goals[id] {
                if !goal.removed && goal.week == key { found.append(goal) }
            } else {
                found.append(rule.instance(of: week))
            }
        }
        return found.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// One week's instance of a rule, materialised or not.
    public struct InstanceSlot: Sendable {
        public var rule: GoalRule.ID
        public var goal: Goal
        public var materialised: Bool
    }

    /// The instances of every running rule from 26 weeks before `week` to 8 weeks after it:
    /// what a user can name by id (boards show those weeks). Removed ones are left out.
    public func instanceSlots(around week: ISOWeek) -> [InstanceSlot] {
        let first = ISOWeek(containing: week.start.adding(days: -26 * 7))
        var slots: [InstanceSlot] = []
        for rule in liveGoalRules {
            var current = first
            for _ in 0..<35 {
                if rule.isActive(in: current) {
                    let id = GoalRule.instanceID(rule: rule.id, week: current)
                    if let goal = goals[id] {
                        if !goal.removed { slots.append(InstanceSlot(rule: rule.id, goal: goal, materialised: true)) }
                    } else {
                        slots.append(InstanceSlot(rule: rule.id, goal: rule.instance(of: current), materialised: false))
                    }
                }
                current = ISOWeek(containing: current.start.adding(days: 7))
            }
        }
        return slots
    }

    /// Finds a recurring goal by title (case-insensitive, NFC) or id prefix.
    public func goalRule(named text: String) throws -> GoalRule {
        try Lookup.resolve(text, in: liveGoalRules, kind: .recurringGoal, id: \.id, names: { [$0.title] },
                           label: { "every \($0.every) from \($0.from)  \($0.title)" })
    }
}
