import Foundation
import TeamflowCore

/// When an item of a burndown's scope was open: from the day it was added to the day it was
/// done or removed (days in the session's zone; nil means never).
struct ItemSpan: Equatable {
    /// The day it was added; nil when its time cannot be read (then it counts from the start).
    var added: Day?
    /// The day it was done, if it is done.
    var done: Day?
    /// The day it (or an ancestor task) was removed, if it is removed.
    var removed: Day?

    /// Whether the item was open at the end of `day`.
    func isOpen(atEndOf day: Day) -> Bool {
        if let added, added > day { return false }
        if let done, done <= day { return false }
        if let removed, removed <= day { return false }
        return true
    }
}

/// The spans of every task and goal in a burndown's scope, removed ones included (they were
/// open until their removal).
struct ItemSpans {
    var spans: [ItemSpan] = []

    init(state: TeamState, scope: BurndownScope, timeZone: TimeZone) {
        var days = DayCache(timeZone: timeZone)
        let taskInScope: (TeamTask) -> Bool
        let goalInScope: (Goal) -> Bool
        switch scope {
        case .week(let week):
            let key = week.description
            taskInScope = { $0.week == key }
            goalInScope = { $0.week == key }
        case .sprint(let id):
            // Hand-written goals may name the sprint instead of its id (as `goals(in:)` reads them).
            let name = state.sprints[id].map { Lookup.normalize($0.name) }
            taskInScope = { $0.sprint == id }
            goalInScope = { goal in goal.sprint.map { $0 == id || Lookup.normalize($0) == name } ?? false }
        }
        var out: [ItemSpan] = []
        _ = state.tasks.values { task in
            guard taskInScope(task), let removed = Self.removal(of: task, in: state, days: &days) else { return false }
            out.append(ItemSpan(added: days.day(task.createdAt), done: days.day(task.doneAt), removed: removed))
            return false
        }
        _ = state.goals.values { goal in
            guard goalInScope(goal) else { return false }
            out.append(ItemSpan(added: days.day(goal.createdAt), done: days.day(goal.doneAt), removed: days.day(goal.removedAt)))
            return false
        }
        // Carried out of a week (`week carry`): the task stays in that week's scope as work not
        // done there, open to the week's end (a burndown that dropped it would look better than
        // the week was); the week it went to counts it from its start, through `week` above.
        if case .week(let week) = scope {
            let key = week.description
            _ = state.tasks.values { task in
                // Only open, live tasks are carried, so a later removal or check happened in
                // another week: here it stays open.
                guard task.week != key, task.isCarried(outOf: key),
                      Self.removal(of: task, in: state, days: &days) != nil else { return false }
                out.append(ItemSpan(added: days.day(task.createdAt), done: nil, removed: nil))
                return false
            }
        }
        spans = out
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
