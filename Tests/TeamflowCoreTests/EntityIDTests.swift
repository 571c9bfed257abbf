import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Typed ids: the same text on disk and in JSON, a distinct type per entity, and the use cases
/// reachable with the id a program holds.
final class EntityIDTests: XCTestCase {
    func testAnIDEncodesAsTheTextEventsStore() throws {
        let id: TeamTask.ID = "3f2a9c0d1e2b3a4c5d6e7f80"
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(id), as: UTF8.self), "\"3f2a9c0d1e2b3a4c5d6e7f80\"")
        XCTAssertEqual(try JSONDecoder().decode(TeamTask.ID.self, from: Data("\"abc\"".utf8)).rawValue, "abc")
        XCTAssertEqual(id.short, "3f2a9c0d")
        XCTAssertTrue(id.hasPrefix("3F2A"), "a typed prefix matches in any case, as ids are lower-case hex")
        XCTAssertFalse(id.hasPrefix("3f2b"))
        XCTAssertLessThan(TeamTask.ID("a"), TeamTask.ID("b"))
    }

    func testEventPayloadsReadAndWriteTypedIDs() throws {
        let added = TaskAdded(title: "DI", week: "2024-W47", member: "m1", epic: "e1", parent: "p1")
        let read = try XCTUnwrap(TaskAdded(data: added.data))
        XCTAssertEqual(read.member, Member.ID("m1"))
        XCTAssertEqual(read.parent, TeamTask.ID("p1"))
        XCTAssertEqual(added.data["member"], .string("m1"), "the stored key is unchanged text")
        let carried = TaskCarried(from: "2024-W46", to: "2024-W47", tasks: ["a", "b"])
        XCTAssertEqual(TaskCarried(data: carried.data)?.tasks, ["a", "b"])
    }

    func testTheUseCasesTakeTheIDAProgramHolds() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "방 나가기")
        let goal = try f.goals.add(title: "배포")
        XCTAssertTrue(try f.tasks.check(task.id).done)
        XCTAssertEqual(try f.tasks.find(task.id).id, task.id)
        XCTAssertFalse(try f.tasks.uncheck(task.id).done)
        XCTAssertEqual(try f.tasks.start(task.id).status, .doing)
        XCTAssertTrue(try f.goals.check(goal.id).done)
        XCTAssertEqual(try f.goals.find(goal.id).title, "배포")
        XCTAssertTrue(try f.tasks.remove(task.id).removed)
        let state = try f.state()
        XCTAssertEqual(state.tasks[task.id]?.removed, true, "a table reads by a typed id")
        XCTAssertEqual(state.goals[goal.id]?.done, true)
    }

    func testWeeksAndTimesReadTypedAndKeepWhatTheEventWrote() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "DI")
        XCTAssertEqual(task.isoWeek, ISOWeek(year: 2024, week: 47))
        XCTAssertNotNil(task.createdDate)
        XCTAssertNil(task.doneDate)
        var odd = task
        odd.week = "2024-w47"
        XCTAssertNil(odd.isoWeek, "a week written another way is kept as text, not read as a week")
    }
}
