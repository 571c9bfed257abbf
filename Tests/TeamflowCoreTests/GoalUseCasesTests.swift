import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `goal add --sprint` names a sprint the way `task add --sprint` does.
final class GoalSprintTests: XCTestCase {
    func testSprintGoalStoresTheSprintIdAndItsWeek() throws {
        let f = Fixture()
        let sprint = try f.sprints.add(name: "Sprint 2", from: "2024-12-02", to: "2024-12-13")
        let goal = try f.goals.add(title: "데모 준비", sprint: "sprint 2")
        XCTAssertEqual(goal.sprint, sprint.id.rawValue)
        XCTAssertEqual(goal.week, "2024-W49")
        assertError(.notFound) { try f.goals.add(title: "x", sprint: "Sprint 9") }
    }
}
