import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `EventDraft.references`: a draft names an earlier draft of the same append (a sub-task's
/// parent), and the store fills in that draft's id; nothing about the stored event changes.
final class DraftReferencesTests: XCTestCase {
    private let author = Author(name: "Kim", email: "kim@example.com")
    private let at = "2024-11-19T10:00:00+09:00"

    private func task(_ title: String, parentDraft: Int? = nil) -> EventDraft {
        var draft = EventDraft(TaskAdded(title: title, week: "2024-W47"), summary: "task: add \(title)")
        if let parentDraft { draft.references["parent"] = parentDraft }
        return draft
    }

    func testResolvedDataFillsInTheEarlierIDAndKeepsTheRest() throws {
        let draft = task("버튼", parentDraft: 1)
        let data = try draft.resolvedData(earlierIDs: ["aaaa", "bbbb"])
        XCTAssertEqual(data.string("parent"), "bbbb")
        XCTAssertEqual(data.string("title"), "버튼")
        XCTAssertEqual(try task("plain").resolvedData(earlierIDs: []), task("plain").data, "no references: data as is")
    }

    func testAReferenceToADraftNotBeforeItThrows() {
        assertError(.failure) { try self.task("a", parentDraft: 0).resolvedData(earlierIDs: []) }
        assertError(.failure) { try self.task("a", parentDraft: -1).resolvedData(earlierIDs: ["aaaa"]) }
    }

    func testTheInMemoryStoreChainsThreeLevelsInOneAppend() throws {
        let repository = InMemoryEventRepository()
        let events = try repository.append([task("화면"), task("로그인", parentDraft: 0), task("버튼", parentDraft: 1)],
                                           author: author, at: at)
        XCTAssertEqual(events.map { $0.data.string("parent") }, [nil, events[0].id, events[1].id])
        let state = try repository.state()
        XCTAssertEqual(state.tasks[events[2].id]?.parent?.rawValue, events[1].id)
        XCTAssertEqual(state.tasks[events[1].id]?.parent?.rawValue, events[0].id)
    }

    func testTheInMemoryStoreWritesNothingWhenAReferenceDangles() throws {
        let repository = InMemoryEventRepository()
        assertError(.failure) {
            try repository.append([self.task("a"), self.task("b", parentDraft: 1)], author: self.author, at: self.at)
        }
        XCTAssertEqual(try repository.events().count, 0)
    }
}
