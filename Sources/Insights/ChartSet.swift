public import Charts
public import Foundation
public import TeamflowCore

/// Every chart the wiki and the static site draw: the series, computed by `Insights.chartSet`
/// (one pass over the state's tasks and goals: a year of history has ~50 weeks, and one scan
/// per week would cost 50 scans) or made by hand in tests, and handed to the renderers, which
/// stay pure renderings of state plus series. Each part is optional: without it, no chart.
public struct ChartSet: Sendable, Equatable {
    /// Done per week (`chartSet`: the last 12 weeks ending with today's).
    public var velocity: VelocitySeries?
    /// Burndown per sprint, first to last day, keyed by the sprint's id.
    public var sprintBurndowns: [Sprint.ID: BurndownSeries]
    /// Burndown per week, keyed by the week.
    public var weekBurndowns: [ISOWeek: BurndownSeries]

    /// Charts; every series is optional.
    public init(velocity: VelocitySeries? = nil, sprintBurndowns: [Sprint.ID: BurndownSeries] = [:],
                weekBurndowns: [ISOWeek: BurndownSeries] = [:]) {
        self.velocity = velocity
        self.sprintBurndowns = sprintBurndowns
        self.weekBurndowns = weekBurndowns
    }

    /// No series: pages without charts.
    public static let none = ChartSet()

    /// Whether there is no series at all.
    public var isEmpty: Bool { velocity == nil && sprintBurndowns.isEmpty && weekBurndowns.isEmpty }
}

extension Insights {
    /// The charts of `chartSet`: velocity, every sprint's burndown and every week's burndown,
    /// for `today` in `timeZone`. At most `maxWeeks` weeks are charted (the latest).
    public static func chartSet(_ state: TeamState, today: Day, timeZone: TimeZone, velocityWeeks: Int = 12) -> ChartSet {
        let velocity = velocity(state, endingAt: ISOWeek(containing: today), weeks: velocityWeeks, member: nil,
                                timeZone: timeZone)
        var sprints: [Sprint.ID: BurndownSeries] = [:]
        for sprint in state.sprints.values(where: { !$0.removed }) {
            sprints[sprint.id] = burndown(state, from: sprint.from, to: sprint.to, today: today, scope: .sprint(sprint.id),
                                          timeZone: timeZone)
        }
        var weeks: [ISOWeek: BurndownSeries] = [:]
        let byWeek = ItemSpans.byWeek(state: state, timeZone: timeZone)
        for key in byWeek.keys.sorted().suffix(maxWeeks) {
            guard let week = ISOWeek(parsing: key), let spans = byWeek[key] else { continue }
            weeks[week] = series(spans, from: week.start, to: week.end, today: today)
        }
        return ChartSet(velocity: velocity, sprintBurndowns: sprints, weekBurndowns: weeks)
    }
}

extension ItemSpans {
    /// The spans of every week's scope at once (the rules of `week(_:state:days:)`), keyed by
    /// the week as written.
    static func byWeek(state: TeamState, timeZone: TimeZone) -> [String: [ItemSpan]] {
        var days = DayCache(timeZone: timeZone)
        var out: [String: [ItemSpan]] = [:]
        _ = state.tasks.values { task in
            guard let removed = removal(of: task, in: state, days: &days) else { return false }
            out[task.week, default: []].append(weekSpan(of: task, in: task.week, removed: removed, days: &days))
            // Carried out of a week: open there to its end (see `week`).
            for week in Set(task.carries.map(\.from)) where task.isCarried(outOf: week) {
                out[week, default: []].append(weekSpan(of: task, in: week, removed: removed, days: &days))
            }
            return false
        }
        _ = state.goals.values { goal in
            out[goal.week, default: []].append(span(of: goal, days: &days))
            return false
        }
        return out
    }
}
