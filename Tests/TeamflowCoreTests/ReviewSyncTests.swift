import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `ReviewUseCases.sync`: a refresh appends only what changed on GitHub.
final class ReviewSyncTests: XCTestCase {
    typealias Comment = ReviewUseCases.NewReview.Comment

    static func pr(comments: [Comment], state: String = "open", mergedAt: String? = nil,
                   sections: [ReviewSection] = [ReviewSection(kind: "background", heading: "배경", body: "이유")]) -> ReviewUseCases.NewReview {
        .init(pr: 95, title: "방 생성", by: "jinwoo", url: "https://x/95", branch: "feat", sections: sections,
              comments: comments, state: state, mergedAt: mergedAt)
    }

    let first = Comment(author: "lee", text: "좋아요", at: "2024-11-19T00:00:00Z", github: "IC_1")
    let review = Comment(author: "seok", text: "approved", at: "2024-11-19T01:00:00Z", state: "approved", github: "PRR_1")

    func testRecordThenRefreshAppendsOnlyWhatChanged() throws {
        let f = Fixture()
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        let added = try reviews.sync(Self.pr(comments: [first]))
        XCTAssertTrue(added.added)
        XCTAssertEqual(added.review.prState, "open")
        XCTAssertEqual(added.review.comments.map(\.github), ["IC_1"])

        XCTAssertEqual(try reviews.sync(Self.pr(comments: [first])).appended, 0, "unchanged")

        var edited = first
        edited.text = "좋아요!"
        let refreshed = try reviews.sync(Self.pr(comments: [edited, review]))
        XCTAssertEqual(refreshed.appended, 2, "one reworded, one new")
        XCTAssertEqual(refreshed.review.comments.map(\.text), ["좋아요!", "approved"])
        XCTAssertEqual(refreshed.review.comments.last?.state, "approved")
        XCTAssertEqual(try f.repository.events().suffix(2).map(\.type), [EventType.reviewReworded, EventType.reviewCommented])

        let merged = try reviews.sync(Self.pr(comments: [edited, review], state: "merged", mergedAt: "2024-11-20T00:00:00Z"))
        XCTAssertEqual(merged.appended, 1)
        XCTAssertEqual(merged.review.prState, "merged")
        XCTAssertEqual(merged.review.mergedAt, "2024-11-20T00:00:00Z")
        XCTAssertEqual(try reviews.sync(Self.pr(comments: [edited, review], state: "merged", mergedAt: "2024-11-20T00:00:00Z")).appended, 0)

        let newBody = try reviews.sync(Self.pr(comments: [edited, review], state: "merged", mergedAt: "2024-11-20T00:00:00Z",
                                               sections: [ReviewSection(kind: "work", heading: "작업", body: "- [x] 끝")]))
        XCTAssertEqual(newBody.appended, 1)
        XCTAssertEqual(newBody.review.sections.map(\.kind), ["work"])
    }

    /// A review imported before ids were kept is not doubled by its first sync.
    func testCommentsWithoutIdsAreMatchedByAuthorTimeAndText() throws {
        let f = Fixture()
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        var old = first
        old.github = nil
        _ = try reviews.add(Self.pr(comments: [old], state: "open"))
        let synced = try reviews.sync(Self.pr(comments: [first]))
        XCTAssertEqual(synced.appended, 0)
        XCTAssertEqual(synced.review.comments.count, 1)
    }

    func testIssueImportAddsOnceRetitlesAndChecksNeverUnchecks() throws {
        let f = Fixture()
        let tasks = TaskUseCases(repository: f.repository, session: f.session)
        let first = try tasks.importIssues([.init(number: 12, title: "로그인", open: true), .init(number: 13, title: "옛", open: false)])
        XCTAssertEqual(first.added.map(\.title), ["로그인"])
        XCTAssertEqual(first.added.first?.links, [TaskLink(kind: "issue", ref: "12")])
        XCTAssertEqual(try tasks.importIssues([.init(number: 12, title: "로그인", open: true)]).added.count, 0)
        let closed = try tasks.importIssues([.init(number: 12, title: "로그인 고치기", open: false)])
        XCTAssertEqual(closed.retitled.map(\.title), ["로그인 고치기"])
        XCTAssertEqual(closed.checked.map(\.done), [true])
        let reopened = try tasks.importIssues([.init(number: 12, title: "로그인 고치기", open: true)])
        XCTAssertTrue(reopened.checked.isEmpty && reopened.added.isEmpty)
        XCTAssertEqual(try f.state().liveTasks.map(\.done), [true])
    }

    func testTeamflowDoneTrailers() {
        XCTAssertEqual(CommitTrailers.done(in: "feat: x\n\nteamflow-done: 3f2a, 로그인 \nTeamflow-Done:\nSigned-off-by: a"), ["3f2a", "로그인"])
        XCTAssertEqual(CommitTrailers.done(in: "Teamflow-Done 3f2a"), [])
    }
}
