import Charts
import Foundation
import TeamflowCore

/// What a burndown counts: the items of one ISO week, or of one sprint (by its id).
public enum BurndownScope: Sendable, Equatable {
    /// Tasks and goals whose `week` is this week.
    case week(ISOWeek)
    /// Tasks whose `sprint` is this sprint's id, and goals of the sprint (by id or name).
    case sprint(String)
}

/// Velocity and burndown series derived from a cached `TeamState` (issue 15): the items'
/// history (`createdAt`, `doneAt`, `removedAt`) is folded into the state, so no event is
/// replayed. Days and weeks are those of `timeZone` (the session's `TZ`). docs/CHARTS.md
/// describes the rules.
public enum Insights {
    /// The longest velocity asked for (ten years of weeks): bounds the work and the output.
    public static let maxWeeks = 520
    /// The longest burndown range, in days.
    public static let maxDays = 400

    /// Items (tasks and goals) done per ISO week, for the `weeks` weeks ending with `week`
    /// (oldest first), with each live member's tasks; with `member` (a member id) only that
    /// member's tasks count and the series names only that member. An item counts in the week
    /// its `doneAt` falls in; removed items count nowhere. `weeks` is clamped to 1...`maxWeeks`.
    public static func velocity(_ state: TeamState, endingAt week: ISOWeek, weeks: Int, member: String?,
                                timeZone: TimeZone) -> VelocitySeries {
        let count = min(max(weeks, 1), maxWeeks)
        let periods = (0..<count).reversed().map { ISOWeek(containing: week.start.adding(days: -7 * $0)) }
        let slot = Dictionary(uniqueKeysWithValues: periods.enumerated().map { ($1, $0) })
        let members = member.map { id in state.members[id].map { [$0] } ?? [] } ?? state.liveMembers
        let column = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.id, $0) })
        var done = [Int](repeating: 0, count: count)
        var byMember = [[Int]](repeating: [Int](repeating: 0, count: members.count), count: count)
        var days = DayCache(timeZone: timeZone)
        // Cheap string test first: a written date is at most a day off the date in `timeZone`.
        let window = (periods[0].start.adding(days: -1).description, week.end.adding(days: 1).description)
        func index(of doneAt: String?) -> Int? {
            guard let doneAt else { return nil }
            let written = doneAt.prefix(10)
            guard written >= window.0, written <= window.1, let day = days.day(doneAt) else { return nil }
            return slot[ISOWeek(containing: day)]
        }
        _ = state.tasks.values { task in
            guard member == nil || task.member == member, let at = index(of: task.doneAt), state.isLive(task) else { return false }
            done[at] += 1
            if let id = task.member, let col = column[id] { byMember[at][col] += 1 }
            return false
        }
        if member == nil {
            _ = state.goals.values { goal in
                if !goal.removed, let at = index(of: goal.doneAt) { done[at] += 1 }
                return false
            }
        }
        return VelocitySeries(periods: periods.indices.map {
            VelocitySeries.Period(label: periods[$0].description, done: done[$0], byMember: byMember[$0])
        }, members: members.map(\.name))
    }

    /// Open items at the end of each day from `from` to `to` (at most `maxDays`), in `scope`:
    /// an item counts from the day it was added until the day it was done or removed. `total`
    /// is the count at the end of the day before `from`; days after `today` have no value
    /// (today's is the count so far); the ideal line falls from `total` to 0 over Monday to
    /// Friday.
    public static func burndown(_ state: TeamState, from: Day, to: Day, today: Day, scope: BurndownScope,
                                timeZone: TimeZone) -> BurndownSeries {
        series(ItemSpans(state: state, scope: scope, timeZone: timeZone).spans, from: from, to: to, today: today)
    }

    /// The burndown of items with these spans (see `burndown`).
    static func series(_ spans: [ItemSpan], from: Day, to: Day, today: Day) -> BurndownSeries {
        func open(atEndOf day: Day) -> Int { spans.reduce(0) { $0 + ($1.isOpen(atEndOf: day) ? 1 : 0) } }
        var days: [(day: String, open: Int?, working: Bool)] = []
        var day = from
        while day <= to, days.count < maxDays {
            let monday = ISOWeek(containing: day).start
            let weekend = day == monday.adding(days: 5) || day == monday.adding(days: 6)
            days.append((day.description, day > today ? nil : open(atEndOf: day), !weekend))
            day = day.adding(days: 1)
        }
        let marked = from <= today && today <= to ? today.description : nil
        return BurndownSeries(total: open(atEndOf: from.adding(days: -1)), days: days, today: marked)
    }
}
