import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Sprints hold work: filed tasks, the tasks of the weeks inside the dates,
/// sub-tasks with their parents, tallies and working days left.
final class SprintWorkTests: XCTestCase {
    /// Tuesday 2024-11-19 in Seoul; Sprint 3 runs 2024-11-18 – 2024-11-29 (W47 and W48).
    private func team() throws -> (Fixture, Sprint, [String: TeamTask]) {
        let f = Fixture()
        try f.members.add(name: "민수")
        try f.members.add(name: "지혜")
        let sprint = try f.sprints.add(name: "Sprint 3", from: "2024-11-18", to: "2024-11-29")
        try f.sprints.add(name: "Sprint 4", from: "2024-12-02", to: "2024-12-13")
        var tasks: [String: TeamTask] = [:]
        tasks["a"] = try f.tasks.add(title: "화면 연결", .init(member: "민수", week: "2024-W47"))
        tasks["b"] = try f.tasks.add(title: "소켓 재연결", .init(member: "지혜", week: "2024-W48"))
        tasks["c"] = try f.tasks.add(title: "접근성 라벨", .init(member: "민수", week: "2024-W50"))
        tasks["d"] = try f.tasks.add(title: "다음 스프린트 일", .init(member: "지혜", week: "2024-W47", sprint: "Sprint 4"))
        tasks["e"] = try f.tasks.add(title: "VoiceOver 순서", .init(parent: tasks["c"]?.id.rawValue))
        tasks["f"] = try f.tasks.add(title: "지난 주 일", .init(member: "민수", week: "2024-W46"))
        try f.tasks.check(tasks["b"]?.id.rawValue ?? "")
        return (f, sprint, tasks)
    }

    /// The board and the burndown share `SprintMembership`: it answers for removed tasks too,
    /// says why a task belongs, and its shortcut for weeks as folds write them agrees with
    /// parsing every spelling.
    func testMembershipIsTheBoardsRuleAndAnswersForRemovedTasks() throws {
        let (f, sprint, tasks) = try team()
        try f.tasks.remove(tasks["a"]?.id.rawValue ?? "")
        let state = try f.state()
        var membership = SprintMembership(sprint, in: state)
        let all = state.tasks.values.filter { membership.contains($0) }.map(\.title)
        XCTAssertEqual(Set(all), ["화면 연결", "소켓 재연결"], "the removed task still belongs (a burndown counts it until then)")
        XCTAssertEqual(state.tasks(in: sprint).map(\.title), ["소켓 재연결"], "the board keeps the live ones")
        let byTitle = { (title: String) in state.tasks.values.first { $0.title == title } }
        XCTAssertEqual(byTitle("소켓 재연결").map { membership.placement(of: $0) }, .byWeek(own: true, ancestors: false))
        XCTAssertEqual(byTitle("다음 스프린트 일").map { membership.placement(of: $0) }, .filed(false))
        XCTAssertEqual(byTitle("VoiceOver 순서").map { membership.placement(of: $0) }, .byWeek(own: false, ancestors: false))

        for key in ["2024-W46", "2024-W47", "2024-W48", "2024-W49", "2024-w47", "2024W48", "2024-11-20", "2024-11-30",
                    "2020-W53", "2024-W53", "2024-W00", "0000-W01", "someday", ""] {
            XCTAssertEqual(membership.holdsWorkingDay(week: key), ISOWeek(parsing: key).map(sprint.holdsWorkingDay) ?? false, key)
        }
        // A sprint from Saturday to the next Monday holds that Monday's week only.
        let weekend = Sprint(id: "s", name: "w", from: Day(year: 2024, month: 11, day: 23) ?? sprint.from,
                             to: Day(year: 2024, month: 11, day: 25) ?? sprint.to, removed: false, clock: 1)
        var short = SprintMembership(weekend, in: state)
        XCTAssertEqual(["2024-W47", "2024-W48", "2024-W49"].map { short.holdsWorkingDay(week: $0) }, [false, true, false])
    }

    func testTheBoardHoldsFiledTasksAndTheTasksOfItsWeeks() throws {
        let (f, sprint, tasks) = try team()
        var board = try f.sprints.board("sprint 3")
        XCTAssertEqual(Set(board.members.flatMap { $0.tasks.flatMap(\.flattened) }.map(\.title)), ["화면 연결", "소켓 재연결"])
        XCTAssertEqual(board.done, 1)
        XCTAssertEqual(board.total, 2)

        let edited = try f.tasks.edit(tasks["c"]?.id.rawValue ?? "", .init(sprint: "Sprint 3"))
        XCTAssertEqual(edited.sprint, sprint.id.rawValue)
        XCTAssertEqual(edited.week, "2024-W50", "filing in a sprint keeps the week")
        board = try f.sprints.board(nil)
        let minsu = try XCTUnwrap(board.members.first { $0.member.name == "민수" })
        XCTAssertEqual(minsu.tasks.map(\.task.title), ["화면 연결", "접근성 라벨"])
        XCTAssertEqual(minsu.tasks.last?.subtasks.map(\.task.title), ["VoiceOver 순서"], "the sub-task comes with its parent")
        XCTAssertEqual(minsu.done, 0)
        XCTAssertEqual(minsu.total, 3)
        XCTAssertEqual(board.done, 1)
        XCTAssertEqual(board.total, 4)
        XCTAssertEqual(board.daysLeft, 9, "Tue 19 to Fri 22 and Mon 25 to Fri 29")
        XCTAssertEqual(board.today.description, "2024-11-19")

        let listed = try f.tasks.list(.init(sprint: "Sprint 3"))
        XCTAssertEqual(listed.map(\.title), ["화면 연결", "소켓 재연결", "접근성 라벨", "VoiceOver 순서"])
        XCTAssertEqual(try f.tasks.list(.init(week: "2024-W48", sprint: "Sprint 3")).map(\.title), ["소켓 재연결"])
        XCTAssertEqual(try f.tasks.list(.init(sprint: "Sprint 4")).map(\.title), ["다음 스프린트 일"],
                       "a task filed in another sprint leaves the sprint of its week")

        try f.tasks.edit(tasks["c"]?.id.rawValue ?? "", .init(noSprint: true))
        XCTAssertEqual(try f.sprints.board("Sprint 3").total, 2)
        let count = try f.eventCount()
        assertError(.usage) { try f.tasks.edit(tasks["c"]?.id.rawValue ?? "", .init(sprint: "Sprint 3", noSprint: true)) }
        let unknown = assertError(.notFound) { try f.tasks.edit(tasks["a"]?.id.rawValue ?? "", .init(sprint: "Sprint 9")) }
        XCTAssertEqual(unknown?.hints.first, "Known sprints:")
        XCTAssertTrue(unknown?.hints.contains("  Sprint 3 (2024-11-18 – 2024-11-29)") == true, "\(unknown?.hints ?? [])")
        XCTAssertEqual(try f.eventCount(), count, "refused edits append nothing")
        assertError(.notFound) { try f.sprints.board("Sprint 9") }
    }

    /// The board counts its unassigned tasks (sub-tasks included) and its goals itself, so the
    /// terminal only prints the figures.
    func testTheBoardCountsUnassignedTasksAndGoals() throws {
        let (f, _, _) = try team()
        let loose = try f.tasks.add(title: "담당 없음", .init(week: "2024-W47"))
        let sub = try f.tasks.add(title: "하위 작업", .init(parent: loose.id.rawValue))
        _ = try f.tasks.add(title: "하위 작업 둘", .init(parent: loose.id.rawValue))
        try f.tasks.check(sub.id.rawValue)
        try f.goals.add(title: "스프린트 목표", week: "2024-W47", sprint: "Sprint 3")
        let board = try f.sprints.board("Sprint 3")
        XCTAssertEqual(board.unassigned.map(\.task.title), ["담당 없음"])
        XCTAssertTrue(board.unassignedProgress == (1, 3), "\(board.unassignedProgress)")
        XCTAssertTrue(board.goalProgress == (0, 1), "\(board.goalProgress)")
    }

    func testGoalsMoveInAndOutOfSprints() throws {
        let (f, sprint, _) = try team()
        let goal = try f.goals.add(title: "데모 준비")
        XCTAssertEqual(try f.goals.edit(goal.id.rawValue, title: nil, week: nil, sprint: "Sprint 3").sprint, sprint.id.rawValue)
        XCTAssertEqual(try f.sprints.board(nil).goals.map(\.title), ["데모 준비"])
        XCTAssertNil(try f.goals.edit(goal.id.rawValue, title: nil, week: nil, noSprint: true).sprint)
        XCTAssertEqual(try f.sprints.board(nil).goals, [])
        assertError(.usage) { try f.goals.edit(goal.id.rawValue, title: nil, week: nil) }
    }

    func testWorkingDaysLeftAndWeeksInside() throws {
        func day(_ text: String) -> Day { Day(parsing: text) ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .gmt) }
        let sprint = Sprint(id: "s", name: "S", from: day("2024-11-18"), to: day("2024-11-29"), removed: false, clock: 1)
        XCTAssertEqual(sprint.workingDaysLeft(today: day("2024-11-01")), 10, "before the start: the whole sprint")
        XCTAssertEqual(sprint.workingDaysLeft(today: day("2024-11-23")), 5, "a Saturday counts from Monday")
        XCTAssertEqual(sprint.workingDaysLeft(today: day("2024-11-29")), 1, "the last Friday itself")
        XCTAssertEqual(sprint.workingDaysLeft(today: day("2024-11-30")), 0)
        XCTAssertEqual(Day.workingDays(from: day("0001-01-01"), through: day("9999-12-31")), 2_608_615, "arithmetic, not a walk")
        let weekend = Sprint(id: "s", name: "w", from: day("2024-11-16"), to: day("2024-11-29"), removed: false, clock: 1)
        XCTAssertFalse(weekend.holdsWorkingDay(of: ISOWeek(year: 2024, week: 46)), "only its Saturday and Sunday")
        XCTAssertTrue(weekend.holdsWorkingDay(of: ISOWeek(year: 2024, week: 47)))
        XCTAssertTrue(weekend.holdsWorkingDay(of: ISOWeek(year: 2024, week: 48)))
        XCTAssertFalse(weekend.holdsWorkingDay(of: ISOWeek(year: 2024, week: 49)))
    }
}
