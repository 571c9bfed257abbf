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
        try f.tasks.check(first.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-26T12:00:00+09:00"))
        try f.goals.check(goal.id.rawValue)
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
        try f.tasks.check(done.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-25T09:00:00+09:00"))
        try WeekUseCases(repository: f.repository, session: f.session).carry(from: nil, to: nil)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-27T12:00:00+09:00"))
        try f.tasks.check(carried.id.rawValue)
        let state = try f.state()
        let w48 = ISOWeek(year: 2024, week: 48)
        let left = Insights.burndown(state, from: w47.start, to: w47.end, today: try day("2024-11-28"), scope: .week(w47),
                                     timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(left.total, 2)
        XCTAssertEqual(left.days.map(\.open), [2, 2, 1, 1, 1, 1, 1], "the carried task was never done in 2024-W47")
        XCTAssertEqual(left.days.map(\.scope), [2, 2, 2, 2, 2, 2, 2], "and it never left the week's scope, as the board keeps it")
        XCTAssertEqual([left.added, left.removed], [0, 0])
        let next = Insights.burndown(state, from: w48.start, to: w48.end, today: try day("2024-11-28"), scope: .week(w48),
                                     timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(next.total, 1)
        XCTAssertEqual(next.days.map(\.open), [1, 1, 0, 0, nil, nil, nil])
        XCTAssertEqual(next.added, 0, "carried in on Monday morning: part of the plan")
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

/// The baseline is the plan at the end of the first working day; later changes of scope are
/// steps of the scope line, counted as added and removed.
final class BurndownScopeTests: XCTestCase {
    let w47 = ISOWeek(year: 2024, week: 47)

    func day(_ text: String) throws -> Day { try XCTUnwrap(Day(parsing: text)) }

    /// Planned on Monday 09:00 (one task only that afternoon), one task added on Wednesday,
    /// one removed on Thursday, three done; seen on Friday.
    func testAWeekPlannedOnItsMondayStartsFromItsPlan() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00")
        var ids: [String] = []
        for title in ["로그인 화면", "API 연동", "테스트 작성", "문서 정리"] { ids.append(try f.tasks.add(title: title).id.rawValue) }
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-18T15:00:00+09:00"))
        ids.append(try f.tasks.add(title: "성능 측정").id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T16:00:00+09:00"))
        try f.tasks.check(ids[0])
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T11:00:00+09:00"))
        let urgent = try f.tasks.add(title: "긴급 버그")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T17:00:00+09:00"))
        try f.tasks.check(ids[1])
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-21T10:00:00+09:00"))
        try f.tasks.remove(ids[4])
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-21T18:00:00+09:00"))
        try f.tasks.check(urgent.id.rawValue)

        let series = Insights.burndown(try f.state(), from: w47.start, to: w47.end, today: try day("2024-11-22"),
                                       scope: .week(w47), timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.scope, 5, "the five planned on Monday, the afternoon's one included (it was 0 before)")
        XCTAssertEqual(series.total, 5)
        let ideal = series.days.map(\.ideal)
        for (value, expected) in zip(ideal, [4.0, 3, 2, 1, 0, 0, 0]) { XCTAssertEqual(value, expected, accuracy: 1e-9) }
        XCTAssertEqual(series.days.map(\.open), [5, 4, 4, 2, 2, nil, nil])
        XCTAssertEqual(series.days.map(\.scope), [5, 5, 6, 5, 5, nil, nil], "up on Wednesday, down on Thursday")
        XCTAssertEqual(series.days.map(\.added), [0, 0, 1, 0, 0, 0, 0])
        XCTAssertEqual(series.days.map(\.removed), [0, 0, 0, 1, 0, 0, 0])
        XCTAssertEqual([series.added, series.removed], [1, 1])
        for (index, day) in series.days.enumerated() where index > 0 {
            guard let scope = day.scope, let before = series.days[index - 1].scope else { continue }
            XCTAssertEqual(scope, before + day.added - day.removed, day.day)
        }
        let done = zip(series.days.compactMap(\.scope), series.days.compactMap(\.open)).map { $0 - $1 }
        XCTAssertEqual(done.last, 3, "three done")
    }

    /// Work added and dropped on the first working day is part of the plan, not a change; an
    /// item added and removed on one later day was never in scope at a day's end.
    func testChangesOnThePlanningDayAndWithinOneDayAreNotSteps() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00")
        let dropped = try f.tasks.add(title: "잘못 넣은 일")
        try f.tasks.add(title: "계획")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-18T11:00:00+09:00"))
        try f.tasks.remove(dropped.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T10:00:00+09:00"))
        let brief = try f.tasks.add(title: "잠깐")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T16:00:00+09:00"))
        try f.tasks.remove(brief.id.rawValue)
        let series = Insights.burndown(try f.state(), from: w47.start, to: w47.end, today: w47.end, scope: .week(w47),
                                       timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.scope, 1)
        XCTAssertEqual(series.days.compactMap(\.scope), [1, 1, 1, 1, 1, 1, 1])
        XCTAssertEqual([series.added, series.removed], [0, 0])
    }

    /// A sprint planned before it starts: tasks filed in it (of a week outside it), tasks of its
    /// weeks with a sub-task, a goal filed in it; a task carried in on Tuesday, one removed on
    /// Wednesday, one carried out of it on the second Thursday. Its burndown counts what its
    /// board counts: on the last day, scope = the board's tasks + goals, scope - open = done.
    func testASprintCountsWhatItsBoardCounts() throws {
        var f = Fixture(now: "2024-11-15T17:00:00+09:00")
        let sprint = try f.sprints.add(name: "Sprint 3", from: "2024-11-18", to: "2024-11-29")
        try f.sprints.add(name: "Sprint 4", from: "2024-12-02", to: "2024-12-13")
        let filed = try f.tasks.add(title: "스프린트 일", .init(week: "2024-W50", sprint: "Sprint 3"))
        let w47 = try f.tasks.add(title: "W47 일", .init(week: "2024-W47"))
        let sub = try f.tasks.add(title: "하위 일", .init(parent: w47.id.rawValue))
        try f.tasks.add(title: "W48 일", .init(week: "2024-W48"))
        let w48Done = try f.tasks.add(title: "W48 끝", .init(week: "2024-W48"))
        let cancelled = try f.tasks.add(title: "취소", .init(week: "2024-W47"))
        try f.tasks.add(title: "다른 스프린트", .init(week: "2024-W47", sprint: "Sprint 4"))
        try f.tasks.add(title: "W49 일", .init(week: "2024-W49"))
        try f.tasks.add(title: "이관", .init(week: "2024-W46"))
        let goal = try f.goals.add(title: "목표", sprint: "Sprint 3")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T10:00:00+09:00"))
        try WeekUseCases(repository: f.repository, session: f.session).carry(from: "2024-W46", to: "2024-W47")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T18:00:00+09:00"))
        try f.tasks.check(w47.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T10:00:00+09:00"))
        try f.tasks.remove(cancelled.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-21T12:00:00+09:00"))
        try f.tasks.check(sub.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-27T12:00:00+09:00"))
        try f.tasks.check(w48Done.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-28T10:00:00+09:00"))
        try WeekUseCases(repository: f.repository, session: f.session).carry(from: "2024-W48", to: "2024-W49")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-29T12:00:00+09:00"))
        try f.tasks.check(filed.id.rawValue)

        let state = try f.state()
        let today = try day("2024-11-29")
        let board = SprintBoard(state: state, sprint: sprint, today: today)
        XCTAssertEqual(Set(state.tasks(in: sprint).map(\.title)), ["스프린트 일", "W47 일", "하위 일", "W48 끝", "이관"])
        XCTAssertEqual([board.done, board.total], [4, 5])
        XCTAssertEqual(board.goals.map(\.id), [goal.id])

        let series = Insights.burndown(state, from: sprint.from, to: sprint.to, today: today, scope: .sprint(sprint.id),
                                       timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.scope, 7, "planned: 스프린트 일, W47 일, 하위 일, W48 일, W48 끝, 취소 and the goal")
        XCTAssertEqual(series.days.map(\.scope), [7, 8, 7, 7, 7, 7, 7, 7, 7, 7, 6, 6])
        XCTAssertEqual(series.days.map(\.open), [7, 7, 6, 5, 5, 5, 5, 5, 5, 4, 3, 2])
        XCTAssertEqual(series.days.map(\.added), [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "이관, carried in on Tuesday")
        XCTAssertEqual(series.days.map(\.removed), [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0], "취소; W48 일, carried out to W49")
        let last = try XCTUnwrap(series.days.last)
        let goalsDone = board.goals.filter(\.done).count
        XCTAssertEqual(last.scope, board.total + board.goals.count)
        XCTAssertEqual((last.scope ?? 0) - (last.open ?? 0), board.done + goalsDone)
    }

    /// Without goals the numbers are the board's header exactly.
    func testASprintOfTasksOnlyEndsOnTheBoardsDoneAndTotal() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00")
        let sprint = try f.sprints.add(name: "Sprint 1", from: "2024-11-18", to: "2024-11-22")
        var ids: [String] = []
        for index in 0..<3 { ids.append(try f.tasks.add(title: "filed \(index)", .init(week: "2024-W46", sprint: "Sprint 1")).id.rawValue) }
        for index in 0..<3 { ids.append(try f.tasks.add(title: "week \(index)", .init(week: "2024-W47")).id.rawValue) }
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T12:00:00+09:00"))
        try f.tasks.check(ids[0])
        try f.tasks.check(ids[3])
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-21T12:00:00+09:00"))
        try f.tasks.check(ids[4])
        let state = try f.state()
        let today = try day("2024-11-21")
        let board = SprintBoard(state: state, sprint: sprint, today: today)
        let series = Insights.burndown(state, from: sprint.from, to: sprint.to, today: today, scope: .sprint(sprint.id),
                                       timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual([board.done, board.total], [3, 6])
        let last = try XCTUnwrap(series.days.last { $0.open != nil })
        XCTAssertEqual(last.scope, board.total)
        XCTAssertEqual((last.scope ?? 0) - (last.open ?? 0), board.done)
        XCTAssertEqual(series.scope, 6, "the old rule counted the three filed tasks only, or none by week")
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
        try f.tasks.check(b.id.rawValue)
        try f.goals.remove(goal.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-25T09:00:00+09:00"))
        try WeekUseCases(repository: f.repository, session: f.session).carry()
        try f.tasks.check(a.id.rawValue)
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
        XCTAssertEqual(set.velocity?.periods.map(\.label), ["2024-W46", "2024-W47", "2024-W48"], "from the team's first week")
        XCTAssertEqual(set.velocity?.periods.last?.label, "2024-W48")
    }
}
