import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// One way to name anything: an id prefix, the exact title, or a unique part of the title
/// (case- and width-insensitive), with the same errors for none and for several.
final class NamingTests: XCTestCase {
    func testGoalsAreNamedByTitleOrPartOfOneThisWeeksFirst() throws {
        let f = Fixture()
        let deploy = try f.goals.add(title: "배포 꼭 하기")
        _ = try f.goals.add(title: "배포 꼭 하기", week: "2024-W46")
        _ = try f.goals.add(title: "PR 리뷰")
        XCTAssertEqual(try f.goals.check("배포 꼭 하기").id, deploy.id, "the exact title names this week's goal")
        XCTAssertEqual(try f.goals.uncheck("배포").id, deploy.id, "a unique part of the title")
        XCTAssertEqual(try f.goals.check("ｐｒ 리뷰").title, "PR 리뷰", "width and case folded")
        XCTAssertEqual(try f.goals.check(String(deploy.id.rawValue.prefix(6))).id, deploy.id, "an id prefix still works")
        let none = assertError(.notFound) { try f.goals.check("회고") }
        XCTAssertEqual(none?.reason, .notFound(.goal, text: "회고", nearest: []))
    }

    func testAPartOfATitleMatchingSeveralIsAmbiguousWithCandidates() throws {
        let f = Fixture()
        let api = try f.tasks.add(title: "방 생성 API")
        let ui = try f.tasks.add(title: "방 생성 UI")
        let error = assertError(.ambiguous) { try f.tasks.check("방 생성") }
        guard case .ambiguous(.task, "방 생성", let candidates)? = error?.reason else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(Set(candidates.map(\.id)), [api.id.rawValue, ui.id.rawValue])
        XCTAssertEqual(try f.tasks.check("생성 api").id, api.id, "a unique part, any case")
    }

    func testEpicsProjectsSprintsAndMembersByPartOfTheirName() throws {
        let f = Fixture()
        let project = try f.projects.add(name: "앱 출시 2.0")
        let epic = try f.epics.add(title: "에픽 2: 방 화면", project: "출시")
        XCTAssertEqual(epic.project, project.id)
        let task = try f.tasks.add(title: "방 나가기")
        XCTAssertEqual(try f.tasks.edit(task.id.rawValue, .init(epic: "에픽 2")).epic, epic.id)
        let sprint = try f.sprints.add(name: "Sprint 12", from: "2024-11-18", to: "2024-11-29")
        XCTAssertEqual(try f.tasks.edit(task.id.rawValue, .init(sprint: "sprint 1")).sprint, sprint.id.rawValue)
        let member = try f.members.add(name: "홍석영", handle: "seokyoung")
        XCTAssertEqual(try f.tasks.add(title: "리뷰", .init(member: "석영")).member, member.id)
    }

    /// Histories list changes in time order: a change made at 14:00 on another clone that
    /// folded after mine of 14:30 (a higher clock) is listed first.
    func testTaskHistoryIsInTimeOrderTiesByClock() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "방 나가기")
        let clone = Author(name: "석영", email: "sy@example.com")
        _ = try f.repository.append([EventDraft(TaskStarted(task: task.id), summary: "start")], author: f.session.author ?? clone,
                                    at: "2024-11-19T14:30:00+09:00")
        _ = try f.repository.append([EventDraft(TaskChecked(task: task.id), summary: "check")], author: clone,
                                    at: "2024-11-19T05:00:00Z") // 14:00 in Seoul, written with another offset
        let queries = Queries(repository: f.repository, session: f.session)
        let history = try queries.taskDetail(task.id.rawValue).history
        XCTAssertEqual(history.map(\.type), ["task.added", "task.checked", "task.started"])
        XCTAssertEqual(try f.state().tasks[task.id]?.status, .done, "the fold still goes by clock: the check folded last")
    }
}
