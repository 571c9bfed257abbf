import Charts
import XCTest
import Insights
import TeamflowCore

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
        let series = Insights.velocity(state, endingAt: w48, weeks: 4, member: jiwoo, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(series.periods.map(\.label), ["2024-W45", "2024-W46", "2024-W47", "2024-W48"])
        XCTAssertEqual(series.periods.map(\.done), [0, 0, 0, 2])
        XCTAssertEqual(series.members, ["Jiwoo"])
        XCTAssertEqual(series.average, 0.5)
    }

    func testWeeksAreClampedAndCrossTheYear() throws {
        let state = try TwoWeekScenario.recorded().state()
        let first = ISOWeek(year: 2025, week: 1)
        let none = Insights.velocity(state, endingAt: first, weeks: 0, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(none.periods.map(\.label), ["2025-W01"])
        let many = Insights.velocity(state, endingAt: first, weeks: 10_000, member: nil, timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(many.periods.count, Insights.maxWeeks)
        XCTAssertEqual(many.periods.suffix(6).map(\.label), ["2024-W48", "2024-W49", "2024-W50", "2024-W51", "2024-W52", "2025-W01"])
        XCTAssertEqual(many.periods.map(\.done).reduce(0, +), 6)
    }
}
