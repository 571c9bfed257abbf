import Foundation
import XCTest
import TeamflowTestSupport
@testable import Importers
@testable import TeamflowCore

/// The use cases the importers feed, on the in-memory store: a review whose sections come from
/// a parsed PR body, and the weekly-page import.
final class ImportUseCaseTests: XCTestCase {
    func testReviewAddCommentEditAndLookupByNumber() throws {
        let f = Fixture()
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        let body = PullRequestBody(parsing: ReviewMarkdownTests.koreanBody)
        let review = try reviews.add(.init(pr: 95, title: "방 생성", by: "jinwoo", sections: body.sections,
                                           comments: [.init(author: "seok", text: "LGTM", at: "2024-11-18T10:00:00+09:00")]))
        XCTAssertEqual(review.author, "jinwoo")
        XCTAssertEqual(review.week, "2024-W47")
        XCTAssertEqual(review.comments.map(\.author), ["seok"])
        assertError(.conflict) { try reviews.add(.init(pr: 95, title: "again")) }

        let commented = try reviews.comment(pr: "#95", text: "고생하셨습니다. 코멘트 확인 부탁드려요", by: "hsw1920")
        XCTAssertEqual(commented.comments.map(\.author), ["seok", "hsw1920"])
        XCTAssertEqual(try reviews.comment(pr: "95", text: "mine").comments.last?.author, "Kim")
        let edited = try reviews.edit(pr: "95", title: "방 생성/참가")
        XCTAssertEqual(edited.title, "방 생성/참가")
        XCTAssertEqual(edited.sections, body.sections)
        XCTAssertEqual(try reviews.find(String(review.id.rawValue.prefix(6))).pr, 95)
        assertError(.notFound) { try reviews.find("96") }
        assertError(.usage) { try reviews.comment(pr: "95", text: "  ") }
    }

    func testWeeklyPageImportWritesGoalsAndTasksInOneAppend() throws {
        let f = Fixture()
        try f.members.add(name: "건우")
        try f.members.add(name: "석영", handle: "seok")
        let before = try f.eventCount()
        let page = """
        # 2024-W45 주간 회의
        ## 금주 목표
        - 에픽 1, 2 빠르게 완성 ✅
        - [x] 배포
        - 회고 정리
        ## 팀원 별 목표
        ### 건우
        - [x] DI Container
        - [ ] 방 생성
        **석영**
        - 서버 연결 ✅
        """
        let result = try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: page)
        XCTAssertEqual(result.counts, .init(week: "2024-W45", goals: 3, tasks: 3))
        XCTAssertEqual(try f.eventCount(), before + 6)
        let state = try f.state()
        let goals = state.goals(in: ISOWeek(year: 2024, week: 45))
        XCTAssertEqual(goals.map(\.title), ["에픽 1, 2 빠르게 완성", "배포", "회고 정리"])
        XCTAssertEqual(goals.map(\.done), [true, true, false])
        let tasks = state.liveTasks
        XCTAssertEqual(tasks.map(\.title), ["DI Container", "방 생성", "서버 연결"])
        XCTAssertEqual(tasks.map(\.done), [true, false, true])
        XCTAssertEqual(tasks.map { state.members[$0.member ?? ""]?.name }, ["건우", "건우", "석영"])
    }

    func testWeeklyPageNestedMemberListsAndUnknownMembers() throws {
        let page = WeeklyPage(parsing: """
        금주 목표
        - [ ] 발표 준비
        팀원 별 목표
        - 건우
            - [x] 리팩터링
            - 테스트 ✅
        - 민수
          - [ ] 문서
        """)
        XCTAssertEqual(page.goals, [ChecklistItem(text: "발표 준비", done: false)])
        XCTAssertEqual(page.members.map(\.name), ["건우", "민수"])
        XCTAssertEqual(page.members.first?.tasks.map(\.done), [true, true])
        let f = Fixture()
        try f.members.add(name: "건우")
        let before = try f.eventCount()
        let error = assertError(.notFound) {
            try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: "- a\n## 팀원\n### 민수\n- b", week: "2024-W47")
        }
        XCTAssertTrue(error?.message.contains("민수") == true)
        XCTAssertEqual(try f.eventCount(), before, "nothing written")
    }

    /// Two members named alike: the import names the candidates instead of calling the
    /// member unknown and suggesting `member add` (a third one).
    func testWeeklyPageWithAnAmbiguousMemberListsTheCandidates() throws {
        let f = Fixture()
        try f.members.add(name: "민수")
        // Two clones that each added 민수 before syncing: both events are in the history.
        _ = try f.repository.append([EventDraft(type: EventType.memberAdded, data: ["name": .string("민수")], summary: "member")],
                                    author: Author(name: "b", email: "b@x"), at: "2024-11-19T10:00:00+09:00")
        let before = try f.eventCount()
        let error = assertError(.ambiguous) {
            try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: "- a\n## 팀원\n### 민수\n- b", week: "2024-W47")
        }
        XCTAssertTrue(error?.message.contains("ambiguous") == true, error?.message ?? "")
        XCTAssertFalse((error?.hints ?? []).contains { $0.contains("member add") }, "\(error?.hints ?? [])")
        XCTAssertEqual(try f.eventCount(), before, "nothing written")
    }
}
