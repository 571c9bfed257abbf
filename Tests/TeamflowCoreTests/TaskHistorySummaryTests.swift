import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// A task's history from the state alone: added, carried (oldest first), done with its author,
/// removed, due; a fact the state does not hold is left out.
final class TaskHistorySummaryTests: XCTestCase {
    func testAddedCarriedDoneByAndDueInThatOrder() throws {
        var f = Fixture(now: "2024-11-19T10:00:00+09:00", author: Author(name: "지혜", email: "jh@example.com"))
        try f.members.add(name: "지혜")
        let task = try f.tasks.add(title: "화면간 연결", .init(member: "지혜", due: "2024-11-22"))
        f.session.now = Timestamp.parse("2024-11-25T09:00:00+09:00") ?? f.session.now
        try WeekUseCases(repository: f.repository, session: f.session).carry()
        f.session.now = Timestamp.parse("2024-11-27T14:00:00+09:00") ?? f.session.now
        f.session.author = Author(name: "건우", email: "gw@example.com")
        try f.tasks.check(task.id.rawValue)

        let summary = TaskHistorySummary(task: try XCTUnwrap(f.state().tasks[task.id]))
        XCTAssertEqual(summary.taskID, task.id)
        XCTAssertEqual(summary.lines, [
            .added(at: "2024-11-19T10:00:00+09:00"),
            .carried(from: "2024-W47", to: "2024-W48", at: "2024-11-25T09:00:00+09:00"),
            .done(at: "2024-11-27T14:00:00+09:00", by: Author(name: "건우", email: "gw@example.com")),
            .due(Day(year: 2024, month: 11, day: 22) ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .current)),
        ])
        // The board's node gives the same summary on both weeks' lines.
        let state = try f.state()
        for week in [ISOWeek(year: 2024, week: 47), ISOWeek(year: 2024, week: 48)] {
            let node = try XCTUnwrap(WeekBoard(state: state, week: week, today: f.session.today).allTaskNodes.first { $0.task.id == task.id })
            XCTAssertEqual(node.history, summary, "\(week)")
        }
    }

    func testAnOpenTaskHasNoDoneLineAndAnUncheckForgetsIt() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "DI")
        try f.tasks.check(task.id.rawValue)
        try f.tasks.uncheck(task.id.rawValue)
        let summary = TaskHistorySummary(task: try XCTUnwrap(f.state().tasks[task.id]))
        XCTAssertEqual(summary.lines, [.added(at: "2024-11-19T10:00:00+09:00")])
    }

    func testRemovedAndUnknownFactsLeftOut() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "지운 일")
        try f.tasks.remove(task.id.rawValue)
        var removed = try XCTUnwrap(f.state().tasks[task.id])
        XCTAssertEqual(TaskHistorySummary(task: removed).lines,
                       [.added(at: "2024-11-19T10:00:00+09:00"), .removed(at: "2024-11-19T10:00:00+09:00")])
        // A state restored without the history fields (an older snapshot) says only what it has.
        removed.createdAt = ""
        removed.removedAt = nil
        removed.removed = false
        removed.status = .done
        removed.doneAt = "2024-11-20T10:00:00+09:00"
        removed.doneBy = nil
        XCTAssertEqual(TaskHistorySummary(task: removed).lines, [.done(at: "2024-11-20T10:00:00+09:00", by: nil)])
    }
}
