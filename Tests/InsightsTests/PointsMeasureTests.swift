import Charts
import XCTest
import Insights
import TeamflowCore
import TeamflowTestSupport

/// `--by points`: velocity and burndowns count the tasks' estimates (goals and tasks without
/// one count 0); the same state, counted by items, is unchanged.
final class PointsMeasureTests: XCTestCase {
    func testBurndownAndVelocityByPoints() throws {
        var f = Fixture(now: "2024-11-15T17:00:00+09:00") // planned on the Friday before
        let big = try f.tasks.add(title: "로그인", .init(week: "2024-W47", points: 5))
        _ = try f.tasks.add(title: "문서", .init(week: "2024-W47", points: 2))
        _ = try f.tasks.add(title: "추정 없음", .init(week: "2024-W47"))
        _ = try f.goals.add(title: "배포", week: "2024-W47")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T12:00:00+09:00"))
        try f.tasks.check(big.id.rawValue)
        let state = try f.state()
        let w47 = ISOWeek(year: 2024, week: 47)
        let today = try XCTUnwrap(Day(parsing: "2024-11-22"))
        let points = Insights.burndown(state, from: w47.start, to: w47.end, today: today, scope: .week(w47),
                                       timeZone: TwoWeekScenario.seoul, by: .points)
        XCTAssertEqual(points.total, 7)
        XCTAssertEqual(points.days.prefix(5).map(\.open), [7, 7, 2, 2, 2])
        let items = Insights.burndown(state, from: w47.start, to: w47.end, today: today, scope: .week(w47),
                                      timeZone: TwoWeekScenario.seoul)
        XCTAssertEqual(items.total, 4, "items: three tasks and the goal")
        XCTAssertEqual(items.days.prefix(5).map(\.open), [4, 4, 3, 3, 3])
        let velocity = Insights.velocity(state, endingAt: w47, weeks: 1, member: nil, timeZone: TwoWeekScenario.seoul, by: .points)
        XCTAssertEqual(velocity.periods.map(\.done), [5])
        XCTAssertEqual(Insights.velocity(state, endingAt: w47, weeks: 1, member: nil, timeZone: TwoWeekScenario.seoul).periods.map(\.done), [1])
    }
}
