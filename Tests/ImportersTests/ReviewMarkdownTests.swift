import Foundation
import XCTest
@testable import Importers
import TeamflowCore

/// PR bodies in the team's Korean template and an English one: sections, checklists, code blocks.
final class ReviewMarkdownTests: XCTestCase {
    static let koreanBody = """
    [FEAT/#95] 서버 방 생성 작업을 진행합니다.
    ## 🤔 배경
    4인 참가를 위해 방 생성/참가 기능을 구현해야 했습니다.
    ## 📃 작업 내역
    - localVideoView 단일화
    - 방 생성 기능 구현
    - [x] DIContainer 구현
    - [ ] 방 참가 기능
    ## ✅ 리뷰 노트
    ### 🚀 localVideoView 단일화
    뷰를 하나로 합쳤습니다.
    ```swift
    let view = LocalVideoView()
    // ## not a heading
    \tview.start()   
    ```
    ## 🛠️ 테스트 방법
    직접 실행하여 테스트 가능합니다.
    """

    func testKoreanTemplateSectionsChecklistsAndCodeBlocks() {
        let body = PullRequestBody(parsing: Self.koreanBody)
        XCTAssertTrue(body.recognised)
        XCTAssertEqual(body.titleLine, "[FEAT/#95] 서버 방 생성 작업을 진행합니다.")
        XCTAssertEqual(body.sections.map(\.kind), ["background", "work", "notes", "testing"])
        XCTAssertEqual(body.sections.map(\.heading), ["🤔 배경", "📃 작업 내역", "✅ 리뷰 노트", "🛠️ 테스트 방법"])
        XCTAssertEqual(body.sections[0].body, "4인 참가를 위해 방 생성/참가 기능을 구현해야 했습니다.")
        XCTAssertEqual(body.sections[1].checklist, [ChecklistItem(text: "DIContainer 구현", done: true),
                                                    ChecklistItem(text: "방 참가 기능", done: false)])
        let code = "```swift\nlet view = LocalVideoView()\n// ## not a heading\n\tview.start()   \n```"
        XCTAssertTrue(body.sections[2].body.hasPrefix("### 🚀 localVideoView 단일화\n"))
        XCTAssertTrue(body.sections[2].body.contains(code), body.sections[2].body)
        XCTAssertEqual(body.sections[3].body, "직접 실행하여 테스트 가능합니다.")
    }

    func testOtherTemplateAndEnglishHeadingsIgnoringEmojiAndCase() {
        let text = """
        ## 관련 이슈
        - #12
        ## ✅ 완료 및 수정 내역
        - [X] 로그인
        - [ ] 로그아웃
        ## Deployment
        kept verbatim *as is*
        ## 🛠️ 테스트 방법
        run it
        ## 📝 리뷰 노트
        봐주세요
        """
        let body = PullRequestBody(parsing: text)
        XCTAssertEqual(body.sections.map(\.kind), ["related", "work", "other", "testing", "notes"])
        XCTAssertEqual(body.sections[1].checklist.map(\.done), [true, false])
        XCTAssertEqual(body.sections[2].heading, "Deployment")
        XCTAssertEqual(body.sections[2].body, "kept verbatim *as is*")
        XCTAssertNil(body.titleLine)

        let english = PullRequestBody(parsing: """
        # 🧭 MOTIVATION
        Users wait too long.
        # What Changed
        - [x] cache
        # Notes for Reviewers
        Look at `Cache.swift`.
        # How to test
        1. Run `swift test`
        """)
        XCTAssertEqual(english.sections.map(\.kind), ["background", "work", "notes", "testing"])
        XCTAssertEqual(english.sections[3].body, "1. Run `swift test`")
    }

    func testBodyWithoutRecognisedHeadingIsKeptWholeAsNotes() {
        let text = "Just a quick fix.\r\n\r\n## Screenshots\r\n![x](y.png)"
        let body = PullRequestBody(parsing: text)
        XCTAssertFalse(body.recognised)
        XCTAssertEqual(body.sections, [ReviewSection(kind: "notes", heading: "", body: text)])
    }

    func testCRLFBodiesSplitIntoSectionsAndKeepTheirBytes() {
        let body = PullRequestBody(parsing: "## 배경\r\n이유\r\n## 작업 내역\r\n- [x] 완료\r\n```\r\ncode\r\n```")
        XCTAssertEqual(body.sections.map(\.kind), ["background", "work"])
        XCTAssertEqual(body.sections[1].body, "- [x] 완료\r\n```\r\ncode\r\n```")
        XCTAssertEqual(body.sections[1].checklist, [ChecklistItem(text: "완료", done: true)])
    }

    func testHeadingWordsDropEmojiAndPunctuation() {
        XCTAssertEqual(Markdown.words("🛠️ 테스트  방법!"), "테스트 방법")
        XCTAssertEqual(PullRequestBody.kind(ofHeading: "📝 REVIEW NOTES"), "notes")
        XCTAssertEqual(PullRequestBody.kind(ofHeading: "🚀"), "other")
        XCTAssertNil(Markdown.heading("#hashtag"))
        XCTAssertEqual(Markdown.heading("## Title ##")?.text, "Title")
    }

    func testGitHubJSONBecomesReviewWithCommentsInTimeOrder() throws {
        let json = """
        {"number": 95, "title": "[FEAT/#95] 방 생성", "body": "## 배경\\n이유", "author": {"login": "jinwoo"},
         "url": "https://github.com/team/app/pull/95", "headRefName": "feat/room", "createdAt": "2024-11-18T01:00:00Z",
         "comments": [{"author": {"login": "hsw1920"}, "body": "고생하셨습니다. 코멘트 확인 부탁드려요", "createdAt": "2024-11-18T03:00:00Z"}],
         "reviews": [{"author": {"login": "seok"}, "body": "", "state": "APPROVED", "submittedAt": "2024-11-18T02:00:00Z"},
                     {"author": {"login": "x"}, "body": "", "state": "", "submittedAt": "2024-11-18T04:00:00Z"}]}
        """
        let pr = try GitHubPullRequest(json: Data(json.utf8))
        XCTAssertEqual(pr.number, 95)
        XCTAssertEqual(pr.author, "jinwoo")
        XCTAssertEqual(pr.branch, "feat/room")
        XCTAssertEqual(pr.comments.map(\.author), ["seok", "hsw1920"])
        XCTAssertEqual(pr.comments.map(\.text), ["approved", "고생하셨습니다. 코멘트 확인 부탁드려요"])
    }

    func testGitHubJSONNormalisesLineEndsAndKeepsReviewStates() throws {
        let json = #"""
        {"number": 7, "title": "t", "body": "## 배경\r\n이유\r\n## 작업 내역\r- [x] 완료\r\n```\r\ncode\r\n```",
         "comments": [{"author": {"login": "a"}, "body": "첫 줄\r\n둘째 줄\r", "createdAt": "2024-11-18T05:00:00Z"}],
         "reviews": [{"author": {"login": "b"}, "body": "", "state": "APPROVED", "submittedAt": "2024-11-18T01:00:00Z"},
                     {"author": {"login": "c"}, "body": "고쳐 주세요\r\n- 이름", "state": "CHANGES_REQUESTED", "submittedAt": "2024-11-18T02:00:00Z"},
                     {"author": {"login": "d"}, "body": "nit", "state": "COMMENTED", "submittedAt": "2024-11-18T03:00:00Z"},
                     {"author": {"login": "e"}, "body": "", "state": "DISMISSED", "submittedAt": "2024-11-18T04:00:00Z"},
                     {"author": {"login": "f"}, "body": "draft", "state": "PENDING"}]}
        """#
        let pr = try GitHubPullRequest(json: Data(json.utf8))
        XCTAssertEqual(pr.body, "## 배경\n이유\n## 작업 내역\n- [x] 완료\n```\ncode\n```")
        XCTAssertEqual(pr.comments.map(\.author), ["b", "c", "d", "e", "a", "f"])
        XCTAssertEqual(pr.comments.map(\.state), ["approved", "changes_requested", "commented", "dismissed", nil, "pending"])
        XCTAssertEqual(pr.comments.map(\.text), ["approved", "고쳐 주세요\n- 이름", "nit", "dismissed", "첫 줄\n둘째 줄\n", "draft"])
        let review = ReviewUseCases.NewReview(github: pr)
        XCTAssertEqual(review.sections.map(\.body), ["이유", "- [x] 완료\n```\ncode\n```"])
    }

    func testMalformedGitHubJSONNamesTheField() {
        let cases: [(String, String)] = [
            ("{\"title\": \"t\"}", "'number'"),
            ("{\"number\": true, \"title\": \"t\"}", "'number'"),
            ("{\"number\": 1}", "'title'"),
            ("{\"number\": 1, \"title\": \"t\", \"author\": {\"name\": \"x\"}}", "'author.login'"),
            ("{\"number\": 1, \"title\": \"t\", \"comments\": [{\"author\": {\"login\": \"a\"}}]}", "'comments[0].body'"),
            ("{\"number\": 1, \"title\": \"t\", \"reviews\": 3}", "'reviews'"),
            ("[1, 2", "not JSON"),
        ]
        for (json, field) in cases {
            XCTAssertThrowsError(try GitHubPullRequest(json: Data(json.utf8)), json) { error in
                XCTAssertTrue("\(error)".contains(field), "\(error) should name \(field)")
            }
        }
    }
}
