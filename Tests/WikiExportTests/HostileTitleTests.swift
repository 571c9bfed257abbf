import Foundation
import TeamflowCore
import TeamflowTestSupport
import XCTest
@testable import WikiExport

/// Titles, names and labels are text in the wiki: a goal titled like a phishing link, tags in a
/// task, an unterminated comment in a project name, emphasis in a member's name all render
/// through a CommonMark renderer (markdown-it-py, raw HTML on, as GitHub allows some) as the
/// literal text typed, on every page that shows them.
final class HostileTitleTests: XCTestCase {
    static let attacks = [
        "[Re-login to SSO here](https://evil.example/phish)",
        "<img src=x onerror=alert(1)> 이미지",
        "<a href=\"https://evil.example/a\">클릭</a>",
        "Proj <!--",
        "**굵게** _기울임_ `코드` ~~취소~~ &amp; | 표",
        "# 제목처럼",
        "1. 목록처럼",
        "- 항목처럼",
        "![img](https://evil.example/i.png)",
        "<https://evil.example/auto>",
        "\\[escaped\\]",
    ]

    /// Renders each page and prints, per page, the text content and every href/src/comment seen.
    static let renderer = #"""
    import json, os, sys
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")
    folder = sys.argv[1]
    out = {}
    def walk(tokens, found):
        for t in tokens:
            if t.type in ("link_open", "image"):
                found["links"].append(t.attrGet("href") or t.attrGet("src") or "")
            if t.type in ("html_inline", "html_block"):
                found["html"].append(t.content)
            if t.type in ("text", "code_inline") :
                found["text"] += t.content
            if t.type == "softbreak":
                found["text"] += " "
            if t.children:
                walk(t.children, found)
            if t.type.endswith("_close") or t.type == "inline":
                found["text"] += "\n"
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".md"):
            continue
        found = {"links": [], "html": [], "text": ""}
        walk(md.parse(open(os.path.join(folder, name), encoding="utf-8").read()), found)
        out[name] = found
    print(json.dumps(out, ensure_ascii=False))
    """#

    func testHostileTitlesRenderAsTheirLiteralText() throws {
        guard CommonMarkValidationTests.run(["python3", "-c", "import markdown_it"]).code == 0 else {
            throw RequiredTool.missing("markdown-it-py is not installed (scripts/bootstrap.sh installs it)")
        }
        let repository = InMemoryEventRepository()
        let session = WikiScenario.session("2024-11-19T10:00:00+09:00")
        _ = try InitUseCase(repository: repository).initialize(team: "<b>팀</b> [x](https://evil.example/t)") { session }
        try MemberUseCases(repository: repository, session: session).add(name: "**건우**", handle: "gw")
        let project = try ProjectUseCases(repository: repository, session: session).add(name: "Proj <!--", due: nil, description: nil)
        let epic = try EpicUseCases(repository: repository, session: session).add(title: "<img src=x>", project: project.id.rawValue)
        for attack in Self.attacks {
            try GoalUseCases(repository: repository, session: session).add(title: attack)
            try TaskUseCases(repository: repository, session: session).add(title: attack, .init(member: "**건우**", epic: epic.id.rawValue))
            try RetroUseCases(repository: repository, session: session).add(text: attack, kind: "keep")
        }
        try ReviewUseCases(repository: repository, session: session).add(.init(pr: 7, title: Self.attacks[0], by: "<b>x</b>"))
        let files = try WikiExporter().render(TeamState.derive(from: try repository.events()))
        let folder = try WikiScenario.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try WikiWriter.write(files, to: folder)

        let result = CommonMarkValidationTests.run(["python3", "-c", Self.renderer, folder])
        XCTAssertEqual(result.code, 0, result.output)
        let pages = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: Any]])
        for (name, page) in pages {
            let links = page["links"] as? [String] ?? []
            XCTAssertEqual(links.filter { $0.contains("evil.example") }, [], "\(name) links out")
            XCTAssertEqual(page["html"] as? [String] ?? [], [], "\(name) has raw HTML")
        }
        let week = try XCTUnwrap(pages["Week-2024-W47.md"]?["text"] as? String)
        for attack in Self.attacks {
            XCTAssertGreaterThanOrEqual(week.components(separatedBy: attack).count - 1, 3, "goal, task and retro entry show \(attack) as typed:\n\(week)")
        }
        XCTAssertTrue(week.contains("**건우**"), week)
        let home = try XCTUnwrap(pages["Home.md"]?["text"] as? String)
        XCTAssertTrue(home.contains("<b>팀</b> [x](https://evil.example/t)"), home)
        XCTAssertTrue(home.contains("Proj <!--"), home)
        let sidebar = try XCTUnwrap(pages["_Sidebar.md"]?["text"] as? String)
        XCTAssertTrue(sidebar.contains("PR #7 " + Self.attacks[0]), sidebar)
        XCTAssertTrue(sidebar.contains("Proj <!--"), sidebar)
    }

    func testEscapingLeavesOrdinaryTitlesReadable() {
        XCTAssertEqual(Inline.text("에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류 (v2) ✅"), "에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류 (v2) ✅")
        XCTAssertEqual(Inline.text("배포 꼭 하기 ← 안하면 혼남"), "배포 꼭 하기 ← 안하면 혼남")
        XCTAssertEqual(Inline.text("2024. 11. 18 회의"), "2024\\. 11. 18 회의")
        XCTAssertEqual(Inline.text("줄\n바꿈\u{1B}[31m"), "줄 바꿈 \\[31m")
    }
}
