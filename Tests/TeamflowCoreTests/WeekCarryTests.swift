import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `week carry`: one event moves a week's open work on, both weeks keep the record, undo takes
/// it back, and bad input appends nothing.
final class WeekCarryTests: XCTestCase {
    static let w47 = ISOWeek(year: 2024, week: 47), w48 = ISOWeek(year: 2024, week: 48), w49 = ISOWeek(year: 2024, week: 49)

    /// Tuesday of W47: 지혜 has a parent with a done and an open sub-task, a done task and a
    /// task in progress elsewhere; 건우 one open task; one unassigned; one removed.
    struct Week47 {
        var f = Fixture()
        let parent: TeamTask, doneSub: TeamTask, openSub: TeamTask, doneTask: TeamTask, doing: TeamTask, loose: TeamTask
        let removed: TeamTask, next: TeamTask

        init() throws {
            try f.members.add(name: "지혜", handle: "jihye")
            try f.members.add(name: "건우")
            parent = try f.tasks.add(title: "화면간 연결", .init(member: "지혜"))
            doneSub = try f.tasks.add(title: "버튼 배치", .init(parent: parent.id.rawValue))
            openSub = try f.tasks.add(title: "전환 애니메이션", .init(parent: parent.id.rawValue))
            doneTask = try f.tasks.add(title: "DI", .init(member: "지혜"))
            doing = try f.tasks.add(title: "코드 리뷰", .init(member: "건우"))
            loose = try f.tasks.add(title: "회고 준비")
            removed = try f.tasks.add(title: "지운 일", .init(member: "건우"))
            next = try f.tasks.add(title: "다음 주 새 일", .init(member: "지혜", week: "2024-W48"))
            try f.tasks.check(doneSub.id.rawValue)
            try f.tasks.check(doneTask.id.rawValue)
            try f.tasks.start(doing.id.rawValue)
            try f.tasks.remove(removed.id.rawValue)
            f.session.now = Timestamp.parse("2024-11-25T09:00:00+09:00") ?? f.session.now // Monday of W48
        }

        var weeks: WeekUseCases { WeekUseCases(repository: f.repository, session: f.session) }
        func board(_ week: ISOWeek) throws -> WeekBoard { WeekBoard(state: try f.state(), week: week, today: f.session.today) }
    }

    func testCarryMovesOpenWorkInOneEventAndTheOldWeekKeepsTheRecord() throws {
        let s = try Week47()
        let before = try s.f.eventCount()
        let carried = try s.weeks.carry() // defaults: last week -> this week
        XCTAssertEqual(try s.f.eventCount(), before + 1, "one event, one commit")
        XCTAssertEqual([carried.from, carried.to], [Self.w47, Self.w48])
        XCTAssertEqual(Set(carried.tasks.map(\.id)), Set([s.parent.id, s.openSub.id, s.doing.id, s.loose.id]))
        let state = try s.f.state()
        for task in carried.tasks { XCTAssertEqual(state.tasks[task.id]?.week, "2024-W48", task.title) }
        XCTAssertEqual(state.tasks[s.parent.id]?.carries, [TaskCarry(from: "2024-W47", to: "2024-W48", at: "2024-11-25T09:00:00+09:00")])
        XCTAssertEqual(state.tasks[s.parent.id]?.carriedAt, "2024-11-25T09:00:00+09:00")
        XCTAssertEqual(state.tasks[s.doing.id]?.status, .doing, "a carried task keeps its status")
        XCTAssertEqual(state.tasks[s.doneSub.id]?.week, "2024-W47", "done sub-tasks stay where they were done")
        XCTAssertEqual(state.tasks[s.doneTask.id]?.week, "2024-W47")
        XCTAssertEqual(state.tasks[s.removed.id]?.week, "2024-W47", "removed tasks are not carried")

        // W47 keeps them, as carried and not done: 지혜 did 2 of 4 there.
        let old = try s.board(Self.w47)
        let jihye = try XCTUnwrap(old.members.first { $0.member.name == "지혜" })
        XCTAssertEqual([jihye.done, jihye.total], [2, 4])
        let record = try XCTUnwrap(jihye.tasks.first)
        XCTAssertEqual(record.task.id, s.parent.id)
        XCTAssertEqual(record.carriedTo, "2024-W48")
        XCTAssertEqual(record.subtasks.map(\.task.id), [s.doneSub.id, s.openSub.id], "the done sub-task still shows under its parent")
        XCTAssertEqual(record.subtasks.map(\.carriedTo), [nil, "2024-W48"])
        XCTAssertEqual(old.unassigned.map(\.carriedTo), ["2024-W48"])
        XCTAssertEqual(old.members.first { $0.member.name == "건우" }.map { [$0.done, $0.total] }, [0, 1])

        // W48 lists carried work first under each member, with the week it came from.
        let new = try s.board(Self.w48)
        let column = try XCTUnwrap(new.members.first { $0.member.name == "지혜" })
        XCTAssertEqual(column.tasks.map(\.task.id), [s.parent.id, s.next.id], "carried first, then new work")
        XCTAssertEqual(column.tasks.map(\.carriedFrom), ["2024-W47", nil])
        XCTAssertEqual(column.tasks.first?.subtasks.map(\.task.id), [s.openSub.id], "only the open sub-task came along")
        XCTAssertEqual([column.done, column.total], [0, 3])
    }

    func testCarryingTwiceCarriesNothingNewAndAppendsNothing() throws {
        let s = try Week47()
        try s.weeks.carry(from: "2024-W47", to: "2024-W48")
        let count = try s.f.eventCount()
        let error = assertError(.conflict) { try s.weeks.carry() }
        XCTAssertTrue(error?.message.contains("nothing open in 2024-W47") == true, error?.description ?? "")
        XCTAssertTrue(error?.description.contains("4 items were already carried") == true, error?.description ?? "")
        XCTAssertEqual(try s.f.eventCount(), count)
    }

    func testATaskCarriedTwiceShowsAsCarriedOnBothEarlierBoards() throws {
        var s = try Week47()
        try s.weeks.carry(from: "2024-W47", to: "2024-W48")
        s.f.session.now = Timestamp.parse("2024-12-02T09:00:00+09:00") ?? s.f.session.now
        let second = try s.weeks.carry()
        XCTAssertEqual([second.from, second.to], [Self.w48, Self.w49])
        XCTAssertEqual(try s.f.state().tasks[s.parent.id]?.carriedOutOf, ["2024-W47", "2024-W48"])
        let first = try s.board(Self.w47).members.first?.tasks.first
        XCTAssertEqual(first?.carriedTo, "2024-W48", "W47 shows where it went from there")
        let middle = try s.board(Self.w48).members.first?.tasks.first { $0.task.id == s.parent.id }
        XCTAssertEqual(middle?.carriedTo, "2024-W49")
        XCTAssertEqual(middle?.countsDone, false)
        let last = try s.board(Self.w49).members.first?.tasks.first
        XCTAssertEqual([last?.task.id.rawValue, last?.carriedFrom], [s.parent.id.rawValue, "2024-W48"])
    }

    func testUndoOfACarryMovesEverythingBack() throws {
        let s = try Week47()
        let boardBefore = try s.board(Self.w47)
        try s.weeks.carry()
        let outcome = try s.f.undo.undo()
        XCTAssertEqual(outcome.undone.type, TaskCarried.type)
        XCTAssertEqual(outcome.written.type, TaskUncarried.type)
        let state = try s.f.state()
        for id in [s.parent.id, s.openSub.id, s.doing.id, s.loose.id] {
            XCTAssertEqual(state.tasks[id]?.week, "2024-W47")
            XCTAssertEqual(state.tasks[id]?.carries, [])
        }
        XCTAssertEqual(try s.board(Self.w47), boardBefore, "the board is as it was")
        XCTAssertEqual(try s.board(Self.w48).members.first?.tasks.map(\.task.id), [s.next.id])
        XCTAssertNoThrow(try s.weeks.carry(), "the week can be carried again")
    }

    func testBadInputAppendsNothing() throws {
        let s = try Week47()
        let count = try s.f.eventCount()
        let backwards = assertError(.conflict) { try s.weeks.carry(from: "2024-W48", to: "2024-W47") }
        XCTAssertTrue(backwards?.message.contains("the week carried into must be later") == true, backwards?.description ?? "")
        XCTAssertEqual(backwards?.reason, .carryBackwards(from: "2024-W48", to: "2024-W47"))
        assertError(.conflict) { try s.weeks.carry(from: "2024-W47", to: "2024-W47") }
        let empty = assertError(.conflict) { try s.weeks.carry(from: "2024-W40", to: "2024-W41") }
        XCTAssertTrue(empty?.message.contains("nothing open in 2024-W40") == true, empty?.description ?? "")
        assertError(.usage) { try s.weeks.carry(from: "2024-W99") }
        XCTAssertEqual(try s.f.eventCount(), count)
    }

    /// Two clones that both carry the same week: the later event finds nothing to move and
    /// the state is the same in any arrival order.
    func testConcurrentCarriesMoveEachTaskOnce() throws {
        let s = try Week47()
        let base = try s.f.repository.events()
        let open = [s.parent.id, s.openSub.id, s.doing.id, s.loose.id]
        let next = (base.map(\.clock).max() ?? 0) + 1
        func carry(_ id: String, at: String) -> Event {
            Event(id: id, type: TaskCarried.type, at: at, author: Author(name: "a", email: "a@x"), clock: next,
                  data: TaskCarried(from: "2024-W47", to: "2024-W48", tasks: open).data)
        }
        let events = base + [carry("ffff0001", at: "2024-11-25T09:00:00+09:00"), carry("ffff0002", at: "2024-11-25T10:00:00+09:00")]
        let state = TeamState.derive(from: events)
        XCTAssertEqual(state, TeamState.derive(from: events.reversed()))
        XCTAssertEqual(state.tasks[s.parent.id]?.carries.count, 1)
        XCTAssertEqual(state.tasks[s.parent.id]?.carriedAt, "2024-11-25T09:00:00+09:00", "the first in (clock, id) order moved it")
        XCTAssertNil(UndoUseCase.compensation(for: events[events.count - 1], before: TeamState.derive(from: Array(events.dropLast()))),
                     "the carry that moved nothing has nothing to undo")
    }

    func testOverdueTasksAcrossWeeks() throws {
        let f = Fixture() // today: 2024-11-19
        try f.members.add(name: "지혜")
        let late = try f.tasks.add(title: "지난주 마감", .init(member: "지혜", week: "2024-W46", due: "2024-11-15"))
        let lateHere = try f.tasks.add(title: "어제 마감", .init(due: "2024-11-18"))
        let done = try f.tasks.add(title: "끝낸 일", .init(week: "2024-W46", due: "2024-11-14"))
        try f.tasks.check(done.id.rawValue)
        try f.tasks.add(title: "오늘 마감", .init(due: "2024-11-19"))
        let gone = try f.tasks.add(title: "지운 일", .init(due: "2024-11-01"))
        try f.tasks.remove(gone.id.rawValue)
        let board = WeekBoard(state: try f.state(), week: Self.w47, today: f.session.today)
        XCTAssertEqual(board.overdueTasks.map(\.task.id), [late.id, lateHere.id], "open, past due, any week, earliest first")
        XCTAssertEqual(board.overdueTasks.first?.memberName, "지혜")
        XCTAssertEqual(board.unassigned.count, 2, "the week's own tasks are unchanged")
        XCTAssertTrue(lateHere.isOverdue(today: f.session.today))
        XCTAssertFalse(try XCTUnwrap(f.state().tasks[done.id]).isOverdue(today: f.session.today))
    }

    func testOverdueListSaysWhereACarriedTaskCameFrom() throws {
        let s = try Week47()
        try s.f.tasks.edit(s.parent.id.rawValue, .init(due: "2024-11-22"))
        try s.f.tasks.edit(s.loose.id.rawValue, .init(week: "2024-W46", due: "2024-11-20"))
        _ = try s.weeks.carry()
        let board = try s.board(Self.w48)
        XCTAssertEqual(board.overdueTasks.map(\.task.id), [s.loose.id, s.parent.id])
        XCTAssertEqual(board.overdueTasks.map(\.carriedFrom), [nil, "2024-W47"], "as under its member: it came from W47")
        XCTAssertEqual(board.overdueTasks.map(\.carriedTo), [nil, nil], "open in its own week")
    }
}
