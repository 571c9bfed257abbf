public import Charts
public import TeamflowCore

/// A sprint and its burndown, for `sprint --burndown`.
public struct SprintBurndown: Sendable, Equatable {
    /// The sprint charted.
    public var sprint: Sprint
    /// Its days, first to last.
    public var series: BurndownSeries
}

/// A week and its burndown, for `week --burndown`.
public struct WeekBurndown: Sendable, Equatable {
    /// The week charted.
    public var week: ISOWeek
    /// Its days, Monday to Sunday.
    public var series: BurndownSeries
}

/// The entry points of `stats` and `--burndown`: each reads the state once and derives the
/// series for the session's today, week and zone.
extension Queries {
    /// Velocity for `weeks` weeks ending with `week` (an ISO week or a date in it; nil: this
    /// week), for the team or the member `member` names (name, handle or id prefix).
    public func velocity(weeks: Int, endingAt week: String? = nil, member: String?, by measure: Measure = .items) throws -> VelocitySeries {
        guard weeks >= 1, weeks <= Insights.maxWeeks else {
            throw TeamflowError(.usage, "the number of weeks must be between 1 and \(Insights.maxWeeks)", hints: ["The default is 8."],
                                reason: .invalidValue(.weeks, text: String(weeks)))
        }
        let last = try session.week(week)
        let state = try repository.state()
        let id = try member.map { try state.member(named: $0).id }
        return Insights.velocity(state, endingAt: last, weeks: weeks, member: id, timeZone: session.timeZone, by: measure)
    }

    /// The burndown of the week `week` names (nil: this week), Monday to Sunday.
    public func weekBurndown(_ week: String?, by measure: Measure = .items) throws -> WeekBurndown {
        let week = try session.week(week)
        let series = Insights.burndown(try repository.state(), from: week.start, to: week.end, today: session.today,
                                       scope: .week(week), timeZone: session.timeZone, by: measure)
        return WeekBurndown(week: week, series: series)
    }

    /// The burndown of the sprint `name` names (nil: the one holding today), first to last day.
    public func sprintBurndown(_ name: String?, by measure: Measure = .items) throws -> SprintBurndown {
        let sprint = try SprintUseCases(repository: repository, session: session).find(name)
        let series = Insights.burndown(try repository.state(), from: sprint.from, to: sprint.to, today: session.today,
                                       scope: .sprint(sprint.id), timeZone: session.timeZone, by: measure)
        return SprintBurndown(sprint: sprint, series: series)
    }

    /// Every chart the wiki export and the site draw, as of the session's today and zone.
    public func charts() throws -> ChartSet {
        Insights.chartSet(try repository.state(), today: session.today, timeZone: session.timeZone)
    }
}
