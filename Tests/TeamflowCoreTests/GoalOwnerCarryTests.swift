import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Goals carry like tasks (`week carry`) and have owners (`goal add --member`, `goal assign`).
final class GoalOwnerCarryTests: XCTestCase {
    private func weeks(_ f: Fixture) -> WeekUseCases { WeekUseCases(repository: f.repository, session: f.session) }

    func testOpenGoalsCarryAndTheOldWeekKeepsARecordRecurringOnesStay() throws {
        var f = Fixture() // Tuesday of 2024-W47
        let deploy = try f.goals.add(title: "배포 꼭 하기")
        let done = try f.goals.add(title: "에픽 1 완성")
        try f.goals.check(done.id.rawValue)
        _ = try f.goals.addRecurring(title: "PR 리뷰", every: "week")
        let task = try f.tasks.add(title: "DI")
        f.session.now = Timestamp.parse("2024-11-25T09:00:00+09:00") ?? f.session.now // Monday of W48
        let carried = try weeks(f).carry()
        XCTAssertEqual(carried.goals.map(\.id), [deploy.id], "the open goal; not the done one, not the recurring instance")
        XCTAssertEqual(carried.tasks.map(\.id), [task.id])
        let state = try f.state()
        let old = WeekBoard(state: state, week: ISOWeek(year: 2024, week: 47), today: f.session.today)
        let record = try XCTUnwrap(old.goalLines.first { $0.goal.id == deploy.id })
        XCTAssertEqual(record.carriedTo, "2024-W48")
        XCTAssertFalse(record.countsDone)
        XCTAssertEqual(old.goalProgress.total, 3, "done goal, recurring instance and the record")
        let new = WeekBoard(state: state, week: ISOWeek(year: 2024, week: 48), today: f.session.today)
        XCTAssertEqual(new.goalLines.first { $0.goal.id == deploy.id }?.carriedFrom, "2024-W47")
        XCTAssertEqual(new.goalLines.filter { $0.goal.title == "PR 리뷰" }.count, 1, "the rule's next instance, not a carried copy")
        // One undo takes back the whole carry (tasks and goals).
        let undo = try UndoUseCase(repository: f.repository, session: f.session).undo()
        XCTAssertEqual(undo.allUndone.count, 2)
        XCTAssertEqual(try f.state().goals[deploy.id]?.week, "2024-W47")
        XCTAssertEqual(try f.state().tasks[task.id]?.week, "2024-W47")
    }

    func testScopesCarryOnlyTasksOrOnlyGoals() throws {
        var f = Fixture()
        let goal = try f.goals.add(title: "배포")
        let task = try f.tasks.add(title: "DI")
        f.session.now = Timestamp.parse("2024-11-25T09:00:00+09:00") ?? f.session.now
        let goalsOnly = try weeks(f).carry(scope: .goalsOnly)
        XCTAssertEqual(goalsOnly.goals.map(\.id), [goal.id])
        XCTAssertEqual(goalsOnly.tasks, [])
        XCTAssertEqual(try f.state().tasks[task.id]?.week, "2024-W47")
        XCTAssertEqual(try weeks(f).carry(scope: .tasksOnly).tasks.map(\.id), [task.id])
        let nothing = assertError(.conflict) { try weeks(f).carry() }
        XCTAssertTrue(nothing?.description.contains("2 items were already carried") == true, nothing?.description ?? "")
    }

    func testGoalsHaveOwnersOnBoardsAndMine() throws {
        var f = Fixture(author: Author(name: "건우", email: "gw@example.com"))
        try f.members.add(name: "건우", handle: "geonwoo", email: "gw@example.com")
        try f.members.add(name: "석영")
        f.session.identity = CallerIdentity(email: "gw@example.com")
        let mine = try f.goals.add(title: "배포", member: "me")
        let theirs = try f.goals.add(title: "리뷰")
        let team = try f.goals.add(title: "회고")
        XCTAssertEqual(try f.goals.assign(theirs.id.rawValue, to: "석영").member, try f.state().liveMembers.last?.id)
        let board = try Queries(repository: f.repository, session: f.session).weekBoard(nil)
        XCTAssertEqual(board.goalLines.map(\.ownerName), ["건우", "석영", nil])
        let my = try Queries(repository: f.repository, session: f.session).myWeekBoard(nil)
        XCTAssertEqual(my.goalLines.map(\.goal.id), [mine.id, team.id], "mine and the team's, not another's")
        XCTAssertNil(try f.goals.assign(theirs.id.rawValue, to: nil).member, "none clears")
        try UndoUseCase(repository: f.repository, session: f.session).undo()
        XCTAssertEqual(try f.state().goals[theirs.id]?.member, try f.state().liveMembers.last?.id, "undo gives it back")
        assertError(.notFound) { try f.goals.assign(team.id.rawValue, to: "민지") }
    }
}
