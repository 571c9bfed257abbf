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
        XCTAssertEqual(sections.last?["body"] as? String, "```swift\nlet a = 1\n```", "gh's CRLF read as \\n")
        // The event's author is still the person running the command, as in git.
        XCTAssertTrue(try w.git("log", "-1", "--format=%an", "refs/teamflow/events") == "건우")
    }

    func testGitHubReviewStatesAndLocalTimesInReviewShow() throws {
        let w = try Workspace()
        let json = """
        {"number": 96, "title": "방 참가", "body": "## 배경\\r\\n이유\\r\\n",
         "comments": [{"author": {"login": "hsw1920"}, "body": "확인했습니다\\r\\n감사합니다", "createdAt": "2024-11-18T05:03:00Z"}],
         "reviews": [{"author": {"login": "seok"}, "body": "", "state": "APPROVED", "submittedAt": "2024-11-18T03:00:00Z"},
                     {"author": {"login": "jinwoo"}, "body": "이름을 바꿔 주세요\\r\\n- Room", "state": "CHANGES_REQUESTED", "submittedAt": "2024-11-18T04:00:00Z"},
                     {"author": {"login": "mina"}, "body": "nit", "state": "COMMENTED", "submittedAt": "2024-11-18T04:30:00Z"}]}
        """
        try Data(json.utf8).write(to: URL(fileURLWithPath: w.path + "/pr.json"))
        XCTAssertEqual(try w.teamflow("review", "add", "--from-gh-json", "pr.json").code, 0)
        let show = try w.teamflow("review", "show", "96")
        XCTAssertEqual(show.code, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("""
              seok ✅ approved  2024-11-18 12:00 +09:00
              jinwoo ✋ changes requested  2024-11-18 13:00 +09:00
                이름을 바꿔 주세요
                - Room
              mina 💬 commented  2024-11-18 13:30 +09:00
                nit
              hsw1920  2024-11-18 14:03 +09:00
                확인했습니다
                감사합니다
            """), show.stdout)
        XCTAssertFalse(show.stdout.contains("    approved"), "a review without text shows its state once")
        XCTAssertFalse(show.stdout.contains("\r"), show.stdout.debugDescription)
        // The same review under another zone shows the same instants with that zone's offset.
        let utc = try w.teamflow("review", "show", "96", environment: ["TZ": "UTC"])
        XCTAssertTrue(utc.stdout.contains("seok ✅ approved  2024-11-18 03:00 +00:00"), utc.stdout)

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("review", "show", "96", "--json").stdout.utf8))
                                   as? [String: Any])
        let comments = try XCTUnwrap(object["comments"] as? [[String: Any]])
        XCTAssertEqual(comments.map { $0["state"] as? String }, ["approved", "changes_requested", "commented", nil])
        XCTAssertEqual(comments.map { $0["at"] as? String }.first, "2024-11-18T03:00:00Z", "JSON keeps the stored time")
        XCTAssertEqual(comments.map { $0["text"] as? String }.last, "확인했습니다\n감사합니다")
        // The stored event carries the state as an optional field of each recorded comment.
        let stream = try w.teamflow("export").stdout
        XCTAssertTrue(stream.contains("state: changes_requested"), stream)
    }

    func testReviewsRecordedBeforeStatesShowAsBefore() throws {
        let w = try Workspace()
        let stream = """
        ---
        v: 1
        id: 'bbbb00000000000000000001'
        type: review.added
        at: '2024-11-18T09:00:00+09:00'
        author: {name: 건우, email: gw@example.com}
        clock: 1
        data:
          pr: 5
          title: old
          week: 2024-W47
          sections: []
          comments: [{by: seok, text: approved, posted: '2024-11-18T03:00:00Z'}]
        """
        XCTAssertEqual(try w.teamflow("import", "-", stdin: stream).code, 0)
        let show = try w.teamflow("review", "show", "5").stdout
        XCTAssertTrue(show.contains("  seok  2024-11-18 12:00 +09:00\n    approved"), show)
        XCTAssertTrue(try w.teamflow("review", "show", "5", "--json").stdout.contains(#""state": null"#))
    }

    func testMalformedGitHubJSONExitsOneNamingTheField() throws {
        let w = try Workspace()
        try Data(#"{"number": "95", "title": "x"}"#.utf8).write(to: URL(fileURLWithPath: w.path + "/bad.json"))
        let result = try w.teamflow("review", "add", "--from-gh-json", "bad.json")
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.stderr.contains("'number'"), result.stderr)
        XCTAssertEqual(try w.teamflow("review", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
    }

    /// `Fixtures/gh-pr.json` (246 comments and reviews: CRLF, Korean, emoji, every JSON escape,
    /// surrogate pairs, control characters, nulls) imported by teamflow at 04b5674, when gh's
    /// JSON was read with JSONSerialization: the event file and the commit must stay the same bytes.
    func testGitHubImportStoresTheSameBytesAsBeforeTheJSONReader() throws {
        let w = try Workspace()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let result = try w.teamflow("review", "add", "--from-gh-json", fixtures.appendingPathComponent("gh-pr.json").path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try w.git("ls-tree", "-r", "refs/teamflow/events"),
                       "100644 blob 54b74b2f68082692d132a6ce72b480a94fc32ab2\tevents/d/60/d60b7c29ea883ca265b1b8c1.yaml")
        let stored = try Subprocess.run("/usr/bin/git", ["cat-file", "blob", "54b74b2f68082692d132a6ce72b480a94fc32ab2"], in: w.path)
        XCTAssertEqual(stored.stdout, try String(contentsOf: fixtures.appendingPathComponent("gh-pr.event.yaml"), encoding: .utf8))
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), "37d793d1d92d008b100105e0c9d7457f26117cd7")
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
