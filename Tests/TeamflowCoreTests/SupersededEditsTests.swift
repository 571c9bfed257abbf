import Foundation
import XCTest
@testable import TeamflowCore

/// `ConcurrentEdits`: which field values a merge superseded.
final class SupersededEditsTests: XCTestCase {
    private func event(_ id: String, _ value: some TeamEvent, clock: Int, by name: String) -> Event {
        Event(id: id, type: type(of: value).type, at: "2024-11-19T10:00:00+09:00",
              author: Author(name: name, email: "\(id)@example.com"), clock: clock, data: value.data)
    }

    func testSameFieldOnBothSidesIsReportedWithTheWinnerByClock() {
        let base = [event("t1aaaaaaaaaa", TaskAdded(title: "방 참가 실패 에러 처리", week: "2024-W47"), clock: 1, by: "건우"),
                    event("m1aaaaaaaaaa", MemberAdded(name: "지혜"), clock: 2, by: "건우"),
                    event("m2aaaaaaaaaa", MemberAdded(name: "민수"), clock: 3, by: "건우")]
        let local = [event("l1", TaskEdited(task: "t1aaaaaaaaaa", title: "에러 처리 1차"), clock: 4, by: "건우"),
                     event("l2", TaskEdited(task: "t1aaaaaaaaaa", title: "에러 처리"), clock: 5, by: "건우"),
                     event("l3", TaskAssigned(task: "t1aaaaaaaaaa", member: "m1aaaaaaaaaa"), clock: 6, by: "건우"),
                     event("l4", TaskEdited(task: "t1aaaaaaaaaa", week: "2024-W48"), clock: 7, by: "건우")]
        let remote = [event("r1", TaskEdited(task: "t1aaaaaaaaaa", title: "방 참가 실패 처리"), clock: 5, by: "석영"),
                      event("r2", TaskAssigned(task: "t1aaaaaaaaaa", member: "m2aaaaaaaaaa"), clock: 4, by: "석영"),
                      event("r3", TaskEdited(task: "t1aaaaaaaaaa", week: "2024-W48"), clock: 8, by: "석영"),
                      event("r4", TaskChecked(task: "t1aaaaaaaaaa"), clock: 5, by: "석영")]
        let state = TeamState.derive(from: base + local + remote)
        let edits = ConcurrentEdits.superseded(local: local, remote: remote, in: state)
        XCTAssertEqual(edits.map(\.field), ["title", "member"], "same values (week) and one-sided fields (status) are not reported")
        let title = edits[0]
        XCTAssertEqual(title.shortID, "t1aaaaaa")
        XCTAssertEqual(title.lost.value, "에러 처리")
        XCTAssertEqual(title.lost.author, "건우")
        XCTAssertFalse(title.lost.remote)
        XCTAssertEqual(title.won.value, "방 참가 실패 처리")
        XCTAssertEqual(title.won.author, "석영")
        XCTAssertEqual(title.won.event, "r1")
        XCTAssertEqual(state.tasks["t1aaaaaaaaaa"]?.title, title.won.value, "the winner is what the merged state holds")
        let member = edits[1]
        XCTAssertEqual(member.lost.value, "민수", "ids read as names")
        XCTAssertEqual(member.won.value, "지혜")
        XCTAssertFalse(member.won.remote)
        XCTAssertEqual(ConcurrentEdits.superseded(local: local, remote: local, in: state), [], "the same events are not concurrent")
        XCTAssertEqual(ConcurrentEdits.superseded(local: [], remote: remote, in: state), [])
    }

    /// Edits of a member's handle and of a review were dropped from the report when the rule
    /// was a central list; each type now states its own.
    func testMemberAndReviewEditsAreReportedToo() {
        let base = [event("m1aaaaaaaaaa", MemberAdded(name: "지혜"), clock: 1, by: "건우"),
                    event("v1aaaaaaaaaa", ReviewAdded(pr: 95, title: "Coordinator 적용", week: "2024-W47"), clock: 2, by: "건우")]
        let local = [event("l1", MemberEdited(member: "m1aaaaaaaaaa", handle: .set("jihye")), clock: 3, by: "건우"),
                     event("l2", ReviewEdited(review: "v1aaaaaaaaaa", title: "Coordinator 적용 (1차)"), clock: 4, by: "건우")]
        let remote = [event("r1", MemberEdited(member: "m1aaaaaaaaaa", handle: .set("jh")), clock: 4, by: "석영"),
                      event("r2", ReviewEdited(review: "v1aaaaaaaaaa", title: "Coordinator 도입"), clock: 3, by: "석영")]
        let state = TeamState.derive(from: base + local + remote)
        let edits = ConcurrentEdits.superseded(local: local, remote: remote, in: state)
        XCTAssertEqual(edits.map { "\($0.kind).\($0.field)" }.sorted(), ["member.handle", "review.title"])
        XCTAssertEqual(edits.first { $0.kind == "member" }?.won.value, "jh")
        XCTAssertEqual(edits.first { $0.kind == "review" }?.won.value, "Coordinator 적용 (1차)")
    }
}
