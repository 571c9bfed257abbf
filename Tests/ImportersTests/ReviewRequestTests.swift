import Foundation
import Importers
import TeamflowCore
import XCTest

/// `review add`'s rules for combining the PR number, overrides and one description source.
final class ReviewRequestTests: XCTestCase {
    func testSectionFlagsBecomeSectionsInOrder() throws {
        var request = ReviewRequest()
        (request.pr, request.title) = ("#95", "방 생성")
        (request.background, request.work, request.testing) = ("4인 참가", ["방 생성", "방 참가"], "직접 실행")
        let (review, warnings) = try request.newReview()
        XCTAssertEqual(review.pr, 95)
        XCTAssertEqual(review.title, "방 생성")
        XCTAssertEqual(review.sections.map(\.kind), ["background", "work", "testing"])
        XCTAssertEqual(review.sections[1].body, "- 방 생성\n- 방 참가")
        XCTAssertEqual(warnings, [])
    }

    func testMarkdownGivesTheTitleAndFlagsAppendSections() throws {
        var request = ReviewRequest()
        request.pr = "7"
        request.source = .markdown("[FEAT/#7] 방 참가\n## 🤔 배경\n이유\n", name: "pr.md")
        request.notes = "봐 주세요"
        let (review, warnings) = try request.newReview()
        XCTAssertEqual(review.title, "[FEAT/#7] 방 참가")
        XCTAssertEqual(review.sections.map(\.kind), ["background", "notes"])
        XCTAssertEqual(warnings, [])
    }

    func testMarkdownWithoutKnownHeadingsWarnsAndKeepsTheText() throws {
        var request = ReviewRequest()
        (request.pr, request.title) = ("7", "t")
        request.source = .markdown("그냥 메모\n둘째 줄\n", name: "notes.md")
        let (review, warnings) = try request.newReview()
        XCTAssertFalse(review.sections.isEmpty)
        XCTAssertEqual(warnings, ["no known section heading in notes.md; the whole text is kept as the review notes"])
    }

    func testGitHubJSONWithOverrides() throws {
        let json = ###"{"number": 95, "title": "from gh", "body": "## 배경\n이유", "author": {"login": "gw"}, "comments": [], "reviews": []}"###
        var request = ReviewRequest()
        request.source = .githubJSON(Data(json.utf8))
        request.title = "override"
        request.by = "someone"
        let (review, _) = try request.newReview()
        XCTAssertEqual(review.pr, 95)
        XCTAssertEqual(review.title, "override")
        XCTAssertEqual(review.by, "someone")
        XCTAssertEqual(review.sections.map(\.kind), ["background"])
    }

    func testUsageErrors() {
        for (pr, title) in [(nil, "t"), ("0", "t"), ("-3", "t"), ("x", "t"), ("#", "t"), ("95", nil)] as [(String?, String?)] {
            var request = ReviewRequest()
            (request.pr, request.title) = (pr, title)
            XCTAssertThrowsError(try request.newReview(), "\(String(describing: pr)) \(String(describing: title))") { error in
                XCTAssertEqual((error as? TeamflowError)?.kind, .usage)
            }
        }
    }

    /// A PR written in a file: the first `# ` heading is the title when no `--title` is given,
    /// the team's template headings (emoji in front, Korean or English) are recognised, and
    /// images, tables and checklists are kept as written.
    func testAFirstHeadingIsTheTitleAndTemplateHeadingsAreRecognised() throws {
        let body = """
        # Coordinator 적용

        ## 🔗 관련 이슈
        - #95

        ## ✅ 완료 및 수정 내역
        - [x] MainCoordinator
        - [ ] GroupInfoCoordinator

        | 화면 | 상태 |
        | --- | --- |
        | Main | 완료 |

        ## 💬 리뷰 노트
        <img width="300" src="https://example.com/shot.png">

        ## 🧪 How to test
        시뮬레이터에서 실행
        """
        var request = ReviewRequest()
        request.pr = "95"
        request.source = .markdown(body, name: "pr.md")
        let (review, warnings) = try request.newReview()
        XCTAssertEqual(review.title, "Coordinator 적용")
        XCTAssertEqual(review.sections.map(\.kind), ["related", "work", "notes", "testing"])
        XCTAssertEqual(warnings, [])
        XCTAssertTrue(review.sections[1].body.contains("- [ ] GroupInfoCoordinator\n\n| 화면 | 상태 |\n| --- | --- |"), review.sections[1].body)
        XCTAssertEqual(review.sections[2].body, "<img width=\"300\" src=\"https://example.com/shot.png\">")
        request.title = "다른 제목"
        XCTAssertEqual(try request.newReview().review.title, "다른 제목", "--title still wins")
        // A first heading that names a section is a section, not the title.
        request.title = nil
        request.source = .markdown("# 배경\n이유\n", name: "pr.md")
        XCTAssertThrowsError(try request.newReview()) { error in
            XCTAssertEqual((error as? TeamflowError)?.reason, .missing(.title, of: .review))
        }
    }
}
