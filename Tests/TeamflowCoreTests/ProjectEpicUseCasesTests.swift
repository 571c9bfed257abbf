import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

final class ProjectEpicUseCasesTests: XCTestCase {
    func testProjectsOverdueAndStatusFilters() throws {
        let f = Fixture() // today is 2024-11-19 in Seoul
        let late = try f.projects.add(name: "앱 출시 🚀", due: "2024-11-18", description: "첫 버전")
        try f.projects.add(name: "Today", due: "2024-11-19")
        let doneLate = try f.projects.add(name: "Old", due: "2024-01-01")
        try f.projects.move(doneLate.id.rawValue, to: "done")
        XCTAssertEqual(try f.projects.list(overdue: true).map(\.id), [late.id])
        XCTAssertEqual(try f.projects.list(status: "done").map(\.name), ["Old"])
        assertError(.usage) { try f.projects.list(status: "later") }
        assertError(.usage) { try f.projects.move("앱 출시 🚀", to: "finished") }
        assertError(.usage) { try f.projects.add(name: "x", due: "2024-11-31") }
        assertError(.usage) { try f.projects.add(name: "   ") }
        let edited = try f.projects.edit("앱 출시 🚀", due: "none")
        XCTAssertNil(edited.due)
        XCTAssertEqual(edited.description, "첫 버전")
    }

    func testOverdueFollowsTimeZone() throws {
        // 2024-11-18T20:00Z is already 11-19 in Seoul but still 11-18 in UTC.
        var f = Fixture(now: "2024-11-18T20:00:00Z")
        try f.projects.add(name: "P", due: "2024-11-18")
        XCTAssertEqual(try f.projects.list(overdue: true).count, 1)
        f.session.timeZone = TimeZone(identifier: "UTC")!
        XCTAssertEqual(try f.projects.list(overdue: true).count, 0)
    }

    func testRemoveWithEpicsNeedsForceWhichDetaches() throws {
        let f = Fixture()
        let project = try f.projects.add(name: "앱")
        let epic = try f.epics.add(title: "로그인", project: "앱")
        XCTAssertEqual(epic.project, project.id)
        let before = try f.eventCount()
        assertError(.conflict) { try f.projects.remove("앱") }
        XCTAssertEqual(try f.eventCount(), before)
        try f.projects.remove("앱", force: true)
        XCTAssertNil(try f.state().epics[epic.id]?.project)
        XCTAssertEqual(try f.eventCount(), before + 1)
        assertError(.conflict) { try f.projects.remove("앱") }
        XCTAssertEqual(try f.eventCount(), before + 1, "removing twice appends nothing")
        assertError(.notFound) { try f.epics.add(title: "x", project: "앱") }
    }

    func testEpicMoveEditListProgress() throws {
        let f = Fixture()
        try f.projects.add(name: "앱")
        let epic = try f.epics.add(title: "결제 💳", project: "앱")
        try f.epics.add(title: "Other")
        let t1 = try f.tasks.add(title: "a", .init(epic: "결제 💳"))
        try f.tasks.add(title: "b", .init(epic: epic.shortID))
        try f.tasks.check(t1.id.rawValue)
        let list = try f.epics.list(project: "앱")
        XCTAssertEqual(list.map(\.epic.title), ["결제 💳"])
        XCTAssertEqual(list.first.map { [$0.done, $0.total] }, [1, 2])
        XCTAssertEqual(try f.epics.move("결제 💳", to: "doing").status, .doing)
        XCTAssertNil(try f.epics.edit(epic.id.rawValue, project: "none").project)
        try f.epics.remove("Other")
        assertError(.conflict) { try f.epics.remove("Other") }
        XCTAssertEqual(try f.epics.list().count, 1)
    }
}
