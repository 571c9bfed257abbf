import Charts
import XCTest
import Insights
import TeamflowCore
import TeamflowTestSupport

/// Velocity of the recorded two weeks: items done per ISO week in the session's zone.
final class VelocityTests: XCTestCase {
    let w48 = ISOWeek(year: 2024, week: 48)

    func testTheTeamAndEachMemberPerWeekWithTheAverage() throws {
        let s = try TwoWeekScenario.recorded()
        let series = Insights.velocity(try s.state(), endingAt: w48, weeks: 2, member: nil, timeZone: TwoWeekScenario.seoul)
        // W47: 로그인 (민수) and the goal; 중복 was done but is removed, 리뷰's check was undone by
        // an uncheck. W48: 추가 (Monday 00:30 in Seoul), 다음 주, 문서 (W47's, done late), 리뷰.
        XCTAssertEqual(series, VelocitySeries(periods: [
            .init(label: "2024-W47", done: 2, byMember: [1, 0]),
            .init(label: "2024-W48", done: 4, byMember: [1, 2]),
        ], members: ["민수", "Jiwoo"]))
        XCTAssertEqual(series.average, 3)
    }

    func testDaysAreThoseOfTheZoneAsked() throws {
        let s = try TwoWeekScenario.recorded()
        let series = Insights.velocity(try s.state(), endingAt: w48, weeks: 2, member: nil, timeZone: TwoWeekScenario.utc)
        // In UTC, 추가 was checked on Sunday: W47's.
        XCTAssertEqual(series.periods.map(\.done), [3, 3])
        XCTAssertEqual(series.periods.map(\.byMember), [[1, 1], [1, 1]])
    }

    func testOneMemberAndWeeksWithoutWork() throws {
        let s = try TwoWeekScenario.recorded()
        let state = try s.state()
        let jiwoo = try state.member(named: "jiwoo").id
        // Four weeks asked, but the team's first item was written on Friday of W46: no W45.
        let series = Insights.velocity(state, endingAt: w48, weeks: 4, member: jiwoo, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.periods.map(\.label), ["2024-W46", "2024-W47", "2024-W48"])
        XCTAssertEqual(series.periods.map(\.done), [0, 0, 2])
        XCTAssertEqual(series.members, ["Jiwoo"])
        XCTAssertEqual(series.average, 2.0 / 3, accuracy: 1e-12)
    }

    func testWeeksAreClampedAndCrossTheYear() throws {
        let state = try TwoWeekScenario.recorded().state()
        let first = ISOWeek(year: 2025, week: 1)
        let none = Insights.velocity(state, endingAt: first, weeks: 0, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(none.periods.map(\.label), ["2025-W01"])
        // Clamped to 520 weeks, then started at the team's first week (2024-W46).
        let many = Insights.velocity(state, endingAt: first, weeks: 10_000, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(many.periods.map(\.label), ["2024-W46", "2024-W47", "2024-W48", "2024-W49", "2024-W50", "2024-W51",
                                                   "2024-W52", "2025-W01"])
        XCTAssertEqual(many.periods.map(\.done).reduce(0, +), 6)
        XCTAssertEqual(many.average, 6.0 / 8, accuracy: 1e-12)
        let before = Insights.velocity(state, endingAt: ISOWeek(year: 2024, week: 40), weeks: 8, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(before.periods.map(\.label), ["2024-W40"], "a week before the team: that week alone, not nothing")
        let empty = Insights.velocity(TeamState(), endingAt: w48, weeks: 3, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(empty.periods.map(\.label), ["2024-W46", "2024-W47", "2024-W48"], "no item at all: the weeks asked")
    }

    /// The manager's complaint: a team whose first event is in W45 asks for twelve weeks; the
    /// ten empty weeks before it are not averaged in.
    func testTheSeriesStartsAtTheTeamsFirstWeekAndAveragesOnlyThose() throws {
        var f = Fixture(now: "2024-11-04T10:00:00+09:00") // Monday of 2024-W45
        let a = try f.tasks.add(title: "온보딩", .init(week: "2024-W45"))
        let b = try f.tasks.add(title: "CI", .init(week: "2024-W46"))
        let c = try f.goals.add(title: "배포", week: "2024-W46")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-06T15:00:00+09:00"))
        try f.tasks.check(a.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-13T15:00:00+09:00"))
        try f.tasks.check(b.id.rawValue)
        try f.goals.check(c.id.rawValue)
        let state = try f.state()
        let w47 = ISOWeek(year: 2024, week: 47)
        let series = Insights.velocity(state, endingAt: w47, weeks: 12, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.periods.map(\.label), ["2024-W45", "2024-W46", "2024-W47"])
        XCTAssertEqual(series.periods.map(\.done), [1, 2, 0])
        XCTAssertEqual(series.average, 1, "three done over the team's three weeks, not over twelve")
        let two = Insights.velocity(state, endingAt: w47, weeks: 2, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(two.periods.map(\.label), ["2024-W46", "2024-W47"], "--weeks still counts back from the end when later")

        // Work filed for a week before it was written down starts the series there.
        try f.tasks.add(title: "회고 기록", .init(week: "2024-W43"))
        let backfilled = Insights.velocity(try f.state(), endingAt: w47, weeks: 12, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(backfilled.periods.first?.label, "2024-W43")
    }

    /// The first event's week is that of its day in the zone: written late on Sunday in UTC, it
    /// is Monday in Seoul.
    func testTheFirstWeekIsTheZones() throws {
        var f = Fixture(now: "2024-11-24T20:00:00Z") // Sunday in UTC, Monday 05:00 in Seoul
        f.session.timeZone = TwoWeekScenario.utc
        try f.tasks.add(title: "첫 일", .init(week: "2024-W48"))
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-25T09:00:00+09:00"))
        f.session.timeZone = TwoWeekScenario.seoul
        try f.tasks.add(title: "둘째 일", .init(week: "2024-W48"))
        let state = try f.state()
        let w48 = ISOWeek(year: 2024, week: 48)
        XCTAssertEqual(Insights.velocity(state, endingAt: w48, weeks: 8, member: nil, timeZone: TwoWeekScenario.seoul).periods.map(\.label),
                       ["2024-W48"])
        XCTAssertEqual(Insights.velocity(state, endingAt: w48, weeks: 8, member: nil, timeZone: TwoWeekScenario.utc).periods.map(\.label),
                       ["2024-W47", "2024-W48"])
    }

    /// The earliest time, not the earliest text: written on Monday at -05:00 sorts before
    /// Monday at +14:00, which was Sunday in UTC.
    func testTheFirstEventIsTheEarliestInstantWhateverItsOffset() {
        let author = Author(name: "Kim", email: "kim@example.com")
        let events = [("aaaa00000000000000000001", "2024-11-10T23:30:00-05:00"), ("aaaa00000000000000000002", "2024-11-11T02:00:00+14:00"),
                      ("aaaa00000000000000000003", "2024-11-12T09:00:00+09:00")].enumerated().map { index, pair in
            Event(id: pair.0, type: EventType.taskAdded, at: pair.1, author: author, clock: index + 1,
                  data: ["title": .string("일 \(index)"), "week": .string("2024-W46")])
        }
        let state = TeamState.derive(from: events)
        let w47 = ISOWeek(year: 2024, week: 47)
        XCTAssertEqual(Insights.velocity(state, endingAt: w47, weeks: 8, member: nil, timeZone: TwoWeekScenario.utc).periods.map(\.label),
                       ["2024-W45", "2024-W46", "2024-W47"], "2024-11-10T12:00Z, a Sunday")
        XCTAssertEqual(Insights.velocity(state, endingAt: w47, weeks: 8, member: nil, timeZone: TwoWeekScenario.seoul).periods.map(\.label),
                       ["2024-W45", "2024-W46", "2024-W47"], "21:00 on Sunday in Seoul")
        let later = TeamState.derive(from: Array(events.dropFirst(2)))
        XCTAssertEqual(Insights.velocity(later, endingAt: w47, weeks: 8, member: nil, timeZone: TwoWeekScenario.utc).periods.first?.label,
                       "2024-W46")
    }
}
