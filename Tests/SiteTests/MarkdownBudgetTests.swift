import Foundation
import XCTest
@testable import Site

/// No body makes the renderer run long: deep nesting is linear in libcmark-gfm, and the cases
/// where Debian 12's version (0.29.0.gfm.6) is not are caught by `MarkdownBudget`, which leaves
/// the feature concerned off. Times are generous for a debug build on a busy two-core machine
/// (four builds beside it took a 1 MiB case from 0.3 s to 2.3 s);
/// without the budget the slow cases below take from tens of seconds to hours.
final class MarkdownBudgetTests: XCTestCase {
    func r(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    func render(_ text: String, within seconds: Double, _ name: String) -> String {
        let start = Date()
        let html = GitHubMarkdown().html(fromMarkdown: text)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, seconds, "\(name): \(text.utf8.count) bytes took \(elapsed) s")
        return html
    }

    func testDeepNestingRendersUnderASecond() {
        let cases: [(String, String, String)] = [
            ("100,000 >", r(">", 100_000) + " a", "<blockquote>\n<blockquote>"),
            ("100,000 '> '", r("> ", 100_000) + "a", "<blockquote>\n<blockquote>"),
            ("100,000-deep list", r("- ", 100_000) + "a", "<ul>\n<li>\n<ul>"),
            ("100,000-deep ordered list", r("1. ", 100_000) + "a", "<ol>\n<li>\n<ol>"),
            ("100,000 [ and ]", r("[", 100_000) + "a" + r("]", 100_000), "<p>[[[["),
            ("100,000 unclosed [", r("[", 100_000), "<p>[[[["),
            ("100,000 ![", r("![", 100_000), "<p>![!["),
            ("50,000 * around a word", r("*", 50_000) + "a" + r("*", 50_000), "<p><strong><strong>"),
            ("1,000-deep indented list", (0..<1_000).map { r("  ", $0) + "* a\n" }.joined(), "<ul>\n<li>a\n<ul>"),
        ]
        for (name, text, expected) in cases {
            let html = render(text, within: 4, name)
            XCTAssertTrue(html.hasPrefix(expected), "\(name): \(html.prefix(80))")
            XCTAssertTrue(MarkdownBudget(text).allowsMarkdown, name)
        }
    }

    /// About 1 MiB of each super-linear case of this libcmark-gfm: rendered quickly, with the
    /// feature concerned left off (what the check says).
    func testTheSlowCasesOfThisLibcmarkGfmStayFast() {
        let mib = 1 << 20
        func fill(_ piece: String) -> String { r(piece, mib / piece.utf8.count) }
        let plain: [(String, String)] = [
            ("![[]() repeated", fill("![[]()")),
            ("*[a](b) repeated", fill("*[a](b)")),
            ("20,000 > then 20,000 lines", r(">", 20_000) + " a\n" + r("b\n", 20_000)),
            ("20,000-deep list then 20,000 lines", r("- ", 20_000) + "a\n" + r("b\n", 20_000)),
        ]
        for (name, text) in plain {
            XCTAssertTrue(render(text, within: 8, name).hasPrefix("<pre class=\"plain\">"), name)
        }
        let noTables: [(String, String)] = [
            ("50,000 columns", "|" + r("a|", 50_000) + "\n|" + r("-|", 50_000) + "\n" + r("|" + r("a|", 50_000) + "\n", 8)),
            ("1,000 columns over 100,000 lines", "|" + r("x|", 1_000) + "\n|" + r("-|", 1_000) + "\n" + r("a\n", 100_000)),
        ]
        for (name, text) in noTables {
            XCTAssertFalse(MarkdownBudget(text).allowsTables, name)
            XCTAssertFalse(render(text, within: 8, name).contains("<table"), name)
        }
        let noStrikethrough = fill("~__> **")
        XCTAssertFalse(MarkdownBudget(noStrikethrough).allowsStrikethrough)
        XCTAssertFalse(render(noStrikethrough, within: 8, "~__> ** repeated").contains("<del>"))
        for (name, text) in [("a@b#x+<http:// repeated", fill("a@b#x+<http://")), ("<(www. repeated", fill("<(www.")),
                             ("a@b repeated", fill("a@b")), ("www.a and 100,000 )", "www.a" + r(")", 100_000))] {
            XCTAssertFalse(MarkdownBudget(text).allowsAutolinks, name)
            XCTAssertTrue(MarkdownBudget(text).allowsMarkdown, name)
            XCTAssertFalse(render(text, within: 8, name).contains("<a "), name)
        }
    }

    /// A long page as teams write them keeps every feature, far below the budget.
    func testAnOrdinaryLongPageKeepsEveryFeature() {
        var page = ""
        for week in 1...300 {
            page += "## Week \(week)\n\nWe shipped *three* things: [the board](https://example.com/board/\(week)), [notes](Notes-\(week).md), "
                + "a ~~slow~~ fast `snake_case_name` fix (see www.example.com/\(week) or ask team@example.com).\nSecond line with **bold**.\n\n"
                + "| Task | Owner | Points |\n|:-----|:-----:|-------:|\n"
                + (1...10).map { "| task_\($0) [link](https://x.org/\($0)) | 건우 | \($0) |\n" }.joined() + "\n"
                + (1...5).map { "- [\($0 % 2 == 0 ? "x" : " ")] item \($0) with `code` and [a link](#w\(week))\n" }.joined()
                + "\n```swift\n" + (1...20).map { "let value_\($0) = items[\($0)] ?? [] // (\($0))\n" }.joined() + "```\n\n> a *quote* 🚀\n\n"
        }
        let budget = MarkdownBudget(page)
        XCTAssertTrue(budget.allowsMarkdown && budget.allowsTables && budget.allowsStrikethrough && budget.allowsAutolinks)
        for cost in [budget.nesting, budget.inlines, budget.tables, budget.strikethrough, budget.autolinks] {
            XCTAssertLessThan(cost, MarkdownBudget.limit / 10, "\(budget)")
        }
        let html = render(page, within: 8, "a 300-week page of \(page.utf8.count) bytes")
        for expected in ["<table>", "<del>slow</del>", "<a href=\"http://www.example.com/300\">", "<a href=\"mailto:team@example.com\">",
                         "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> item 2", "<pre><code class=\"language-swift\">let value_1"] {
            XCTAssertTrue(html.contains(expected), expected)
        }
    }

    func testCostsOfOneParagraph() {
        let paragraph = (1...300).map { "*word* [link](https://a.b/\($0))" }.joined(separator: " ")
        XCTAssertEqual(MarkdownBudget(paragraph).inlines, 600 * 300, "600 emphasis delimiters before 300 link closers")
        XCTAssertEqual(MarkdownBudget(paragraph + "\n\n" + paragraph).inlines, 2 * 600 * 300, "a blank line ends the paragraph")
        XCTAssertEqual(MarkdownBudget("> > - a\n  b\n\n1. x").nesting, 6 * 4, "the deepest prefix times the lines")
        XCTAssertEqual(MarkdownBudget("| a | b | c |\n|---|:-:|---|\n| 1 | 2 | 3 |\n").tables, 5 * 5 * 3, "(pipes + 1)² per line")
        XCTAssertEqual(MarkdownBudget("a ~~b~~ *c*").strikethrough, 4 * 6)
        XCTAssertEqual(MarkdownBudget("mail a@b.c now\nsee www.x.org/(a) and https://y.z").autolinks, 14 + (1 + 1) * 13 + 1 * 11,
                       "@ times its line, (starts + closing parentheses) times their word")
        let empty = MarkdownBudget("")
        XCTAssertTrue(empty.allowsMarkdown && empty.allowsTables && empty.allowsStrikethrough && empty.allowsAutolinks)
    }
}
