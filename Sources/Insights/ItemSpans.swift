import Foundation
import TeamflowCore

/// When an item was in a burndown's scope and when it was done (days in the session's zone;
/// nil means never): in scope from the day it came in (added, or carried in) until the day it
/// left (removed, or carried out of a sprint), open until it was done.
struct ItemSpan: Equatable {
    /// The day it came into scope; nil when its time cannot be read (then it counts from the start).
    var added: Day?
    /// The day it was done, if it is done.
    var done: Day?
    /// The day it left scope (it or an ancestor task was removed, or it was carried out of the
    /// sprint), if it did.
    var removed: Day?
    /// What the item counts for: 1 when items are counted, its points when points are.
    var weight = 1

    /// The same span counting `weight`.
    func weighted(_ weight: Int) -> ItemSpan {
        var span = self
        span.weight = weight
        return span
    }

    /// Whether the item was in scope at the end of `day` (open or done).
    func inScope(atEndOf day: Day) -> Bool {
        if let added, added > day { return false }
        if let removed, removed <= day { return false }
        return true
    }

    /// Whether the item was in scope and not done at the end of `day`.
    func isOpen(atEndOf day: Day) -> Bool {
        if let done, done <= day { return false }
        return inScope(atEndOf: day)
    }
}

/// The spans of every task and goal in a burndown's scope, removed ones included (they were
/// in scope until their removal).
struct ItemSpans {
    var spans: [ItemSpan] = []

    init(state: TeamState, scope: BurndownScope, timeZone: TimeZone, measure: Measure = .items) {
        var days = DayCache(timeZone: timeZone)
        switch scope {
        case .week(let week):
            spans = Self.week(week.description, state: state, days: &days, measure: measure)
        case .sprint(let id):
            guard let sprint = state.sprints[id] else { return }
            spans = Self.sprint(sprint, state: state, days: &days, measure: measure)
        }
    }

    /// A week's tasks and goals (`week` is the week). A task carried out of the week (`week
    /// carry`) stays in its scope as work not done there, open to the week's end, as the week's
    /// board keeps it ("carried → W", never done): a burndown that dropped it would look better
    /// than the week was. A task carried in counts from the carry.
    static func week(_ key: String, state: TeamState, days: inout DayCache, measure: Measure) -> [ItemSpan] {
        var out: [ItemSpan] = []
        _ = state.tasks.values { task in
            guard task.week == key || task.isCarried(outOf: key),
                  let removed = removal(of: task, in: state, days: &days) else { return false }
            out.append(weekSpan(of: task, in: key, removed: removed, days: &days).weighted(measure.weight(of: task)))
            return false
        }
        _ = state.goals.values { goal in
            // A goal carried out of the week stays as work not done there, as a task does.
            if goal.isCarried(outOf: key), !goal.removed {
                out.append(ItemSpan(added: days.day(goal.createdAt), done: nil, removed: nil).weighted(measure.weight(of: goal)))
                return false
            }
            guard goal.week == key else { return false }
            out.append(span(of: goal, days: &days).weighted(measure.weight(of: goal)))
            return false
        }
        return out
    }

    /// The span of a task filed in week `key` or carried out of it (`removed`: its removal day).
    static func weekSpan(of task: TeamTask, in key: String, removed: Day?, days: inout DayCache) -> ItemSpan {
        let carriedIn = task.carries.last { $0.to == key }.flatMap { days.day($0.at) }
        let added = latest(days.day(task.createdAt), carriedIn)
        // Only open, live tasks are carried, so a later removal or check happened in another
        // week: here it stays open.
        guard task.week == key else { return ItemSpan(added: added, done: nil, removed: nil) }
        return ItemSpan(added: added, done: days.day(task.doneAt), removed: removed)
    }

    /// A sprint's tasks and goals: exactly those `SprintMembership` (the sprint board's rule)
    /// says belong, each from the time it came in. A task placed by its own week follows its
    /// carries: it comes in when it is added in (or carried into) a week of the sprint and
    /// leaves when it is carried to a week after it, which the board no longer shows.
    static func sprint(_ sprint: Sprint, state: TeamState, days: inout DayCache, measure: Measure) -> [ItemSpan] {
        var membership = SprintMembership(sprint, in: state)
        var out: [ItemSpan] = []
        _ = state.tasks.values { task in
            let placement = membership.placement(of: task)
            if case .byWeek(own: _, ancestors: false) = placement, !task.carries.isEmpty {
                if let span = carriedSpan(of: task, membership: &membership, state: state, days: &days) {
                    out.append(span.weighted(measure.weight(of: task)))
                }
                return false
            }
            guard placement.belongs, let removed = removal(of: task, in: state, days: &days) else { return false }
            out.append(ItemSpan(added: days.day(task.createdAt), done: days.day(task.doneAt), removed: removed)
                .weighted(measure.weight(of: task)))
            return false
        }
        _ = state.goals.values { goal in
            guard membership.contains(goal) else { return false }
            out.append(span(of: goal, days: &days).weighted(measure.weight(of: goal)))
            return false
        }
        return out
    }

    /// A task that belongs to a sprint by its own week, or once did, followed through its
    /// carries: in from the first time its week was one of the sprint's, out when it was last
    /// carried from one of them to one that is not (then open until it left: only open tasks are
    /// carried). Nil when none of its weeks was the sprint's, or when it is hidden without a date.
    static func carriedSpan(of task: TeamTask, membership: inout SprintMembership, state: TeamState,
                            days: inout DayCache) -> ItemSpan? {
        guard let removed = removal(of: task, in: state, days: &days) else { return nil }
        var entered: String? = task.carries.first.map { membership.holdsWorkingDay(week: $0.from) } == true ? task.createdAt : nil
        var left: String?
        for carry in task.carries {
            let inside = membership.holdsWorkingDay(week: carry.to)
            if inside {
                if entered == nil { entered = carry.at }
                left = nil
            } else if membership.holdsWorkingDay(week: carry.from) {
                left = carry.at
            }
        }
        guard let entered else { return nil }
        let added = latest(days.day(task.createdAt), days.day(entered))
        if let left { return ItemSpan(added: added, done: nil, removed: days.day(left)) }
        return ItemSpan(added: added, done: days.day(task.doneAt), removed: removed)
    }

    static func span(of goal: Goal, days: inout DayCache) -> ItemSpan {
        ItemSpan(added: days.day(goal.createdAt), done: days.day(goal.doneAt), removed: days.day(goal.removedAt))
    }

    /// The later of two days (either may be unknown).
    static func latest(_ first: Day?, _ second: Day?) -> Day? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }

    /// The day of the earliest removal of a task or its ancestors: `.some(nil)` for a live
    /// one; nil (leave it out) for one hidden without a date (an ancestor removed by a
    /// hand-written event that did not list it).
    static func removal(of task: TeamTask, in state: TeamState, days: inout DayCache) -> Day?? {
        var earliest = days.day(task.removedAt)
        var parent = task.parent
        var steps = 0
        // Bounded like `isLive`: a damaged state's cycle cannot loop forever.
        while let id = parent, steps <= state.tasks.count, let item = state.tasks[id] {
            if let day = days.day(item.removedAt), earliest.map({ day < $0 }) ?? true { earliest = day }
            parent = item.parent
            steps += 1
        }
        if earliest == nil, !state.isLive(task) { return nil }
        return .some(earliest)
    }
}

/// Timestamps to days in one zone, each distinct text parsed once (a history's events often
/// share their times, and a scope's items their days).
struct DayCache {
    let timeZone: TimeZone
    private var known: [String: Day] = [:]

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The day `text` (RFC 3339) falls on; nil for nil or unreadable text.
    mutating func day(_ text: String?) -> Day? {
        guard let text, !text.isEmpty else { return nil }
        if let day = known[text] { return day }
        guard let date = Timestamp.parse(text) else { return nil }
        let day = Day(date: date, timeZone: timeZone)
        known[text] = day
        return day
    }
}
