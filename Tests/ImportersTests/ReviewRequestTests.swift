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
}
