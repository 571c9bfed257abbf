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
        let retitled = try tasks.importIssues([.init(number: 12, title: "로그인 고치기", open: true)])
        XCTAssertEqual(retitled.retitled.map(\.title), ["로그인 고치기"])
        let closed = try tasks.importIssues([.init(number: 12, title: "닫힌 뒤 제목", open: false)])
        XCTAssertEqual(closed.checked.map(\.done), [true])
        XCTAssertEqual(closed.checked.map(\.title), ["로그인 고치기"], "a closed issue's title is not taken")
        let reopened = try tasks.importIssues([.init(number: 12, title: "로그인 고치기", open: true)])
        XCTAssertTrue(reopened.checked.isEmpty && reopened.added.isEmpty)
        XCTAssertEqual(try f.state().liveTasks.map(\.done), [true])
    }

    /// Sections edited here survive a sync of an unchanged body; a changed body replaces them.
    func testTheBodyIsParsedAgainOnlyWhenItsHashChanges() throws {
        let f = Fixture()
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        var pr = Self.pr(comments: [first])
        pr.bodyHash = "fnv1a64:1"
        XCTAssertEqual(try reviews.sync(pr).review.bodyHash, "fnv1a64:1")
        let mine = [ReviewSection(kind: "notes", heading: "리뷰 노트", body: "여기서 고친 것")]
        _ = try reviews.edit(pr: "95", title: nil, by: nil, sections: mine)
        XCTAssertEqual(try reviews.sync(pr).appended, 0, "same body: the sections edited here stay")
        XCTAssertEqual(try reviews.find("95").sections, mine)
        pr.bodyHash = "fnv1a64:2"
        let changed = try reviews.sync(pr)
        XCTAssertEqual(changed.appended, 1)
        XCTAssertEqual(changed.review.sections.map(\.kind), ["background"])
        XCTAssertEqual(changed.review.bodyHash, "fnv1a64:2")
    }

    func testIssueImportMapsAssigneesToHandlesAndLabelsAndADryRunWritesNothing() throws {
        let f = Fixture()
        let members = MemberUseCases(repository: f.repository, session: f.session)
        let minsu = try members.add(name: "김민수", handle: "MinSu")
        let tasks = TaskUseCases(repository: f.repository, session: f.session)
        let issue = TaskUseCases.Issue(number: 7, title: "방 목록", open: true, labels: ["bug", "iOS"], assignees: ["ghost", "minsu"])
        let dry = try tasks.importIssues([issue], options: .init(week: "2024-W48", dryRun: true))
        XCTAssertTrue(dry.dryRun)
        XCTAssertEqual(dry.changes.map(\.action), [.added])
        XCTAssertEqual(try f.state().liveTasks.count, 0, "a dry run writes nothing")
        let added = try XCTUnwrap(try tasks.importIssues([issue], options: .init(week: "2024-W48")).added.first)
        XCTAssertEqual(added.member, minsu.id)
        XCTAssertEqual(added.labels, ["bug", "iOS"])
        XCTAssertEqual(added.week, "2024-W48")
        var relabeled = issue
        relabeled.labels = ["bug"]
        let second = try tasks.importIssues([relabeled])
        XCTAssertEqual(second.relabeled.map(\.labels), [["bug"]])
        XCTAssertTrue(second.added.isEmpty)
        XCTAssertEqual(try tasks.importIssues([relabeled]).changes, [], "nothing changed, nothing written")
    }

    func testStartAndDoneTrailersApplyOncePerCommitAndTask() throws {
        let f = Fixture()
        let tasks = TaskUseCases(repository: f.repository, session: f.session)
        let login = try tasks.add(title: "로그인 API")
        let token = try tasks.add(title: "토큰 저장")
        let sha1 = String(repeating: "a", count: 40), sha2 = String(repeating: "b", count: 40)
        let commits = [(sha: sha2, message: "done\n\nTeamflow-Done: \(login.title)"),
                       (sha: sha1, message: "start\n\nTeamflow-Start: 로그인 API, 토큰\nTeamflow-Done: 없는 일")]
        let scan = try tasks.scanCommits(commits)
        XCTAssertEqual(scan.checked.map(\.id), [login.id])
        XCTAssertEqual(scan.started.map(\.id), [token.id])
        XCTAssertEqual(scan.unknown, ["aaaaaaa: Teamflow-Done: 없는 일"])
        XCTAssertEqual(scan.problems.first?.kind, .notFound)
        let events = try f.repository.events()
        let started = try XCTUnwrap(events.last { $0.type == EventType.taskStarted })
        XCTAssertEqual(started.data.string("commit"), sha1)
        XCTAssertEqual(started.data.string("source"), "commit")
        let count = events.count
        let again = try tasks.scanCommits(commits)
        XCTAssertTrue(again.checked.isEmpty && again.started.isEmpty)
        XCTAssertEqual(try f.repository.events().count, count, "each commit once per task")
        XCTAssertEqual(try tasks.trailerProblems(in: "x\n\nTeamflow-Start: 토큰 저장").count, 0)
        XCTAssertEqual(try tasks.trailerProblems(in: "x\n\nTeamflow-Done: 없는 일, 로그인 API").map(\.trailer.text), ["없는 일"])
    }

    func testTheMessageAHookSeesLosesCommentsAndTheDiff() {
        let file = "fix\n\nTeamflow-Done: 3f2a\n# Teamflow-Done: comment\n# ------------------------ >8 ------------------------\n Teamflow-Done: diff"
        XCTAssertEqual(CommitTrailers.trailers(in: CommitTrailers.editedMessage(file)), [.init(kind: .done, text: "3f2a")])
        XCTAssertEqual(CommitTrailers.trailers(in: "teamflow-start: a,b"), [.init(kind: .start, text: "a"), .init(kind: .start, text: "b")])
    }

    func testTeamflowDoneTrailers() {
        XCTAssertEqual(CommitTrailers.done(in: "feat: x\n\nteamflow-done: 3f2a, 로그인 \nTeamflow-Done:\nSigned-off-by: a"), ["3f2a", "로그인"])
        XCTAssertEqual(CommitTrailers.done(in: "Teamflow-Done 3f2a"), [])
    }
}
