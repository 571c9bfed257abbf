import Foundation
import TeamflowCore
import Templates
import XCTest
@testable import WikiExport

/// The export of a recorded scenario: pages, names, links, determinism, languages, overrides.
final class WikiExportTests: XCTestCase {
    func testRecordedScenarioMatchesTheExpectedPages() throws {
        let files = try WikiExporter().render(TeamState.derive(from: WikiScenario.events()))
        if ProcessInfo.processInfo.environment["WIKI_RECORD"] != nil {
            let text = files.map { "    (\($0.name.debugDescription), #\"\"\"\n\($0.contents)\"\"\"#),\n" }.joined()
            try text.write(toFile: "/tmp/wiki-expected.txt", atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(files.map(\.name), ExpectedPages.english.map(\.0))
        for (name, contents) in ExpectedPages.english {
            XCTAssertEqual(files.first { $0.name == name }?.contents, contents + "\n", name)
        }
    }

    func testSameEventsInAnyOrderGiveByteIdenticalPages() throws {
        let events = try WikiScenario.events()
        let first = try WikiExporter(language: .ko).render(TeamState.derive(from: events))
        let second = try WikiExporter(language: .ko).render(TeamState.derive(from: events.reversed()))
        XCTAssertEqual(first, second)
        var incremental = TeamState()
        incremental.apply(events)
        XCTAssertEqual(try WikiExporter(language: .ko).render(incremental), first)
    }

    func testKoreanHeadingsAndKoreanPageNames() throws {
        let files = try WikiExporter(language: .ko).render(TeamState.derive(from: WikiScenario.events()))
        let names = files.map(\.name)
        XCTAssertTrue(names.contains("개발-일지.md"), "\(names)")
        XCTAssertTrue(names.contains("팀-규칙-Rules.md"), "\(names)")
        XCTAssertTrue(names.contains("Project-BeStory-앱.md"), "\(names)")
        let week = try XCTUnwrap(files.first { $0.name == "Week-2024-W46.md" }?.contents)
        for heading in ["## 금주 목표", "## 팀원별 목표", "## 회고", "## 리뷰 노트", "- [x] 에픽 1, 2 빠르게 완성 🚀", "  - [ ] MainViewController \\[WIP\\]"] {
            XCTAssertTrue(week.contains(heading), "missing \(heading) in\n\(week)")
        }
    }

    func testPageNamesAreSafeAndUnique() {
        XCTAssertEqual(PageNames.safe("개발 일지 (v2)/설계", fallback: "x"), "개발-일지-v2-설계")
        XCTAssertEqual(PageNames.safe("🚀 ../..", fallback: "Page-1"), "Page-1")
        XCTAssertEqual(PageNames.safe("a:b*c?d\"e<f>g|h", fallback: "x"), "a-b-c-d-e-f-g-h")
        XCTAssertLessThanOrEqual(PageNames.safe(String(repeating: "가", count: 300), fallback: "x").count, PageNames.maximumLength)
        var names = PageNameAllocator()
        XCTAssertEqual(names.claim("Home", suffix: "a"), "Home")
        XCTAssertEqual(names.claim("home", suffix: "abcd"), "home-abcd")
        XCTAssertEqual(names.claim("home", suffix: "abcd"), "home-abcd-2")
    }

    func testRepositoryLayoutOverridesTheBuiltIn() throws {
        let folder = try WikiScenario.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# {{ week.name }} custom\n{% for goal in week.goals %}* {{ goal.text }}\n{% endfor %}"
            .write(toFile: folder + "/week.md", atomically: true, encoding: .utf8)
        let files = try WikiExporter(overrides: TemplateFolder(root: folder)).render(TeamState.derive(from: WikiScenario.events()))
        XCTAssertEqual(files.first { $0.name == "Week-2024-W47.md" }?.contents, "# 2024-W47 custom\n* 회고 위키 정리하고 발표 준비\n")
        XCTAssertTrue(files.first { $0.name == "Home.md" }?.contents.hasPrefix("# Team") == true, "other layouts stay built-in")

        try "{% for %}".write(toFile: folder + "/home.md", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try WikiExporter(overrides: TemplateFolder(root: folder)).render(TeamState())) { error in
            XCTAssertTrue("\(error)".contains("home.md"), "\(error)")
        }
    }

    func testALinkedOverrideFailsTheExportInsteadOfFallingBack() throws {
        let folder = try WikiScenario.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/week.md", withDestinationPath: "/etc/hostname")
        let overrides = TemplateFolder(root: folder, displayRoot: ".teamflow/templates/wiki")
        XCTAssertThrowsError(try WikiExporter(overrides: overrides).render(TeamState.derive(from: WikiScenario.events()))) { error in
            XCTAssertTrue("\(error)".contains(".teamflow/templates/wiki/week.md: refused: a symbolic link"), "\(error)")
        }
    }

    func testUnclosedCodeBlockInUserTextIsClosedOnItsPage() throws {
        XCTAssertEqual(Inline.block("text\n```swift\nlet a = 1\n\n"), "text\n```swift\nlet a = 1\n```")
        XCTAssertEqual(Inline.block("~~~~\ncode"), "~~~~\ncode\n~~~~")
        XCTAssertEqual(Inline.linkText("a [b]\nc"), "a \\[b\\] c")
    }
}
