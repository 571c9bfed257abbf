/// Recurring goals: `goal add --every week [--until W]`, `goal stop RULE`, and the rules' list.
extension GoalUseCases {
    /// Adds a recurring goal with an instance every week from `week` (default: this one)
    /// through `until` (default: no end). `every` other than `week` is wrong usage.
    @discardableResult
    public func addRecurring(title: String, every: String, week: String? = nil, until: String? = nil,
                             sprint: String? = nil) throws -> GoalRule {
        guard Lookup.normalize(every) == GoalRule.weekly else {
            throw TeamflowError(.usage, "goals can recur every week only, not '\(every)'",
                                reason: .invalidText(.every, of: .recurringGoal))
        }
        guard sprint == nil else {
            throw TeamflowError(.usage, "a recurring goal cannot be in a sprint", hints: ["Give one of them."],
                                reason: .contradicting(.every, .sprint))
        }
        let title = try Validate.title(title)
        let first = try session.week(week)
        let last = try until.map { try session.week($0) }
        if let last, last < first {
            throw TeamflowError(.usage, "the goal would end (\(last)) before it starts (\(first))",
                                hints: ["Give a last week from \(first) on."], reason: .invalidValue(.until, text: last.description))
        }
        let rule = GoalRepeated(title: title, from: first, until: last)
        let events = try context.record([EventDraft(rule, summary: "goal: add \"\(title)\" every week from \(first)")])
        // Folded alone, as `add` does: a rule depends on nothing else.
        var state = TeamState()
        state.apply(events)
        return try readBack(events.first.flatMap { state.goalRules[$0.id] }, "recurring goal")
    }

    /// Stops a recurring goal from the current week on (this week's instance goes too; earlier
    /// weeks keep theirs). `text` names the rule by title or id, or one of its instances by id.
    @discardableResult
    public func stop(_ text: String) throws -> GoalRule {
        let state = try repository.state()
        var rule = try stopTarget(text, in: state)
        let week = session.currentWeek
        if let stop = rule.stoppedFrom.flatMap(ISOWeek.init(parsing:)), stop <= week {
            throw TeamflowError(.conflict, "the recurring goal '\(rule.title)' is already stopped (no instance from \(stop) on)",
                                hints: ["Nothing was changed."])
        }
        if let last = rule.lastWeek, last < week {
            throw TeamflowError(.conflict, "the recurring goal '\(rule.title)' already ended with \(last)",
                                hints: ["Nothing was changed."])
        }
        _ = try context.record([EventDraft(GoalStopped(rule: rule.id, from: week), summary: "goal: stop \"\(rule.title)\" from \(week)")])
        rule.stoppedFrom = week.description
        return rule
    }

    /// Recurring goals that have or had instances, in the order they were added.
    public func rules() throws -> [GoalRule] {
        try repository.state().liveGoalRules
    }

    /// The rule `text` names: by title or id first, else by one of its instances' ids.
    private func stopTarget(_ text: String, in state: TeamState) throws -> GoalRule {
        do {
            return try state.goalRule(named: text)
        } catch let error as TeamflowError where error.kind == .notFound {
            let slots = state.instanceSlots(around: session.currentWeek)
            guard let slot = try? ShortID.resolve(text, in: slots, kind: .goal, id: \.goal.id, label: { $0.goal.title }),
                  let rule = state.goalRules[slot.rule] else {
                throw TeamflowError(.notFound, "no recurring goal '\(text)'",
                                    hints: ["Name it by its title, its id, or the id of one of its weekly goals."]
                                        + error.hints.filter { $0.hasPrefix("  ") },
                                    candidates: error.candidates,
                                    reason: .notFound(.recurringGoal, text: text, nearest: error.candidates))
            }
            return rule
        }
    }
}
