import Foundation
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// The git store fills in `EventDraft.references` (a sub-task naming its parent's draft) in
/// one commit, and stores plain ids: a reopened store reads the chain back.
final class GitDraftReferencesTests: XCTestCase {
    private func task(_ title: String, parentDraft: Int? = nil) -> EventDraft {
        var draft = EventDraft(TaskAdded(title: title, week: "2024-W47"), summary: "task: add \(title)")
        if let parentDraft { draft.references["parent"] = parentDraft }
        return draft
    }

    func testAParentChainInOneCommit() throws {
        let repo = try TestRepository()
        let events = try repo.store().append([task("화면"), task("로그인", parentDraft: 0), task("버튼", parentDraft: 1)],
                                             author: TestRepository.author, at: "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(events.map { $0.data.string("parent") }, [nil, events[0].id, events[1].id])
        XCTAssertEqual(try repo.git("rev-list", "--count", "refs/teamflow/events"), "1", "one commit")
        let state = try repo.store().state()
        XCTAssertEqual(state.tasks[events[2].id]?.parent?.rawValue, events[1].id)
        XCTAssertEqual(state.tasks[events[1].id]?.parent?.rawValue, events[0].id)
        let text = try repo.git("cat-file", "-p", "refs/teamflow/events:events/\(events[2].id.prefix(1))/\(events[2].id.dropFirst().prefix(2))/\(events[2].id).yaml")
        XCTAssertTrue(text.contains(events[1].id), text)
    }

    func testADanglingReferenceWritesNothing() throws {
        let repo = try TestRepository()
        XCTAssertThrowsError(try repo.store().append([task("a", parentDraft: 0)], author: TestRepository.author,
                                                     at: "2024-11-19T10:00:00+09:00"))
        XCTAssertEqual(try repo.store().events().count, 0)
    }
}
