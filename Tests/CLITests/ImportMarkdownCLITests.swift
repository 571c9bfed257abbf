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
}
