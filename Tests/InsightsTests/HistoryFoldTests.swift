import XCTest
import TeamflowCore
import TeamflowTestSupport

/// The items' history in the state: `createdAt`, `doneAt` (set by the event that made the item
/// done, cleared when it leaves done) and `removedAt` (cleared by a restore).
final class HistoryFoldTests: XCTestCase {
    func testTheRecordedWeeksDateEveryTaskAndGoal() throws {
        let s = try TwoWeekScenario.recorded()
        let state = try s.state()
        let task = { (title: String) in state.tasks[s.id(title)] }
        XCTAssertEqual(task("로그인")?.createdAt, "2024-11-15T17:02:00+09:00")
        XCTAssertEqual(task("로그인")?.doneAt, "2024-11-19T18:00:00+09:00")
        XCTAssertNil(task("로그인")?.removedAt)
        // Checked on Wednesday, unchecked on Thursday, checked again the next week: the last check counts.
        XCTAssertEqual(task("리뷰")?.doneAt, "2024-11-27T10:00:00+09:00")
        XCTAssertEqual(task("중복")?.doneAt, "2024-11-19T12:00:00+09:00")
        XCTAssertEqual(task("중복")?.removedAt, "2024-11-20T10:00:00+09:00")
        XCTAssertEqual(task("취소")?.removedAt, "2024-11-20T10:30:00+09:00")
        XCTAssertNil(task("취소")?.doneAt)
        XCTAssertEqual(task("추가")?.doneAt, "2024-11-24T15:30:00Z", "kept as written")
        XCTAssertEqual(state.goals[s.id("배포")]?.doneAt, "2024-11-21T16:00:00+09:00")
    }

    func testUncheckStartAndUndoClearOrRedateDoneAt() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00")
        let task = try f.tasks.add(title: "로그인")
        let goal = try f.goals.add(title: "배포")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T10:00:00+09:00"))
        try f.tasks.check(task.id.rawValue)
        try f.goals.check(goal.id.rawValue)
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T11:00:00+09:00"))
        try f.tasks.check(task.id.rawValue) // already done: the first check keeps its time
        try f.goals.check(goal.id.rawValue)
        XCTAssertEqual(try f.state().tasks[task.id]?.doneAt, "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(try f.state().goals[goal.id]?.doneAt, "2024-11-19T10:00:00+09:00")

        try f.tasks.start(task.id.rawValue)
        try f.goals.uncheck(goal.id.rawValue)
        XCTAssertNil(try f.state().tasks[task.id]?.doneAt)
        XCTAssertNil(try f.state().goals[goal.id]?.doneAt)
        XCTAssertEqual(try f.state().tasks[task.id]?.status, .doing)

        // Undoing the uncheck checks the goal again, dated by the undo.
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-20T09:00:00+09:00"))
        try f.undo.undo()
        XCTAssertEqual(try f.state().goals[goal.id]?.doneAt, "2024-11-20T09:00:00+09:00")
    }

    func testRemoveAndRestoreDateTheTaskItsSubtasksAndGoals() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00")
        let parent = try f.tasks.add(title: "로그인")
        let child = try f.tasks.add(title: "토큰", .init(parent: parent.id.rawValue))
        let goal = try f.goals.add(title: "배포")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T10:00:00+09:00"))
        try f.tasks.remove(parent.id.rawValue)
        try f.goals.remove(goal.id.rawValue)
        var state = try f.state()
        XCTAssertEqual(state.tasks[parent.id]?.removedAt, "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(state.tasks[child.id]?.removedAt, "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(state.goals[goal.id]?.removedAt, "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(state.tasks[child.id]?.createdAt, "2024-11-18T09:00:00+09:00")

        try f.undo.undo() // restores the goal
        try f.undo.undo() // restores the tasks
        state = try f.state()
        XCTAssertNil(state.goals[goal.id]?.removedAt)
        XCTAssertEqual(state.goals[goal.id]?.removed, false)
        XCTAssertNil(state.tasks[parent.id]?.removedAt)
        XCTAssertNil(state.tasks[child.id]?.removedAt)
    }

    func testAnImportedDoneTaskIsDatedByItsAddingEvent() {
        let added = Event(id: "aaaa00000000000000000001", type: EventType.taskAdded, at: "2024-11-18T09:00:00+09:00",
                          author: Author(name: "Kim", email: "kim@example.com"), clock: 1,
                          data: ["title": .string("이관"), "week": .string("2024-W47"), "done": .bool(true)])
        let state = TeamState.derive(from: [added])
        XCTAssertEqual(state.tasks[added.id]?.doneAt, "2024-11-18T09:00:00+09:00")
        XCTAssertEqual(state.tasks[added.id]?.createdAt, "2024-11-18T09:00:00+09:00")
    }
}
