import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

final class TaskUseCasesTests: XCTestCase {
    func testAddDefaultsAndSubtasksInherit() throws {
        let f = Fixture()
        try f.members.add(name: "김민수", handle: "minsu")
        try f.epics.add(title: "로그인")
        let parent = try f.tasks.add(title: "로그인 API 🚀", .init(member: "MINSU", epic: "로그인", week: "2024-W48", due: "2024-11-29"))
        XCTAssertEqual(parent.week, "2024-W48")
        XCTAssertEqual(parent.due?.description, "2024-11-29")
        let child = try f.tasks.add(title: "토큰 저장", .init(parent: parent.shortID))
        let grandchild = try f.tasks.add(title: "키체인", .init(parent: child.id.rawValue))
        XCTAssertEqual([child.week, grandchild.week], ["2024-W48", "2024-W48"])
        XCTAssertEqual(grandchild.member, parent.member)
        XCTAssertEqual(grandchild.epic, parent.epic)
        XCTAssertEqual(try f.tasks.add(title: "plain").week, "2024-W47", "defaults to the current week")
    }

    func testStatusChangesAndAssign() throws {
        let f = Fixture()
        try f.members.add(name: "민수")
        try f.members.add(name: "지우", handle: "jiwoo")
        let task = try f.tasks.add(title: "리뷰", .init(member: "민수"))
        XCTAssertEqual(try f.tasks.start(task.shortID).status, .doing)
        XCTAssertTrue(try f.tasks.check(task.shortID).done)
        XCTAssertEqual(try f.tasks.uncheck(task.shortID).status, .todo)
        let assigned = try f.tasks.assign(task.id.rawValue, to: "@JIWOO")
        XCTAssertEqual(try f.state().members[assigned.member ?? ""]?.name, "지우")
        assertError(.notFound) { try f.tasks.assign(task.id.rawValue, to: "nobody") }
        assertError(.notFound) { try f.tasks.check("ffff") }
        assertError(.notFound) { try f.tasks.add(title: "x", .init(member: "민쑤")) }
        assertError(.notFound) { try f.tasks.add(title: "x", .init(parent: "ffffff")) }
        assertError(.usage) { try f.tasks.add(title: "\n ") }
        assertError(.usage) { try f.tasks.add(title: "x", .init(week: "2024-W60")) }
    }

    func testTaskCannotBeItsOwnAncestor() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "a")
        let b = try f.tasks.add(title: "b", .init(parent: a.id.rawValue))
        let c = try f.tasks.add(title: "c", .init(parent: b.id.rawValue))
        let count = try f.eventCount()
        assertError(.conflict) { try f.tasks.edit(a.id.rawValue, .init(parent: c.id.rawValue)) }
        assertError(.conflict) { try f.tasks.edit(a.id.rawValue, .init(parent: a.id.rawValue)) }
        XCTAssertEqual(try f.eventCount(), count)
        XCTAssertNil(try f.tasks.edit(c.id.rawValue, .init(parent: "none")).parent)
        XCTAssertEqual(try f.tasks.edit(a.id.rawValue, .init(title: "A", parent: c.id.rawValue)).parent, c.id)
    }

    func testRemoveTakesSubtasksAndTwiceIsRefused() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "a")
        let b = try f.tasks.add(title: "b", .init(parent: a.id.rawValue))
        try f.tasks.add(title: "c", .init(parent: b.id.rawValue))
        try f.tasks.add(title: "other")
        try f.tasks.remove(a.shortID)
        XCTAssertEqual(try f.tasks.list().map(\.title), ["other"])
        let count = try f.eventCount()
        let error = assertError(.conflict) { try f.tasks.remove(a.shortID) }
        XCTAssertTrue(error?.message.contains("already removed") ?? false)
        XCTAssertEqual(try f.eventCount(), count)
    }

    func testListFilters() throws {
        let f = Fixture()
        try f.members.add(name: "민수")
        try f.epics.add(title: "E")
        let t1 = try f.tasks.add(title: "1", .init(member: "민수", epic: "E"))
        try f.tasks.add(title: "2", .init(member: "민수"))
        try f.tasks.add(title: "3", .init(week: "2024-11-25"))
        try f.tasks.check(t1.id.rawValue)
        XCTAssertEqual(try f.tasks.list().map(\.title), ["1", "2"])
        XCTAssertEqual(try f.tasks.list(.init(week: "all")).map(\.title), ["1", "2", "3"])
        XCTAssertEqual(try f.tasks.list(.init(week: "2024-W48")).map(\.title), ["3"])
        XCTAssertEqual(try f.tasks.list(.init(member: "민수", done: false)).map(\.title), ["2"])
        XCTAssertEqual(try f.tasks.list(.init(epic: "e", done: true)).map(\.title), ["1"])
    }

    func testSprintsPlaceGoalsAndTasks() throws {
        let f = Fixture()
        let sprint = try f.sprints.add(name: "Sprint 12", from: "2024-11-18", to: "2024-11-29")
        assertError(.usage) { try f.sprints.add(name: "bad", from: "2024-11-29", to: "2024-11-18") }
        assertError(.conflict) { try f.sprints.add(name: "sprint 12", from: "2024-12-01", to: "2024-12-02") }
        try f.goals.add(title: "데모", week: "2024-W47", sprint: sprint.id.rawValue)
        try f.goals.add(title: "주간 목표")
        let task = try f.tasks.add(title: "스프린트 일", .init(sprint: "sprint 12"))
        XCTAssertEqual(task.sprint, sprint.id.rawValue)
        let board = try f.sprints.board(nil)
        XCTAssertEqual(board.sprint.id, sprint.id)
        XCTAssertEqual(board.goals.map(\.title), ["데모"])
        XCTAssertEqual(board.unassigned.map(\.task.title), ["스프린트 일"])
        let week = WeekBoard(state: try f.state(), week: ISOWeek(year: 2024, week: 48), today: f.session.today)
        XCTAssertEqual(week.sprintGoals.map(\.title), ["데모"], "the week board shows the overlapping sprint's goals")
        XCTAssertEqual(week.goals.map(\.title), [])
        assertError(.notFound) { try f.tasks.add(title: "x", .init(sprint: "Sprint 99")) }
    }
}
