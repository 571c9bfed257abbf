import Foundation
import XCTest

/// `retro`, `wiki` and `import markdown` end to end, and `wiki export` into a shared folder.
final class WikiCLITests: XCTestCase {
    func testRetroAndWikiPagesWithJournal() throws {
        let w = try Workspace()
        XCTAssertEqual(try w.teamflow("retro", "add", "매일 스크럼", "--kind", "keep").code, 0)
        XCTAssertEqual(try w.teamflow("retro", "add", "x", "--kind", "maybe").code, 64)
        XCTAssertTrue(try w.teamflow("retro", "list").stdout.contains("keep    매일 스크럼"))
        XCTAssertEqual(try w.teamflow("wiki", "append", "개발 일지", "--date", "2021-07-06", "--by", "Seok", stdin: "Step.2").code, 0)
        try Data("Step.1 방 생성\n".utf8).write(to: URL(fileURLWithPath: w.path + "/s1.md"))
        XCTAssertEqual(try w.teamflow("wiki", "append", "개발 일지", "--file", "s1.md", "--date", "2021-07-05", "--by", "Seok").code, 0)
        let show = try w.teamflow("wiki", "show", "개발 일지")
        XCTAssertEqual(show.stdout, "개발 일지\n\n2021-07-05 by Seok\nStep.1 방 생성\n\n2021-07-06 by Seok\nStep.2\n")
        XCTAssertEqual(try w.teamflow("wiki", "history", "개발 일지").stdout.split(separator: "\n").count, 2)
        XCTAssertEqual(try w.teamflow("wiki", "show", "없는 페이지").code, 1)
    }

    func testImportMarkdownWeekAndPlainImportStillWorks() throws {
        let w = try Workspace()
        try w.teamflow("member", "add", "건우")
        try w.teamflow("member", "add", "석영")
        let page = "# 2024-W45\n## 금주 목표\n- 에픽 1 완성 ✅\n- [ ] 배포\n## 팀원 별 목표\n### 건우\n- [x] DI\n### 석영\n- 서버 ✅\n"
        try Data(page.utf8).write(to: URL(fileURLWithPath: w.path + "/week.md"))
        let result = try w.teamflow("import", "markdown", "week.md")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Imported 2 goals and 2 tasks into 2024-W45\n")
        XCTAssertEqual(try w.git("rev-list", "--count", "refs/teamflow/events"), "3", "two members, then one commit for the whole page")
        let board = try w.teamflow("week", "2024-W45").stdout
        XCTAssertTrue(board.contains("[x]") && board.contains("에픽 1 완성") && board.contains("서버"), board)

        let stream = try w.teamflow("export").stdout
        let other = try Workspace()
        try Data(stream.utf8).write(to: URL(fileURLWithPath: other.path + "/all.yaml"))
        XCTAssertEqual(try other.teamflow("import", "all.yaml").code, 0, "import FILE is unchanged")
        XCTAssertEqual(try other.teamflow("import", "markdown", "missing.md").code, 1)
    }

    func testExportIsDeterministicOwnsItsPagesAndStopsOnAFolderInTheWay() throws {
        let w = try Workspace()
        try w.teamflow("init", "--team", "BeStory")
        try w.teamflow("member", "add", "건우")
        try w.teamflow("goal", "add", "배포 꼭 하기")
        try w.teamflow("task", "add", "DI", "--member", "건우")
        try w.teamflow("retro", "add", "PR이 큼", "--kind", "problem")
        try w.teamflow("wiki", "save", "팀 규칙", stdin: "- 리뷰 필수\n")
        let out = w.path + "/wiki"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("hand-written".utf8).write(to: URL(fileURLWithPath: out + "/Notes.md"))
        let first = try w.teamflow("wiki", "export", "--out", "wiki", "--lang", "ko")
        XCTAssertEqual(first.code, 0, first.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(names, [".teamflow-wiki-manifest", "Home.md", "Notes.md", "Week-2024-W47.md", "_Sidebar.md", "charts", "팀-규칙.md"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/charts").sorted(),
                       ["burndown-2024-W47.svg", "velocity.svg"])
        let week = try String(contentsOfFile: out + "/Week-2024-W47.md", encoding: .utf8)
        XCTAssertTrue(week.contains("## 금주 목표 (0/1)\n\n- [ ] 배포 꼭 하기\n"), week)
        XCTAssertTrue(week.contains("## 회고"), week)
        let bytes = try filesUnder(out)

        let second = try w.teamflow("wiki", "export", "--out", "wiki", "--lang", "ko", "--json")
        XCTAssertTrue(second.stdout.contains(#""written": []"#), second.stdout)
        XCTAssertEqual(try filesUnder(out), bytes, "byte-identical")

        try w.teamflow("review", "add", "--pr", "3", "--title", "New page")
        try FileManager.default.createDirectory(atPath: out + "/Review-PR-3.md", withIntermediateDirectories: false)
        let blocked = try w.teamflow("wiki", "export", "--out", "wiki", "--lang", "ko")
        XCTAssertEqual(blocked.code, 1)
        XCTAssertTrue(blocked.stderr.hasPrefix("error: ") && blocked.stderr.contains("Review-PR-3.md"), blocked.stderr)
        XCTAssertEqual(try filesUnder(out), bytes, "nothing half-written")
    }

    func testRepositoryOverridesALayout() throws {
        let w = try Workspace()
        try w.teamflow("goal", "add", "배포")
        try FileManager.default.createDirectory(atPath: w.path + "/.teamflow/templates/wiki", withIntermediateDirectories: true)
        try Data("# {{ week.name }}!\n".utf8).write(to: URL(fileURLWithPath: w.path + "/.teamflow/templates/wiki/week.md"))
        XCTAssertEqual(try w.teamflow("wiki", "export").code, 0)
        XCTAssertEqual(try String(contentsOfFile: w.path + "/wiki/Week-2024-W47.md", encoding: .utf8), "# 2024-W47!\n\n![Open items at each day's end: 2024-W47](charts/burndown-2024-W47.svg)\n",
                       "charts are embedded under the first heading of an overridden layout too")
    }
}
