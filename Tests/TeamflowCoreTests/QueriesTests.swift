import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `Queries`: what the executable prints, computed in the library.
final class QueriesTests: XCTestCase {
    func testTaskViewsCarryTheMembersCurrentName() throws {
        let fixture = Fixture()
        let member = try fixture.members.add(name: "Minsu", handle: "minsu")
        let assigned = try fixture.tasks.add(title: "API", TaskUseCases.NewTask(member: "minsu"))
        let loose = try fixture.tasks.add(title: "Docs")
        let queries = Queries(repository: fixture.repository, session: fixture.session)
        XCTAssertEqual(try queries.view(assigned), TaskView(task: assigned, memberName: "Minsu"))
        XCTAssertNil(try queries.view(loose).memberName)
        _ = try fixture.members.rename(member.id.rawValue, to: "Min-su")
        let open = try queries.tasks(TaskUseCases.Filter(member: "minsu", done: false))
        XCTAssertEqual(open.map(\.task.title), ["API"])
        XCTAssertEqual(open.map(\.memberName), ["Min-su"])
        let list = try queries.taskList(TaskUseCases.Filter(week: "all"))
        XCTAssertEqual(list.tasks.map(\.title), ["API", "Docs"], "in the order they were added")
        XCTAssertEqual(list.memberNames, ["Min-su", nil], "each name beside its task")
        XCTAssertEqual(list.views, try queries.tasks(TaskUseCases.Filter(week: "all")))
    }

    func testEpicProgressCountsItsTasks() throws {
        let fixture = Fixture()
        let epic = try fixture.epics.add(title: "Login")
        let task = try fixture.tasks.add(title: "Form", TaskUseCases.NewTask(epic: "Login"))
        _ = try fixture.tasks.add(title: "Token", TaskUseCases.NewTask(epic: "Login"))
        _ = try fixture.tasks.check(task.id.rawValue)
        let progress = try Queries(repository: fixture.repository, session: fixture.session).progress(of: epic)
        XCTAssertEqual(progress.done, 1)
        XCTAssertEqual(progress.total, 2)
    }

    func testWeekBoardOfTheGivenOrCurrentWeek() throws {
        let fixture = Fixture()
        _ = try fixture.goals.add(title: "Ship", week: "2024-W47")
        let queries = Queries(repository: fixture.repository, session: fixture.session)
        XCTAssertEqual(try queries.weekBoard(nil).goals.map(\.title), ["Ship"], "the fixture's today is in 2024-W47")
        XCTAssertEqual(try queries.weekBoard("2024-W48").goals, [])
        XCTAssertEqual(try queries.weekBoard("2024-W48").week.description, "2024-W48")
    }

    func testCompletionNamesByKind() throws {
        let fixture = Fixture()
        _ = try fixture.members.add(name: "Minsu", handle: "minsu")
        _ = try fixture.epics.add(title: "Login")
        XCTAssertEqual(try Queries.completionNames("members", in: fixture.repository), ["Minsu", "minsu"])
        XCTAssertEqual(try Queries.completionNames("epics", in: fixture.repository), ["Login"])
        XCTAssertEqual(try Queries.completionNames("sprints", in: fixture.repository), [])
        assertError(.usage) { try Queries.completionNames("goals", in: fixture.repository) }
    }
}
