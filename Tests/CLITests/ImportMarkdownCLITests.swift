import Foundation
import XCTest

/// `import markdown` end to end: a Korean weekly page with items nested three
/// deep under two members becomes tasks with their parents in one commit; importing it again
/// adds nothing; one `undo` takes the whole import back with one compensating commit.
final class ImportMarkdownCLITests: XCTestCase {
    private let page = """
    # 2024-W47 주간 회의
    ## 금주 목표
    - 데모 준비 ✅
    - [ ] 회고 정리
    ## 팀원 별 목표
    ### 건우
    - 방 화면
      - [x] 방 생성
        - [x] 소켓 연결
        - [ ] 에러 처리
      - [ ] 방 참가
    **석영**
    - [ ] 서버 배포
        - 도커 이미지 ✅

    """

    /// Every task of `task list --json`, sub-tasks included, as title -> object.
    private func tasks(_ w: Workspace) throws -> [String: [String: Any]] {
        let out = try w.teamflow("task", "list", "--json").stdout
        var found: [String: [String: Any]] = [:]
        func walk(_ items: [[String: Any]]) {
            for item in items {
                if let title = item["title"] as? String { found[title] = item }
                walk(item["subtasks"] as? [[String: Any]] ?? [])
            }
        }
        walk(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? [])
        return found
    }

    func testANestedKoreanPageImportedTwiceThenUndoneOnce() throws {
        let w = try Workspace()
        try w.teamflow("member", "add", "건우")
        try w.teamflow("member", "add", "석영")
        try w.teamflow("task", "add", "이전 일", "--member", "석영", "--week", "2024-W47")
        try Data(page.utf8).write(to: URL(fileURLWithPath: w.path + "/week.md"))
        let commits = { Int(try w.git("rev-list", "--count", "refs/teamflow/events")) ?? -1 }
        let before = try commits()

        let first = try w.teamflow("import", "markdown", "week.md")
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertEqual(first.stdout, "Imported 2 goals and 7 tasks into 2024-W47\n")
        XCTAssertEqual(try commits(), before + 1, "one commit for the whole page")
        var all = try tasks(w)
        let parentTitle = { (title: String) -> String? in
            guard let parent = all[title]?["parent"] as? String else { return nil }
            return all.values.first { $0["id"] as? String == parent }?["title"] as? String
        }
        XCTAssertNil(parentTitle("방 화면"))
        XCTAssertEqual(parentTitle("방 생성"), "방 화면")
        XCTAssertEqual(parentTitle("소켓 연결"), "방 생성")
        XCTAssertEqual(parentTitle("에러 처리"), "방 생성")
        XCTAssertEqual(parentTitle("방 참가"), "방 화면")
        XCTAssertEqual(parentTitle("도커 이미지"), "서버 배포")
        XCTAssertEqual(all["소켓 연결"]?["done"] as? Bool, true)
        XCTAssertEqual(all["에러 처리"]?["done"] as? Bool, false)
        XCTAssertEqual(all["도커 이미지"]?["member"] as? String, "석영")

        let again = try w.teamflow("import", "markdown", "week.md")
        XCTAssertEqual(again.stdout, "Imported 0 goals and 0 tasks into 2024-W47 (skipped 9 already in that week)\n")
        XCTAssertEqual(try commits(), before + 1, "nothing new: no commit")

        let undo = try w.teamflow("undo")
        XCTAssertEqual(undo.code, 0, undo.stderr)
        XCTAssertEqual(try commits(), before + 2, "the compensating commit is on the ref")
        all = try tasks(w)
        XCTAssertEqual(Array(all.keys), ["이전 일"], "no imported task is live")
        let goals = try w.teamflow("goal", "list", "--week", "2024-W47", "--json").stdout
        XCTAssertFalse(goals.contains("데모 준비") || goals.contains("회고 정리"), goals)

        XCTAssertEqual(try w.teamflow("undo").code, 0)
        XCTAssertTrue(try tasks(w).isEmpty, "a second undo takes back the command before the import")
    }

    /// A page as pasted from Notion, through standard input: a dry run first, then the import,
    /// with the report of what was kept as notes and what was skipped; `task show` has the note.
    func testAPastedPageFromStandardInputWithADryRunAndTheReport() throws {
        let w = try Workspace()
        for (name, handle) in [("건우", "geonwoo"), ("석영", "seokyoung")] {
            XCTAssertEqual(try CLI.run(["member", "add", name, "--handle", handle], in: w.path).code, 0)
        }
        let page = "11/18 팀 현황\n\n• 배포 꼭 하기 ✅\n건우\n• DI Container\n    ⇒ Swinject 대신 직접\n석영\n1) 방 나가기\n\n```\nlog\n```\n"
        let dry = try CLI.run(["import", "markdown", "-", "--dry-run"], in: w.path, stdin: page)
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("Would import 1 goal and 2 tasks into 2024-W47"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("건우  [ ] DI Container  (+ note)"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("skipped 3 lines: 10-12 (code)"), dry.stdout)
        XCTAssertEqual(try eventCount(w), 2, "a dry run writes nothing")
        let done = try CLI.run(["import", "markdown", "-", "--json"], in: w.path, stdin: page)
        XCTAssertEqual(done.code, 0, done.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(done.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["keptAsNotes"] as? [Int], [6])
        XCTAssertEqual((json?["skippedLines"] as? [[String: Any]])?.first?["reason"] as? String, "code")
        let show = try CLI.run(["task", "show", "DI"], in: w.path)
        XCTAssertTrue(show.stdout.contains("⇒ Swinject 대신 직접"), show.stdout)
        let unknown = try CLI.run(["import", "markdown", "-", "--members", "민지"], in: w.path, stdin: page)
        XCTAssertEqual(unknown.code, 64, unknown.stderr)
        let nothing = try CLI.run(["import", "markdown", "-"], in: w.path, stdin: "회의록\n긴 이야기만 있었다.\n")
        XCTAssertEqual(nothing.code, 1)
        XCTAssertTrue(nothing.stderr.contains("line 1: 회의록"), nothing.stderr)
    }

    /// Commits on the events ref (one per append).
    private func eventCount(_ w: Workspace) throws -> Int {
        Int(try w.git("rev-list", "--count", "refs/teamflow/events").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
