import Foundation
import TeamflowCore
import TeamflowTestSupport
import XCTest
@testable import Site

/// Every item's id links to its anchor (on its week's page, from any page), and each task line
/// of a week page folds its history as the state knows it: added, carried, done and by whom,
/// due; times in the team's zone; every text in it escaped.
final class SiteTaskHistoryTests: XCTestCase {
    static let hostile = "<img src=x onerror=alert(1)> \"q\" & 'a' \u{202E}evil"

    /// W47 (from Tuesday 2024-11-19 in Seoul): 지혜's task due Friday and a task with a hostile
    /// title; Monday of W48 both are carried; Wednesday someone with a hostile name checks the
    /// first. Today is Friday 2024-11-29.
    struct Carried {
        let state: TeamState
        let linked: TeamTask, hostile: TeamTask
        static let today = Day(year: 2024, month: 11, day: 29) ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .current)

        init() throws {
            var f = Fixture(now: "2024-11-19T10:00:00+09:00", author: Author(name: "지혜", email: "jh@example.com"))
            try f.members.add(name: "지혜")
            try f.members.add(name: "석영")
            linked = try f.tasks.add(title: "화면간 연결", .init(member: "지혜", due: "2024-11-22"))
            hostile = try f.tasks.add(title: SiteTaskHistoryTests.hostile, .init(member: "석영"))
            f.session.now = Timestamp.parse("2024-11-25T09:00:00+09:00") ?? f.session.now
            try WeekUseCases(repository: f.repository, session: f.session).carry()
            f.session.now = Timestamp.parse("2024-11-27T14:00:00+09:00") ?? f.session.now
            f.session.author = Author(name: "석영 <b>" + SiteTaskHistoryTests.hostile, email: "seok@example.com")
            try f.tasks.check(linked.id.rawValue)
            state = try f.state()
        }

        func site(_ language: SiteLanguage = .en, timeZone: TimeZone? = nil) -> [SiteFile] {
            SiteExporter(language: language, timeZone: timeZone).render(state, today: Self.today)
        }
    }

    func testEveryAnchorLinkResolvesToAnElementOnItsPage() throws {
        let carried = try Carried()
        var checked = 0
        for files in [carried.site(.en), carried.site(.ko), try SiteRenderTests.site(.en), try SiteRenderTests.site(.ko)] {
            let pages = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
            for file in files where file.path.hasSuffix(".html") {
                for target in SiteRenderTests.references(in: file.contents) where target.contains("#") && !target.hasPrefix("https://") {
                    let path = String(target.prefix { $0 != "#" }), fragment = String(target.drop(while: { $0 != "#" }).dropFirst())
                    let page = try XCTUnwrap(pages[path.isEmpty ? file.path : path], "\(file.path) links to \(target)")
                    XCTAssertTrue(page.contains("id=\"\(fragment.removingPercentEncoding ?? fragment)\""), "\(file.path) links to \(target): no such element")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 20)

        // The week page links to its own anchors; the dashboard to the week page's.
        let files = carried.site()
        let (short, week) = (carried.linked.shortID, try XCTUnwrap(files.first { $0.path == "week-2024-W48.html" }?.contents))
        XCTAssertTrue(week.contains("<li id=\"task-\(short)\" class=\"done\">"), week)
        XCTAssertTrue(week.contains("<code class=\"id\"><a href=\"#task-\(short)\">\(short)</a></code> 화면간 연결"), week)
        let index = try XCTUnwrap(files.first { $0.path == "index.html" }?.contents)
        XCTAssertTrue(index.contains("<a href=\"week-2024-W48.html#task-\(short)\">\(short)</a>"), index)
        XCTAssertFalse(index.contains("<details"), "the dashboard links to the history, it does not repeat it")
        // The dashboard's overdue list links to the task's own week page.
        let scenario = try SiteRenderTests.site()
        let overdue = try XCTUnwrap(try SiteScenario.state().liveTasks.first { $0.title == "서버 방 생성" })
        let dashboard = try XCTUnwrap(scenario.first { $0.path == "index.html" }?.contents)
        XCTAssertTrue(dashboard.contains("task: <code class=\"id\"><a href=\"week-\(overdue.week).html#task-\(overdue.shortID)\">"), dashboard)
    }

    func testTheHistoryListsAddedCarriedDoneByAndDueInTheTeamsZone() throws {
        let carried = try Carried()
        let seoul = try XCTUnwrap(TimeZone(identifier: "Asia/Seoul"))
        for page in ["week-2024-W47.html", "week-2024-W48.html"] {
            // The line a carry left in W47 and the line in W48 tell the same history.
            let line = try Self.line(of: carried.linked, in: page, carried.site(timeZone: seoul))
            XCTAssertTrue(line.contains("<details class=\"history\"><summary>History<span class=\"sr\">: 화면간 연결</span></summary>"), line)
            XCTAssertFalse(line.contains("<details open"), "collapsed")
            for expected in ["<li>Added <span class=\"at\">2024-11-19 10:00 +09:00</span></li>", "<li>Carried 2024-W47 → 2024-W48 · <span class=\"at\">2024-11-25 09:00 +09:00</span></li>",
                             "<li>Done <span class=\"at\">2024-11-27 14:00 +09:00</span> by 석영 &lt;b&gt;&lt;img", "<li>Due 2024-11-22</li>",
                             "<code>teamflow task show \(carried.linked.shortID)</code>"] {
                XCTAssertTrue(line.contains(expected), "\(page): missing \(expected) in\n\(line)")
            }
        }
        let korean = try Self.line(of: carried.linked, in: "week-2024-W48.html", carried.site(.ko, timeZone: seoul))
        for expected in ["<summary>기록<span class=\"sr\">", "<li>추가 <span class=\"at\">2024-11-19 10:00 +09:00</span></li>", "<li>이월 2024-W47 → 2024-W48 · <span class=\"at\">2024-11-25 09:00 +09:00</span></li>",
                         "<li>완료 <span class=\"at\">2024-11-27 14:00 +09:00</span> · 석영", "<li>마감 2024-11-22</li>", "전체 기록: <code>"] {
            XCTAssertTrue(korean.contains(expected), "missing \(expected) in\n\(korean)")
        }
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let inUTC = try Self.line(of: carried.linked, in: "week-2024-W48.html", carried.site(timeZone: utc))
        XCTAssertTrue(inUTC.contains("<li>Carried 2024-W47 → 2024-W48 · <span class=\"at\">2024-11-25 00:00 +00:00</span></li>"), inUTC)
        // The open task: carried, never done.
        let open = try Self.line(of: carried.hostile, in: "week-2024-W48.html", carried.site(timeZone: seoul))
        XCTAssertTrue(open.contains("<li>Carried 2024-W47 → 2024-W48"), open)
        XCTAssertFalse(open.contains("<li>Done"), open)
    }

    func testAHostileTitleAndNameInTheHistoryAreEscaped() throws {
        let carried = try Carried()
        for language in SiteLanguage.allCases {
            let files = carried.site(language)
            let line = try Self.line(of: carried.hostile, in: "week-2024-W48.html", files)
            XCTAssertTrue(line.contains("<span class=\"sr\">: &lt;img src=x onerror=alert(1)&gt; &quot;q&quot; &amp; &#39;a&#39; \u{FFFD}evil</span>"), line)
            let done = try Self.line(of: carried.linked, in: "week-2024-W48.html", files)
            XCTAssertTrue(done.contains("석영 &lt;b&gt;&lt;img src=x onerror=alert(1)&gt; &quot;q&quot; &amp; &#39;a&#39; \u{FFFD}evil</li>"), done)
            for file in files where file.path.hasSuffix(".html") {
                XCTAssertFalse(file.contents.contains("<img") || file.contents.contains("<b>"), file.path)
                XCTAssertFalse(file.contents.unicodeScalars.contains(where: HTML.isUnsafe), file.path)
            }
        }
    }

    /// A task's line on `page`: from its `<li id="task-…">` to the end of its history.
    static func line(of task: TeamTask, in page: String, _ files: [SiteFile],
                     file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let html = try XCTUnwrap(files.first { $0.path == page }?.contents, "no \(page)", file: file, line: line)
        let start = try XCTUnwrap(html.range(of: "<li id=\"task-\(task.shortID)\""), "\(task.title) not on \(page)", file: file, line: line)
        let end = try XCTUnwrap(html.range(of: "</details>", range: start.upperBound..<html.endIndex), "no history", file: file, line: line)
        return String(html[start.lowerBound..<end.upperBound])
    }
}
