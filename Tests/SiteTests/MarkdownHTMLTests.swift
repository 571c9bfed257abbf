import XCTest
@testable import Site

/// The small Markdown renderer: what it supports, what it refuses, and that its output is
/// always balanced whatever the input.
final class MarkdownHTMLTests: XCTestCase {
    func testBlocks() {
        XCTAssertEqual(MarkdownHTML.render("# Title\n\nSome *text*\nnext line\n\n---\n"),
                       "<h2>Title</h2>\n<p>Some <em>text</em><br>\nnext line</p>\n<hr>\n")
        XCTAssertEqual(MarkdownHTML.render("- a\n  - b\n    - c\n- d\n1. one\n"),
                       "<ul>\n<li>a<ul>\n<li>b<ul>\n<li>c</li></ul>\n</li></ul>\n</li>\n<li>d</li></ul>\n<ol>\n<li>one</li></ol>\n")
        XCTAssertEqual(MarkdownHTML.render("- [x] done\n- [ ] open\n"),
                       "<ul>\n<li><input type=\"checkbox\" disabled checked> done</li>\n<li><input type=\"checkbox\" disabled> open</li></ul>\n")
        XCTAssertEqual(MarkdownHTML.render("```swift\nlet a = \"<b>\"\n\n```\n"),
                       "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot;\n</code></pre>\n")
        XCTAssertEqual(MarkdownHTML.render("```\nnever closed <i>"), "<pre><code>never closed &lt;i&gt;</code></pre>\n")
        XCTAssertEqual(MarkdownHTML.render("###### deep", headingShift: 3), "<h6>deep</h6>\n")
    }

    func testInlineAndLinks() {
        XCTAssertEqual(InlineHTML.render("**bold** and _em_ and `a < b` and snake_case_name"),
                       "<strong>bold</strong> and <em>em</em> and <code>a &lt; b</code> and snake_case_name")
        XCTAssertEqual(InlineHTML.render("[ok](https://x.org/?a=1&b=2) [rel](Week-1.md) [bad](javascript:alert(1))"),
                       "<a href=\"https://x.org/?a=1&amp;b=2\">ok</a> <a href=\"Week-1.md\">rel</a> bad")
        XCTAssertEqual(InlineHTML.render("[x](JaVaScRiPt:1) [y](//evil.example) [z](data:text/html,1) [w](vbscript:x)"), "x y z w")
        XCTAssertEqual(InlineHTML.render("\\*not em\\* <script>"), "*not em* &lt;script&gt;")
        XCTAssertEqual(InlineHTML.render("unclosed **bold and *em and `code"), "unclosed **bold and *em and `code")
        XCTAssertEqual(InlineHTML.render("[**bold link**](https://a.b)"), "<a href=\"https://a.b\"><strong>bold link</strong></a>")
    }

    func testRawHTMLNeverPassesAndControlsAreReplaced() {
        let html = MarkdownHTML.render("<img src=x onerror=alert(1)>\n\"quoted\" 'single' \u{1B}[2J\u{202E}\r\n- <b>item</b>")
        XCTAssertEqual(html, "<p>&lt;img src=x onerror=alert(1)&gt;<br>\n&quot;quoted&quot; &#39;single&#39; \u{FFFD}[2J\u{FFFD}</p>\n"
                       + "<ul>\n<li>&lt;b&gt;item&lt;/b&gt;</li></ul>\n")
    }

    /// Random Markdown-ish input always gives balanced tags (checked with a tag stack).
    func testOutputIsAlwaysBalanced() {
        let pieces = ["# ", "- ", "  - ", "1. ", "```", "~~~", "`", "*", "**", "_", "[", "](", ")", "http://a", "\n", "\n\n", "x", "한", "<", "&", "\\", "    ", "- [x] ", "---"]
        var seed: UInt64 = 0x5EED
        for _ in 0..<2000 {
            var text = ""
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            var local = seed
            for _ in 0..<Int(local % 40) {
                local = local &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int((local >> 33) % UInt64(pieces.count))]
            }
            let html = MarkdownHTML.render(text)
            XCTAssertTrue(Self.isBalanced(html), "unbalanced for \(text.debugDescription):\n\(html)")
        }
    }

    static func isBalanced(_ html: String) -> Bool {
        let voids: Set = ["br", "hr", "input", "img"]
        var stack: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let closing = rest.first == "/"
            let name = String(rest.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
            if voids.contains(name) { continue }
            if closing {
                guard stack.last == name else { return false }
                stack.removeLast()
            } else {
                stack.append(name)
            }
        }
        return stack.isEmpty
    }
}
