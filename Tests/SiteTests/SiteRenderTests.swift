import Charts
import Foundation
import TeamflowCore
import XCTest
@testable import Site

/// The pages of the recorded scenario: what they hold, that user text is escaped, that every
/// link resolves, and that the same input gives the same bytes.
final class SiteRenderTests: XCTestCase {
    static func site(_ language: SiteLanguage = .en, charts withCharts: Bool = true) throws -> [SiteFile] {
        let state = try SiteScenario.state()
        var charts = SiteCharts.none
        if withCharts {
            let series = SiteScenario.charts(state)
            charts = SiteCharts(velocity: series.velocity, sprintBurndowns: series.sprint.map { [$0.0: $0.1] } ?? [:],
                                weekBurndowns: [ISOWeek(year: 2024, week: 47): series.week])
        }
        return SiteExporter(language: language).render(state, today: SiteScenario.today, charts: charts)
    }

    func testTheSiteHasItsPages() throws {
        let files = try Self.site()
        let paths = files.map(\.path)
        let sprint = try XCTUnwrap(SiteScenario.state().liveSprints.first)
        XCTAssertEqual(paths.filter { $0.hasPrefix("week-") }, ["week-2024-W46.html", "week-2024-W47.html"])
        XCTAssertEqual(paths.filter { $0.hasPrefix("review-") }, ["review-95.html"])
        XCTAssertEqual(paths.filter { $0.hasPrefix("page-") }.count, 2)
        XCTAssertEqual(paths.filter { $0.hasPrefix("charts/") },
                       ["charts/burndown-2024-W47.svg", "charts/burndown-sprint-" + FileNames.ascii(sprint.shortID) + ".svg", "charts/velocity.svg"].sorted())
        XCTAssertTrue(paths.contains("index.html") && paths.contains("style.css"))
        XCTAssertEqual(paths, paths.sorted())
    }

    func testDashboardShowsThisWeeksBoardProgressProjectsAndOverdueItems() throws {
        let index = try XCTUnwrap(Self.site().first { $0.path == "index.html" }?.contents)
        for expected in ["<html lang=\"en\">", "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
                         "<title>Dashboard · BeStory &lt;팀&gt;</title>", "href=\"week-2024-W47.html\">2024-W47</a>",
                         "화면 전환 애니메이션", "캐시 정리", "<span class=\"count\">1/2 (50%)</span>",
                         "Sprint 3", "회고 위키 정리하고 발표 준비", "src=\"charts/velocity.svg\"", "src=\"charts/burndown-2024-W47.svg\"",
                         "BeStory 앱", "에픽 1: 방 생성",
                         "project: BeStory 앱", "task: <code class=\"id\">", "서버 방 생성", "due 2024-11-14 · ⚠ overdue",
                         "href=\"review-95.html\">PR #95 [FEAT/#95] 서버 방 생성</a>", "<time datetime=\"2024-11-19\">"] {
            XCTAssertTrue(index.contains(expected), "missing \(expected) in\n\(index)")
        }
        XCTAssertFalse(index.contains("DIContainer 구현"), "last week's tasks are not on this week's board")
        XCTAssertFalse(index.contains("<script"), "no script at all")
    }

    func testEveryUserTextIsEscapedAndNoControlCharacterIsWritten() throws {
        for file in try Self.site() where file.path.hasSuffix(".html") {
            XCTAssertFalse(file.contents.contains("<script"), file.path)
            XCTAssertFalse(file.contents.contains("<img src=x"), file.path)
            XCTAssertFalse(file.contents.contains("javascript:"), file.path)
            let bad = file.contents.unicodeScalars.filter { HTML.isUnsafe($0) || $0 == "\r" }
            XCTAssertEqual(bad.count, 0, "\(file.path): \(bad.map { String($0.value, radix: 16) })")
        }
        let index = try XCTUnwrap(Self.site().first { $0.path == "index.html" }?.contents)
        XCTAssertTrue(index.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; \u{FFFD}[31m\u{FFFD}\u{FFFD}evil\u{FFFD}"), index)
    }

    func testEveryLinkAndImageResolvesToAWrittenFile() throws {
        for language in SiteLanguage.allCases {
            let files = try Self.site(language)
            let paths = Set(files.map(\.path))
            for file in files where file.path.hasSuffix(".html") {
                let targets = Self.references(in: file.contents)
                XCTAssertFalse(targets.isEmpty, file.path)
                for target in targets where !target.hasPrefix("https://") {
                    let path = String(target.prefix { $0 != "#" })
                    XCTAssertTrue(path.isEmpty || paths.contains(path), "\(file.path) links to \(target)")
                }
            }
        }
    }

    func testSameInputGivesTheSameBytesAndNoChartsMeansNoChartFiles() throws {
        XCTAssertEqual(try Self.site(.ko), try Self.site(.ko))
        let plain = try Self.site(charts: false)
        XCTAssertFalse(plain.contains { $0.path.hasPrefix("charts/") })
        XCTAssertFalse(try XCTUnwrap(plain.first { $0.path == "index.html" }).contents.contains("<figure"))
        let korean = try XCTUnwrap(Self.site(.ko).first { $0.path == "index.html" }?.contents)
        XCTAssertTrue(korean.contains("<html lang=\"ko\">") && korean.contains("이번 주") && korean.contains("마감 지남"), korean)
    }

    func testPagesPerWeekReviewAndWikiPage() throws {
        let files = try Self.site()
        let week = try XCTUnwrap(files.first { $0.path == "week-2024-W46.html" }?.contents)
        for expected in ["DIContainer 구현", "MainViewController [WIP]", "매일 스크럼 유지", "PR이 너무 큼", "href=\"review-95.html\""] {
            XCTAssertTrue(week.contains(expected), "missing \(expected) in\n\(week)")
        }
        let review = try XCTUnwrap(files.first { $0.path == "review-95.html" }?.contents)
        for expected in ["<a href=\"https://github.com/team/app/pull/95\">", "<code>feat/room</code>",
                         "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> DIContainer 구현</li>",
                         "<pre><code class=\"language-swift\">let view = LocalVideoView() // &lt;b&gt;\n</code></pre>",
                         "위험 and <a href=\"https://example.com/a?b=1&amp;c=2\">문서</a>", "<strong>코멘트</strong>"] {
            XCTAssertTrue(review.contains(expected), "missing \(expected) in\n\(review)")
        }
        let rules = try XCTUnwrap(files.first { $0.contents.contains("<h1>팀 규칙 / Rules</h1>") }?.contents)
        XCTAssertTrue(rules.contains("<h2>규칙</h2>") && rules.contains("<em>필수</em>") && rules.contains("<code>swift test</code>"), rules)
        for expected in ["&lt;img src=x onerror=alert(1)&gt;", "&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;",
                         "<th align=\"left\">요일</th>", "<td align=\"center\"><del>석영</del> 진우</td>",
                         "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> 회의록 <a href=\"https://example.com/notes\">",
                         "<a href=\"https://example.com/shot.png\">스크린샷</a>"] {
            XCTAssertTrue(rules.contains(expected), "missing \(expected) in\n\(rules)")
        }
        XCTAssertFalse(rules.contains("<img") || rules.contains("<iframe"), rules)
    }

    /// Every `href` and `src` value of a page.
    static func references(in html: String) -> [String] {
        var out: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = Substring(html)
            while let range = rest.range(of: attribute) {
                rest = rest[range.upperBound...]
                out.append(String(rest.prefix { $0 != "\"" }))
            }
        }
        return out
    }
}
