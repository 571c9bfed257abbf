import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Several ids in one command: all resolved first, one append, one undo.
final class MultiIDUseCasesTests: XCTestCase {
    func testCheckingSeveralTasksIsOneBatchAndOneUndo() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "A"), _ = try f.tasks.add(title: "B"), c = try f.tasks.add(title: "C")
        let before = try f.eventCount()
        let checked = try f.tasks.check([a.shortID, "B", c.id.rawValue, a.id.rawValue])
        XCTAssertEqual(checked.map(\.title), ["A", "B", "C"], "a repeated task counts once")
        XCTAssertTrue(checked.allSatisfy(\.done))
        let written = try f.repository.events().suffix(3)
        XCTAssertEqual(try f.eventCount(), before + 3)
        let tokens = Set(written.compactMap { $0.batch })
        XCTAssertEqual(tokens.count, 1, "one token for the whole command")
        let outcome = try f.undo.undo()
        XCTAssertEqual(outcome.allUndone.count, 3)
        XCTAssertTrue(try f.state().liveTasks.allSatisfy { $0.status == .todo }, "the whole command is undone")
        XCTAssertThrowsError(try f.undo.undo(written.first.map { $0.id } ?? ""), "already undone")
    }

    /// Batch tokens are visible in the history: a teammate's event carrying mine (forged, or
    /// arriving by sync) is not taken back by my undo of the batch.
    func testUndoOfABatchLeavesAnotherAuthorsEventWithTheSameToken() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "A"), b = try f.tasks.add(title: "B")
        let theirs = try f.tasks.add(title: "theirs")
        try f.tasks.check([a.id.rawValue, b.id.rawValue])
        let token = try XCTUnwrap(f.repository.events().last?.batch)
        var forged = EventDraft(TaskChecked(task: theirs.id), summary: "task: check")
        forged.batch = token
        _ = try f.repository.append([forged], author: Author(name: "Mallory", email: "m@example.com"), at: "2024-11-19T11:00:00+09:00")
        let mine = try XCTUnwrap(f.repository.events().dropLast().last?.id)
        let outcome = try f.undo.undo(mine)
        XCTAssertEqual(outcome.allUndone.count, 2, "only my two checks")
        XCTAssertEqual(try f.state().tasks[theirs.id]?.status, .done, "their check stays")
        XCTAssertEqual(try f.state().tasks[a.id]?.status, .todo)
    }

    func testOneUnknownOrAmbiguousIDAppendsNothing() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "A")
        try f.tasks.add(title: "B")
        let before = try f.eventCount()
        assertError(.notFound) { try f.tasks.check([a.id.rawValue, "ffffffff"]) }
        assertError(.notFound) { try f.tasks.remove(["B", "없는 일"]) }
        assertError(.notFound) { try f.tasks.edit([a.id.rawValue, "nope"], .init(week: "2024-W48")) }
        assertError(.notFound) { try f.tasks.move(["B", "nope"], to: "doing") }
        XCTAssertEqual(try f.eventCount(), before)
        XCTAssertEqual(try f.state().liveTasks.map(\.status), [.todo, .todo])
    }

    func testEditMoveAndRemoveSeveral() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "A"), b = try f.tasks.add(title: "B")
        let sub = try f.tasks.add(title: "A1", .init(parent: a.id.rawValue))
        let edited = try f.tasks.edit([a.id.rawValue, b.id.rawValue], .init(week: "2024-W48", due: "2024-11-29"))
        XCTAssertEqual(edited.map(\.week), ["2024-W48", "2024-W48"])
        XCTAssertEqual(try f.tasks.move([a.id.rawValue, b.id.rawValue], to: "doing").map(\.status), [.doing, .doing])
        assertError(.usage) { try f.tasks.move([a.id.rawValue], to: "later") }
        assertError(.usage) { try f.tasks.edit([a.id.rawValue, b.id.rawValue], .init()) }
        assertError(.usage) { try f.tasks.edit([a.id.rawValue, b.id.rawValue], .init(title: "같은 제목")) }
        // The sub-task given beside its parent is removed with it, in one event.
        let before = try f.eventCount()
        XCTAssertEqual(try f.tasks.remove([sub.id.rawValue, a.id.rawValue, b.id.rawValue]).count, 3)
        XCTAssertEqual(try f.eventCount(), before + 2)
        XCTAssertTrue(try f.state().liveTasks.isEmpty)
        try f.undo.undo()
        XCTAssertEqual(try f.state().liveTasks.map(\.title), ["A", "B", "A1"])
    }

    func testGoalsSeveralAtOnce() throws {
        let f = Fixture()
        let g1 = try f.goals.add(title: "배포"), g2 = try f.goals.add(title: "리뷰")
        XCTAssertEqual(try f.goals.check([g1.shortID, g2.shortID]).map(\.done), [true, true])
        let before = try f.eventCount()
        assertError(.notFound) { try f.goals.uncheck([g1.id.rawValue, "ffffffff"]) }
        XCTAssertEqual(try f.eventCount(), before)
        try f.goals.remove([g1.id.rawValue, g2.id.rawValue])
        XCTAssertTrue(try f.goals.list().isEmpty)
        try f.undo.undo()
        XCTAssertEqual(try f.goals.list().map(\.title), ["배포", "리뷰"])
        XCTAssertTrue(try f.goals.list().allSatisfy(\.done))
    }

    func testASingleIDWritesNoBatchToken() throws {
        let f = Fixture()
        let a = try f.tasks.add(title: "A")
        try f.tasks.check([a.id.rawValue])
        XCTAssertNil(try f.repository.events().last?.batch)
    }
}
