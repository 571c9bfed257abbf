import Charts
import XCTest
import Insights
import TeamflowCore
import TeamflowTestSupport

/// Burndown of the recorded two weeks: open items at each day's end in the session's zone.
final class BurndownTests: XCTestCase {
    let w47 = ISOWeek(year: 2024, week: 47)

    func day(_ text: String) throws -> Day { try XCTUnwrap(Day(parsing: text)) }

    func testTheWeekUpToTodayWithTheIdealLine() throws {
        let s = try TwoWeekScenario.recorded()
        let series = Insights.burndown(try s.state(), from: w47.start, to: w47.end, today: try day("2024-11-22"),
                                       scope: .week(w47), timeZone: TwoWeekScenario.seoul)
        // Planned on Friday: the goal, 로그인, 리뷰, 문서, 중복, 취소. Tuesday: 로그인 and 중복 done;
        // Wednesday: 취소 removed (중복's removal changes nothing, it was done); Thursday: the
        // goal done; Friday: 추가 added. 리뷰 counts as open all week: its Wednesday check was
        // unchecked, and only the last check is kept.
        XCTAssertEqual(series.total, 6)
        XCTAssertEqual(series.days.map(\.day), ["2024-11-18", "2024-11-19", "2024-11-20", "2024-11-21", "2024-11-22",
                                                "2024-11-23", "2024-11-24"])
        XCTAssertEqual(series.days.map(\.open), [6, 4, 3, 2, 3, nil, nil])
        XCTAssertEqual(series.days.map(\.working), [true, true, true, true, true, false, false])
        let ideal = series.days.map(\.ideal)
        for (value, expected) in zip(ideal, [4.8, 3.6, 2.4, 1.2, 0, 0, 0]) { XCTAssertEqual(value, expected, accuracy: 1e-9) }
        XCTAssertEqual(series.today, "2024-11-22")
    }

    func testAfterTheWeekEveryDayHasAValueAndTheZoneDecidesTheDay() throws {
        let state = try TwoWeekScenario.recorded().state()
        let seoul = Insights.burndown(state, from: w47.start, to: w47.end, today: try day("2024-11-27"), scope: .week(w47),
                                      timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(seoul.days.map(\.open), [6, 4, 3, 2, 3, 3, 3])
        XCTAssertNil(seoul.today)
        // In UTC 추가 was done on Sunday (and everything else moves by nine hours, within its day).
        let utc = Insights.burndown(state, from: w47.start, to: w47.end, today: try day("2024-11-27"), scope: .week(w47),
                                    timeZone: TwoWeekScenario.utc)
        XCTAssertEqual(utc.days.map(\.open), [6, 4, 3, 2, 3, 3, 2])
    }

    func testASprintCountsItsTasksAndGoals() throws {
        var f = Fixture(now: "2024-11-15T17:00:00+09:00")
        let sprint = try f.sprints.add(name: "Sprint 1", from: "2024-11-18", to: "2024-11-29")
        let first = try f.tasks.add(title: "A", .init(sprint: "Sprint 1"))
        try f.tasks.add(title: "B", .init(sprint: "Sprint 1"))
        try f.tasks.add(title: "not in the sprint")
        let goal = try f.goals.add(title: "목표", sprint: "Sprint 1")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T12:00:00+09:00"))
        try f.tasks.check(first.id)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-26T12:00:00+09:00"))
        try f.goals.check(goal.id)
        let series = Insights.burndown(try f.state(), from: sprint.from, to: sprint.to, today: try day("2024-11-27"),
                                       scope: .sprint(sprint.id), timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.total, 3)
        XCTAssertEqual(series.days.count, 12)
        XCTAssertEqual(series.days.map(\.open), [3, 3, 2, 2, 2, 2, 2, 2, 1, 1, nil, nil])
        XCTAssertEqual(series.days.filter(\.working).count, 10)
        XCTAssertEqual(series.days.last?.ideal ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(series.today, "2024-11-27")
    }

    /// A task carried out of a week stays in that week's burndown as work not done (open to the
    /// week's end); the week it went to counts it from its first day.
    func testACarriedTaskStaysOpenInTheWeekItLeftAndCountsInTheNext() throws {
        var f = Fixture(now: "2024-11-15T17:00:00+09:00") // planned on the Friday before
        let carried = try f.tasks.add(title: "화면간 연결", .init(week: "2024-W47"))
        let done = try f.tasks.add(title: "done", .init(week: "2024-W47"))
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T12:00:00+09:00"))
        try f.tasks.check(done.id)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-25T09:00:00+09:00"))
        try WeekUseCases(repository: f.repository, session: f.session).carry(from: nil, to: nil)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-27T12:00:00+09:00"))
        try f.tasks.check(carried.id)
        let state = try f.state()
        let w48 = ISOWeek(year: 2024, week: 48)
        let left = Insights.burndown(state, from: w47.start, to: w47.end, today: try day("2024-11-28"), scope: .week(w47),
                                     timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(left.total, 2)
        XCTAssertEqual(left.days.map(\.open), [2, 2, 1, 1, 1, 1, 1], "the carried task was never done in 2024-W47")
        let next = Insights.burndown(state, from: w48.start, to: w48.end, today: try day("2024-11-28"), scope: .week(w48),
                                     timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(next.total, 1)
        XCTAssertEqual(next.days.map(\.open), [1, 1, 0, 0, nil, nil, nil])
    }

    func testEmptyAndBackwardsRangesAreValid() throws {
        let state = try TwoWeekScenario.recorded().state()
        let backwards = Insights.burndown(state, from: w47.end, to: w47.start, today: w47.end, scope: .week(w47),
                                          timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(backwards.days.count, 0)
        let empty = Insights.burndown(state, from: w47.start, to: w47.end, today: w47.end, scope: .sprint("nothing"),
                                      timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(empty.total, 0)
        XCTAssertEqual(empty.days.compactMap(\.open), [0, 0, 0, 0, 0, 0, 0])
        let long = Insights.burndown(state, from: w47.start, to: w47.start.adding(days: 5_000), today: w47.end,
                                     scope: .week(w47), timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(long.days.count, Insights.maxDays)
    }
}

/// The one-pass chart set agrees with the per-scope functions it stands in for.
final class ChartSetTests: XCTestCase {
    func testChartSetEqualsTheSeriesComputedOneByOne() throws {
        var f = Fixture(now: "2024-11-15T17:00:00+09:00")
        let sprint = try f.sprints.add(name: "Sprint 1", from: "2024-11-18", to: "2024-11-29")
        let a = try f.tasks.add(title: "A", .init(week: "2024-W47"))
        let b = try f.tasks.add(title: "B", .init(week: "2024-W47", sprint: "Sprint 1"))
        try f.tasks.add(title: "C", .init(week: "2024-W48"))
        let goal = try f.goals.add(title: "목표", week: "2024-W47")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T12:00:00+09:00"))
        try f.tasks.check(b.id)
        try f.goals.remove(goal.id)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-25T09:00:00+09:00"))
        try WeekUseCases(repository: f.repository, session: f.session).carry()
        try f.tasks.check(a.id)
        let state = try f.state()
        let today = try XCTUnwrap(Day(parsing: "2024-11-26"))
        let set = Insights.chartSet(state, today: today, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(Set(set.weekBurndowns.keys.map(\.description)), ["2024-W47", "2024-W48"])
        for (week, series) in set.weekBurndowns {
            XCTAssertEqual(series, Insights.burndown(state, from: week.start, to: week.end, today: today, scope: .week(week),
                                                     timeZone: TwoWeekScenario.seoul), week.description)
        }
        XCTAssertEqual(set.sprintBurndowns[sprint.id], Insights.burndown(state, from: sprint.from, to: sprint.to, today: today,
                                                                          scope: .sprint(sprint.id), timeZone: TwoWeekScenario.seoul))
        XCTAssertEqual(set.velocity?.periods.count, 12)
        XCTAssertEqual(set.velocity?.periods.last?.label, "2024-W48")
    }
}
