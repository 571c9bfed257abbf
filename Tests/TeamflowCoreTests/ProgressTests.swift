import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Progress where people look: epics and projects with done/total and percent;
/// an epic nobody moved takes its status from its tasks.
final class ProgressTests: XCTestCase {
    func testEpicsDeriveTheirStatusUntilMovedAndProjectsCountTheirEpicsTasks() throws {
        let f = Fixture()
        let app = try f.projects.add(name: "앱")
        let login = try f.epics.add(title: "로그인", project: app.id.rawValue)
        let feed = try f.epics.add(title: "피드", project: app.id.rawValue)
        let empty = try f.epics.add(title: "빈 에픽")
        let first = try f.tasks.add(title: "API", .init(epic: login.id.rawValue))
        let second = try f.tasks.add(title: "화면", .init(epic: login.id.rawValue))
        try f.tasks.add(title: "목록", .init(epic: feed.id.rawValue))
        try f.tasks.add(title: "딴 일")

        func progress(_ epic: Epic) throws -> EpicProgress {
            try XCTUnwrap(try f.epics.list().first { $0.epic.id == epic.id })
        }
        XCTAssertEqual(try progress(login).status, .todo)
        XCTAssertFalse(try progress(login).isDerived)
        try f.tasks.start(first.id.rawValue)
        XCTAssertEqual(try progress(login).status, .doing, "a started task makes it doing")
        try f.tasks.check(first.id.rawValue)
        XCTAssertEqual(try progress(login).percent, 50)
        try f.tasks.check(second.id.rawValue)
        XCTAssertEqual(try progress(login).status, .done, "all tasks done: complete without a move")
        XCTAssertTrue(try progress(login).isDerived)
        XCTAssertEqual(try progress(login).percent, 100)
        XCTAssertNil(try progress(empty).percent)
        XCTAssertEqual(try progress(empty).status, .todo)

        try f.epics.move(login.id.rawValue, to: "doing")
        XCTAssertEqual(try progress(login).status, .doing, "a status set with epic move wins")
        XCTAssertFalse(try progress(login).isDerived)
        try f.epics.move(feed.id.rawValue, to: "done")
        XCTAssertEqual(try progress(feed).status, .done)
        XCTAssertEqual(try progress(feed).done, 0)

        let projects = try f.projects.listWithProgress()
        XCTAssertEqual(projects.map(\.done), [2])
        XCTAssertEqual(projects.map(\.total), [3], "tasks of its epics only")
        XCTAssertEqual(projects.map(\.percent), [66])
        try f.epics.remove(feed.id.rawValue)
        XCTAssertEqual(try f.projects.listWithProgress().map(\.percent), [100], "a removed epic's tasks leave the project")
        XCTAssertEqual(ProgressMath.percent(1, 3), 33)
        XCTAssertNil(ProgressMath.percent(0, 0))
    }
}
