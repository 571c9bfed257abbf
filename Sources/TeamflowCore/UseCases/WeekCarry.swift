/// `week carry`: Monday's move of last week's unfinished work (tasks and goals) to this week, in
/// one commit and one `undo`. The week it leaves keeps the record (`TeamTask.carries`,
/// `Goal.carries`).
public struct WeekUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What a carry moved: the weeks, and the moved tasks as they are now (in `to`).
    public struct Carried: Sendable, Equatable {
        public var from: ISOWeek
        public var to: ISOWeek
        public var tasks: [TeamTask]
        /// The goals moved, as they are now (in `to`).
        public var goals: [Goal] = []
    }

    /// What a carry moves.
    public enum Scope: Sendable, Equatable {
        case all, tasksOnly, goalsOnly
    }

    /// Moves every open task of `from` (todo or doing, live; sub-tasks any depth included, done
    /// ones stay) to `to`. Defaults: `to` is the current week, `from` the week before `to`.
    /// Refused, appending nothing, when `to` is not after `from`, is more than
    /// `TaskCarried.longestCarry` weeks after it, or nothing is open in `from`.
    @discardableResult
    public func carry(from fromText: String? = nil, to toText: String? = nil, scope: Scope = .all) throws -> Carried {
        let to = try session.week(toText)
        let from = try fromText.map { try session.week($0) } ?? Self.week(before: to)
        guard from < to else {
            throw TeamflowError(.conflict, "cannot carry from \(from) into \(to): the week carried into must be later",
                                reason: .carryBackwards(from: from.description, to: to.description))
        }
        // The rule a synced carry is folded by (at most `longestCarry` weeks on): a command
        // never writes a carry the fold would ignore.
        if let reason = TaskCarried(from: from.description, to: to.description, tasks: []).invalidReason {
            throw TeamflowError(.usage, "cannot carry from \(from) into \(to): \(reason)",
                                reason: .carry(from: from.description, to: to.description))
        }
        let state = try repository.state()
        let open = scope == .goalsOnly ? [] : state.liveTasks { $0.week == from.description && !$0.done }
        // A recurring goal's instance is not carried: the rule has its next one already.
        let instances = Set(state.goalRules.values { _ in true }.map { GoalRule.instanceID(rule: $0.id, week: from) })
        let openGoals = scope == .tasksOnly ? [] : state.goals.values { goal in
            !goal.removed && !goal.done && goal.week == from.description && goal.sprint == nil && !instances.contains(goal.id)
        }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
        guard !open.isEmpty || !openGoals.isEmpty else {
            let already = state.liveTasks { $0.isCarried(outOf: from.description) }.count
                + state.goals.values { !$0.removed && $0.isCarried(outOf: from.description) }.count
            throw TeamflowError(.conflict, "nothing open in \(from) to carry",
                                hints: [already > 0 ? "\(already) item\(already == 1 ? " was" : "s were") already carried out of \(from); nothing was changed."
                                                    : "Nothing was changed."])
        }
        var drafts: [EventDraft] = []
        let count = [open.isEmpty ? nil : "\(open.count) task\(open.count == 1 ? "" : "s")",
                     openGoals.isEmpty ? nil : "\(openGoals.count) goal\(openGoals.count == 1 ? "" : "s")"].compactMap { $0 }
        let summary = "week: carry \(count.joined(separator: " and ")) \(from) → \(to)"
        if !open.isEmpty { drafts.append(EventDraft(TaskCarried(from: from.description, to: to.description, tasks: open.map(\.id)), summary: summary)) }
        if !openGoals.isEmpty { drafts.append(EventDraft(GoalCarried(from: from.description, to: to.description, goals: openGoals.map(\.id)), summary: summary)) }
        let after = try context.appendBatch(drafts, state: state)
        return Carried(from: from, to: to, tasks: try open.map { try readBack(after.tasks[$0.id], "task") },
                       goals: try openGoals.map { try readBack(after.goals[$0.id], "goal") })
    }

    /// The ISO week before `week`; refused before 0001-W01.
    static func week(before week: ISOWeek) throws -> ISOWeek {
        let previous = ISOWeek(containing: week.start.adding(days: -7))
        guard previous < week, previous.year >= 1 else {
            throw TeamflowError(.usage, "\(week) has no week before it", hints: ["Name the week to carry from."],
                                reason: .carry(from: week.description, to: week.description))
        }
        return previous
    }
}
