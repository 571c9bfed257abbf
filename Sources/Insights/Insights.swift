public import Charts
public import Foundation
public import TeamflowCore

/// What a burndown counts: the items of one ISO week, or of one sprint (by its id).
public enum BurndownScope: Sendable, Equatable {
    /// Tasks and goals whose `week` is this week, and tasks carried out of it.
    case week(ISOWeek)
    /// The tasks and goals the sprint's board shows (`SprintMembership`), removed ones until
    /// their removal.
    case sprint(Sprint.ID)
}

/// What velocity and burndowns count: items (tasks and goals, one each), or the tasks' points
/// (their estimates; a task without one, and a goal, count 0).
public enum Measure: String, Sendable, Equatable, CaseIterable {
    case items, points

    func weight(of task: TeamTask) -> Int { self == .items ? 1 : task.points ?? 0 }
    func weight(of goal: Goal) -> Int { self == .items ? 1 : 0 }
}

/// Velocity and burndown series derived from a cached `TeamState`: the items'
/// history (`createdAt`, `doneAt`, `removedAt`, carries) is folded into the state, so no event
/// is replayed. Days and weeks are those of `timeZone` (the session's `TZ`). docs/CHARTS.md
/// describes the rules.
public enum Insights {
    /// The longest velocity asked for (ten years of weeks): bounds the work and the output.
    public static let maxWeeks = 520
    /// The longest burndown range, in days.
    public static let maxDays = 400

    /// Items (tasks and goals) done per ISO week, oldest first, for the `weeks` weeks ending
    /// with `week` but never before the team's first week (the earliest week an item was added
    /// in or filed for): weeks before the team existed would only pull the average down. At
    /// least `week` itself is kept. Each live member's tasks are counted too; with `member` (a
    /// member id) only that member's tasks count and the series names only that member (the
    /// first week is then the team's first task's). An item counts in the week its `doneAt` falls in;
    /// removed items count nowhere. `weeks` is clamped to 1...`maxWeeks`.
    public static func velocity(_ state: TeamState, endingAt week: ISOWeek, weeks: Int, member: Member.ID?,
                                timeZone: TimeZone, by measure: Measure = .items) -> VelocitySeries {
        let count = min(max(weeks, 1), maxWeeks)
        let periods = (0..<count).reversed().map { ISOWeek(containing: week.start.adding(days: -7 * $0)) }
        let slot = Dictionary(uniqueKeysWithValues: periods.enumerated().map { ($1, $0) })
        let members = member.map { id in state.members[id].map { [$0] } ?? [] } ?? state.liveMembers
        let column = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.id, $0) })
        var done = [Int](repeating: 0, count: count)
        var byMember = [[Int]](repeating: [Int](repeating: 0, count: members.count), count: count)
        var days = DayCache(timeZone: timeZone)
        var first = FirstWeek()
        // Cheap string test first: a written date is at most a day off the date in `timeZone`.
        let window = (periods[0].start.adding(days: -1).description, week.end.adding(days: 1).description)
        func index(of doneAt: String?) -> Int? {
            guard let doneAt else { return nil }
            let written = doneAt.prefix(10)
            guard written >= window.0, written <= window.1, let day = days.day(doneAt) else { return nil }
            return slot[ISOWeek(containing: day)]
        }
        _ = state.tasks.values { task in
            first.see(createdAt: task.createdAt, week: task.week)
            guard member == nil || task.member == member, let at = index(of: task.doneAt), state.isLive(task) else { return false }
            done[at] += measure.weight(of: task)
            if let id = task.member, let col = column[id] { byMember[at][col] += measure.weight(of: task) }
            return false
        }
        // One member's series leaves goals out, and so does its first week: decoding every goal
        // only for that would slow `stats --member` by a tenth.
        if member == nil {
            _ = state.goals.values { goal in
                first.see(createdAt: goal.createdAt, week: goal.week)
                if !goal.removed, let at = index(of: goal.doneAt) { done[at] += measure.weight(of: goal) }
                return false
            }
        }
        var start = 0
        if let firstWeek = first.resolved(days: &days) {
            start = periods.firstIndex { $0 >= firstWeek } ?? count - 1
        }
        // Nothing counted is ever dropped (a check dated before the item's add, by a skewed clock).
        if let firstDone = done.firstIndex(where: { $0 > 0 }) { start = min(start, firstDone) }
        return VelocitySeries(periods: periods.indices.dropFirst(start).map {
            VelocitySeries.Period(label: periods[$0].description, done: done[$0], byMember: byMember[$0])
        }, members: members.map(\.name))
    }

    /// The burndown of `scope` from `from` to `to` (at most `maxDays` days): items open and in
    /// scope at the end of each day. The baseline `scope` is what was planned by the end of the
    /// first working day (Monday to Friday) of the range, so a week planned on its Monday
    /// morning starts from its plan; the ideal line falls from it to 0 at the end of the last
    /// working day. After the first working day, items coming into scope are `added` and items
    /// leaving it `removed` (steps of the scope line). Days after `today` have no value
    /// (today's is the count so far).
    public static func burndown(_ state: TeamState, from: Day, to: Day, today: Day, scope: BurndownScope,
                                timeZone: TimeZone, by measure: Measure = .items) -> BurndownSeries {
        series(ItemSpans(state: state, scope: scope, timeZone: timeZone, measure: measure).spans, from: from, to: to, today: today)
    }

    /// The burndown of items with these spans (see `burndown`).
    static func series(_ spans: [ItemSpan], from: Day, to: Day, today: Day) -> BurndownSeries {
        var range: [Day] = []
        var day = from
        while day <= to, range.count < maxDays {
            range.append(day)
            day = day.adding(days: 1)
        }
        guard let first = range.first, let last = range.last else { return BurndownSeries(scope: 0, days: [BurndownSeries.Day]()) }
        let count = range.count
        let position = Dictionary(uniqueKeysWithValues: range.enumerated().map { ($1, $0) })
        // The first day index at whose end the item no longer holds (before the range: 0;
        // after it, or never: `count`).
        func index(_ day: Day?) -> Int {
            guard let day else { return count }
            if day < first { return 0 }
            if day > last { return count }
            return position[day] ?? count
        }
        // Counts by difference arrays: one pass over the spans, one over the days.
        var scopeDelta = [Int](repeating: 0, count: count + 1), openDelta = scopeDelta
        var cameIn = [Int](repeating: 0, count: count + 1), wentOut = cameIn
        for span in spans {
            let start = span.added.map(index) ?? 0
            let end = index(span.removed)
            guard start < end else { continue }
            let doneAt = max(start, min(end, index(span.done)))
            scopeDelta[start] += span.weight
            scopeDelta[end] -= span.weight
            openDelta[start] += span.weight
            openDelta[doneAt] -= span.weight
            cameIn[start] += span.weight
            wentOut[end] += span.weight
        }
        let working = range.map { day in
            let monday = ISOWeek(containing: day).start
            return day != monday.adding(days: 5) && day != monday.adding(days: 6)
        }
        var inScope: [Int] = [], open: [Int] = []
        var scopeCount = 0, openCount = 0
        for index in 0..<count {
            scopeCount += scopeDelta[index]
            openCount += openDelta[index]
            inScope.append(scopeCount)
            open.append(openCount)
        }
        let planned = working.firstIndex(of: true) ?? 0
        let baseline = inScope[planned]
        let ideal = BurndownSeries.idealLine(from: baseline, working: working)
        let days = range.indices.map { index -> BurndownSeries.Day in
            let ended = range[index] <= today
            // Before and on the planning day everything is the plan, not a change of it.
            let counted = ended && index > planned
            return BurndownSeries.Day(day: range[index].description, open: ended ? open[index] : nil, ideal: ideal[index],
                                      working: working[index], scope: ended ? inScope[index] : nil,
                                      added: counted ? cameIn[index] : 0, removed: counted ? wentOut[index] : 0)
        }
        let marked = from <= today && today <= to ? today.description : nil
        return BurndownSeries(scope: baseline, days: days, today: marked)
    }
}

/// The week of the team's first event, found during velocity's scan. The state keeps no time
/// of its first event, so this is the earliest of the items' `createdAt` (as days in the zone)
/// and of the weeks tasks and goals are filed in (work may be filed for a week before it was
/// written down). Texts are compared as written, so a scan parses only a few of them.
struct FirstWeek {
    /// The earliest week filed, and its text's bytes (canonical), for a cheap comparison.
    private var week: ISOWeek?
    private var weekBytes: [UInt8]?
    /// A written `createdAt` is at most a day off its day in any zone, so one written three or
    /// more days after the earliest written date cannot be the earliest: `bound` is that day.
    private var earliestDate: String?
    private var bound: [UInt8]?
    /// The earliest text seen for each offset (`+09:00`, `Z`, ...): with one offset, texts sort
    /// as their times do (to the second), so only these few are parsed at the end.
    private var earliest: [(offset: Substring, text: String)] = []
    /// The last text looked at, skipped at once when the next is the same (an import's items
    /// share one time).
    private var last = ""

    mutating func see(createdAt: String, week filed: String) {
        if weekBytes.map({ Self.isBefore(filed, $0) }) ?? true, let parsed = ISOWeek(parsing: filed),
           week.map({ parsed < $0 }) ?? true {
            week = parsed
            weekBytes = Array(parsed.description.utf8)
        }
        // Bytes, not `String` comparison: this runs for every task and goal of `stats`.
        if let bound, !Self.isBefore(createdAt, bound) { return }
        if createdAt == last { return }
        last = createdAt
        guard createdAt.utf8.count >= 20 else { return }
        let date = createdAt.prefix(10)
        if earliestDate.map({ date < $0 }) ?? true {
            guard let day = Day(parsing: String(date)) else { return }
            earliestDate = String(date)
            bound = Array(day.adding(days: 3).description.utf8)
        }
        let offset = Self.offset(of: createdAt)
        if let index = earliest.firstIndex(where: { $0.offset == offset }) {
            if createdAt < earliest[index].text { earliest[index].text = createdAt }
        } else if earliest.count < 64 {
            earliest.append((offset, createdAt))
        }
    }

    /// Whether `text`'s UTF-8 bytes sort before `bound`'s (as `String`'s `<` orders ASCII).
    static func isBefore(_ text: String, _ bound: [UInt8]) -> Bool {
        let bytes = text.utf8.span
        for index in bound.indices {
            guard index < bytes.count else { return true }
            if bytes[index] != bound[index] { return bytes[index] < bound[index] }
        }
        return false
    }

    /// `+09:00`, `-05:00` or `Z`: what follows the time of day (after the seconds and any fraction).
    static func offset(of text: String) -> Substring {
        let time = text.dropFirst(19)
        guard let start = time.firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "Z" || $0 == "z" }) else { return time }
        return time[start...]
    }

    /// The first week, nil when no item was seen.
    mutating func resolved(days: inout DayCache) -> ISOWeek? {
        let added = earliest.compactMap { days.day($0.text) }.min().map { ISOWeek(containing: $0) }
        guard let week else { return added }
        guard let added else { return week }
        return min(week, added)
    }
}
