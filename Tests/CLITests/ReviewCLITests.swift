import Foundation
import XCTest

/// `review` end to end: Markdown bodies, gh JSON, comments, bad input.
final class ReviewCLITests: XCTestCase {
    static let ghJSON = """
    {"number": 95, "title": "[FEAT/#95] 서버 방 생성 작업을 진행합니다.",
     "body": "## 🤔 배경\\r\\n4인 참가\\r\\n## 📃 작업 내역\\r\\n- [x] DIContainer 구현\\r\\n- [ ] 방 참가\\r\\n## ✅ 리뷰 노트\\r\\n```swift\\r\\nlet a = 1\\r\\n```",
     "author": {"login": "jinwoo", "name": "Jinwoo"}, "url": "https://github.com/team/app/pull/95",
     "headRefName": "feat/room", "createdAt": "2024-11-18T01:00:00Z",
     "comments": [{"author": {"login": "hsw1920"}, "body": "고생하셨습니다. 코멘트 확인 부탁드려요", "createdAt": "2024-11-18T05:00:00Z"}],
     "reviews": [{"author": {"login": "seok"}, "body": "LGTM 👍", "state": "APPROVED", "submittedAt": "2024-11-18T03:00:00Z"}]}
    """

    func testFromFileWithSectionsCommentsListShowAndJSON() throws {
        let w = try Workspace()
        try Data(PRBodies.korean.utf8).write(to: URL(fileURLWithPath: w.path + "/pr.md"))
        let added = try w.teamflow("review", "add", "--pr", "95", "--from-file", "pr.md", "--by", "jinwoo", "--json")
        XCTAssertEqual(added.code, 0, added.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["pr"] as? Int, 95)
        XCTAssertEqual(object["title"] as? String, "[FEAT/#95] 서버 방 생성 작업을 진행합니다.")
        XCTAssertEqual(object["author"] as? String, "jinwoo")
        let sections = try XCTUnwrap(object["sections"] as? [[String: Any]])
        XCTAssertEqual(sections.map { $0["kind"] as? String }, ["background", "work", "notes", "testing"])
        XCTAssertTrue((sections[2]["body"] as? String)?.contains("```swift\nlet view = LocalVideoView()\n```") == true)
        XCTAssertEqual((sections[1]["checklist"] as? [[String: Any]])?.map { $0["done"] as? Bool }, [true])

        XCTAssertEqual(try w.teamflow("review", "comment", "95", "고생하셨습니다. 코멘트 확인 부탁드려요", "--by", "hsw1920").code, 0)
        let show = try w.teamflow("review", "show", "#95")
        XCTAssertTrue(show.stdout.contains("## 🤔 배경\n4인 참가를 위해"), show.stdout)
        XCTAssertTrue(show.stdout.contains("hsw1920"), show.stdout)
        XCTAssertTrue(try w.teamflow("review", "list").stdout.contains("#95"))
        let again = try w.teamflow("review", "add", "--pr", "95", "--title", "dup")
        XCTAssertEqual(again.code, 1)
        XCTAssertTrue(again.stderr.hasPrefix("error: PR #95 already has a review"), again.stderr)
        XCTAssertEqual(try w.teamflow("review", "show", "96").code, 1)
        XCTAssertEqual(try w.teamflow("review", "add", "--title", "no number").code, 64)
    }

    func testFromGitHubJSONKeepsCommentsAuthorsAndTimes() throws {
        let w = try Workspace()
        try Data(Self.ghJSON.utf8).write(to: URL(fileURLWithPath: w.path + "/pr.json"))
        let added = try w.teamflow("review", "add", "--from-gh-json", "pr.json", "--json")
        XCTAssertEqual(added.code, 0, added.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["branch"] as? String, "feat/room")
        let comments = try XCTUnwrap(object["comments"] as? [[String: Any]])
        XCTAssertEqual(comments.map { $0["author"] as? String }, ["seok", "hsw1920"])
        XCTAssertEqual(comments.map { $0["at"] as? String }, ["2024-11-18T03:00:00Z", "2024-11-18T05:00:00Z"])
        let sections = try XCTUnwrap(object["sections"] as? [[String: Any]])
        XCTAssertEqual(sections.last?["body"] as? String, "```swift\r\nlet a = 1\r\n```", "CRLF kept byte for byte")
        // The event's author is still the person running the command, as in git.
        XCTAssertTrue(try w.git("log", "-1", "--format=%an", "refs/teamflow/events") == "건우")
    }

    func testMalformedGitHubJSONExitsOneNamingTheField() throws {
        let w = try Workspace()
        try Data(#"{"number": "95", "title": "x"}"#.utf8).write(to: URL(fileURLWithPath: w.path + "/bad.json"))
        let result = try w.teamflow("review", "add", "--from-gh-json", "bad.json")
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.stderr.contains("'number'"), result.stderr)
        XCTAssertEqual(try w.teamflow("review", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
    }

    func testBodyWithoutKnownHeadingIsKeptWholeWithAWarning() throws {
        let w = try Workspace()
        let result = try w.teamflow("review", "add", "--pr", "7", "--title", "Quick fix", "--from-file", "-", "--json",
                                    stdin: "Fixed a typo.\n\n## Screenshots\nnone")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: no known section heading"), result.stderr)
        XCTAssertTrue(result.stdout.contains(#""body": "Fixed a typo.\n\n## Screenshots\nnone""#), result.stdout)
    }
}

/// PR bodies in the team's shapes.
enum PRBodies {
    static let korean = """
    [FEAT/#95] 서버 방 생성 작업을 진행합니다.
    ## 🤔 배경
    4인 참가를 위해 방 생성/참가 기능을 구현해야 했습니다.
    ## 📃 작업 내역
    - localVideoView 단일화
    - 방 생성 기능 구현
    - [x] DIContainer 구현
    ## ✅ 리뷰 노트
    ### 🚀 localVideoView 단일화
    (paragraphs)
    ```swift
    let view = LocalVideoView()
    ```
    ## 🛠️ 테스트 방법
    직접 실행하여 테스트 가능합니다.
    """
}
