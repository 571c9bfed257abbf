import Foundation
import TeamflowTestSupport
import XCTest
@testable import Site

/// Bodies rendered as GitHub renders them (libcmark-gfm with its extensions), under the site's
/// rules: raw HTML is text, unsafe destinations are dropped, images become links, controls
/// become U+FFFD, and no input makes the renderer run long.
final class GitHubMarkdownTests: XCTestCase {
    func html(_ markdown: String, headingShift: Int = 1) -> String {
        GitHubMarkdown(headingShift: headingShift).html(fromMarkdown: markdown)
    }

    func testTables() {
        XCTAssertEqual(html("| Name | Done |\n|:-----|:----:|\n| 건우 | **2** |\n| a \\| b | |\n"), """
            <table>
            <thead>
            <tr>
            <th align="left">Name</th>
            <th align="center">Done</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="left">건우</td>
            <td align="center"><strong>2</strong></td>
            </tr>
            <tr>
            <td align="left">a | b</td>
            <td align="center"></td>
            </tr>
            </tbody>
            </table>

            """)
    }

    func testTaskListsNestedAndDisabled() {
        XCTAssertEqual(html("- [x] done\n- [ ] open\n  - [X] nested\n- plain\n"), """
            <ul>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            <li><input type="checkbox" disabled="" /> open
            <ul>
            <li><input type="checkbox" checked="" disabled="" /> nested</li>
            </ul>
            </li>
            <li>plain</li>
            </ul>

            """)
    }

    func testStrikethroughAutolinksAndLineBreaks() {
        XCTAssertEqual(html("~~gone~~ and ~also~\nsee www.example.com, https://x.org/a?b=1&c=2 or me@example.com."),
                       "<p><del>gone</del> and <del>also</del><br />\nsee <a href=\"http://www.example.com\">www.example.com</a>, "
                       + "<a href=\"https://x.org/a?b=1&amp;c=2\">https://x.org/a?b=1&amp;c=2</a> or "
                       + "<a href=\"mailto:me@example.com\">me@example.com</a>.</p>\n")
        XCTAssertEqual(html("[www.a.com, a@b.com, https://c.d](https://x)"), "<p><a href=\"https://x\">www.a.com, a@b.com, https://c.d</a></p>\n",
                       "no link inside a link")
    }

    func testFencedCodeKeepsItsLanguageAndEscapes() {
        XCTAssertEqual(html("```swift\nlet a = \"<b>\" && b\n\n```\n"),
                       "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot; &amp;&amp; b\n\n</code></pre>\n")
        XCTAssertEqual(html("~~~\nnever closed <i>"), "<pre><code>never closed &lt;i&gt;\n</code></pre>\n")
        XCTAssertEqual(html("```\"><script>x\ny\n```"), "<pre><code class=\"language-&quot;&gt;&lt;script&gt;x\">y\n</code></pre>\n")
    }

    func testHeadingsMoveBelowThePagesOwn() {
        XCTAssertEqual(html("# Title\n\nSome *text*\n\n---\n"), "<h2>Title</h2>\n<p>Some <em>text</em></p>\n<hr />\n")
        XCTAssertEqual(html("Setext\n===", headingShift: 2), "<h3>Setext</h3>\n")
        XCTAssertEqual(html("###### deep", headingShift: 3), "<h6>deep</h6>\n")
    }

    func testKoreanAndEmojiAreKeptExactly() {
        let text = "회고 위키 정리하고 발표 준비 🚀👩‍💻 — “따옴표” ｆｕｌｌ 가̈"
        XCTAssertEqual(html(text), "<p>\(text)</p>\n")
        XCTAssertEqual(html("- [x] 에픽 1 완료 ✅\n"), "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> 에픽 1 완료 ✅</li>\n</ul>\n")
    }

    func testRawHTMLIsShownAsText() {
        XCTAssertEqual(html("<img src=x onerror=alert(1)>\n\"quoted\" 'single'"),
                       "<p>&lt;img src=x onerror=alert(1)&gt;<br />\n&quot;quoted&quot; 'single'</p>\n")
        XCTAssertEqual(html("<div>\n<script>alert(1)</script>\n</div>\n\ninline <b onclick=\"x()\">b</b> <!-- note -->"),
                       "<p>&lt;div&gt;<br />\n&lt;script&gt;alert(1)&lt;/script&gt;<br />\n&lt;/div&gt;</p>\n"
                       + "<p>inline &lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt; &lt;!-- note --&gt;</p>\n")
        XCTAssertEqual(html("- <b>item</b>\n\n| <i>x</i> |\n|---|\n"),
                       "<ul>\n<li>&lt;b&gt;item&lt;/b&gt;</li>\n</ul>\n<table>\n<thead>\n<tr>\n<th>&lt;i&gt;x&lt;/i&gt;</th>\n</tr>\n</thead>\n</table>\n")
    }

    /// A conformant HTML parser (html5lib, as browsers parse) finds no element or attribute that
    /// could run anything, whatever hostile markup a body holds.
    func testHostileBodiesHaveNothingLiveForHTML5Lib() throws {
        guard let python = ExternalTools.python(with: "html5lib") else {
            throw RequiredTool.missing("python3 with html5lib is not installed (scripts/bootstrap.sh installs it): the parse is skipped")
        }
        let bodies = [
            "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<iframe src=\"https://evil.example\"></iframe>",
            "text <svg onload=alert(1)> <math><mi xlink:href=\"javascript:x\">", "<a href=\"javascript:alert(1)\">x</a>",
            "<style>body{display:none}</style><object data=x><embed src=x>", "<details open ontoggle=alert(1)>",
            "[x](javascript:alert(1)) [y](jav&#x61;script:1) ![z](javascript:1) <javascript:alert(1)>",
            "| <script>x</script> |\n|---|\n| <img src=x onerror=y> |", "- [ ] <iframe srcdoc='<script>x</script>'>",
            "```html\n<script>x</script>\n```", "`<script>`", "<!-- <script>x</script> -->", "<?php x ?><![CDATA[<script>]]>",
            "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">", "<textarea><script>x</script></textarea>",
            "![<img src=x onerror=y>](https://a.b/i.png)", "[<svg onload=x>](https://a.b)",
        ]
        let fragment = bodies.map { "<div class=\"md\">\n" + html($0) + "</div>\n" }.joined()
        let script = """
        import sys, json, html5lib
        doc = html5lib.parse(sys.stdin.read(), namespaceHTMLElements=False)
        print(json.dumps([[el.tag, sorted(el.attrib)] for el in doc.iter() if isinstance(el.tag, str)]))
        """
        let result = try ExternalTools.run(python, ["-c", script], stdin: "<!DOCTYPE html><html lang=\"en\"><title>t</title><body>" + fragment)
        XCTAssertEqual(result.code, 0, result.stderr)
        let elements = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]])
        XCTAssertGreaterThan(elements.count, bodies.count)
        let allowed: Set = ["html", "head", "title", "body", "div", "p", "a", "code", "pre", "ul", "li", "input", "br",
                            "table", "thead", "tbody", "tr", "th", "td"]
        for element in elements {
            let name = try XCTUnwrap(element.first as? String)
            let attributes = try XCTUnwrap(element.last as? [String])
            XCTAssertTrue(allowed.contains(name), "a <\(name)> element is live in\n\(fragment)")
            XCTAssertFalse(attributes.contains { $0.lowercased().hasPrefix("on") }, "\(name) has \(attributes)")
            XCTAssertTrue(Set(attributes).isSubset(of: ["href", "class", "lang", "type", "checked", "disabled", "align", "title"]),
                          "\(name) has \(attributes)")
        }
        XCTAssertFalse(fragment.lowercased().contains("href=\"javascript"), fragment)
    }

    func testUnsafeDestinationsLeaveOnlyTheText() {
        let links = ["javascript:alert(1)", "JaVaScRiPt:1", "jav&#x61;script:x", "&#106;avascript:x", "java\\script:x",
                     "<javascript:x>", "vbscript:x", "data:text/html,1", "DATA:image/png;base64,AA", "file:///etc/passwd",
                     "//evil.example", "\\\\evil", "mailto:", "ftp://x"]
        for link in links {
            XCTAssertEqual(html("[t](\(link))"), "<p>t</p>\n", link)
            XCTAssertEqual(html("![alt *x*](\(link) \"title\")"), "<p>alt x</p>\n", link)
        }
        XCTAssertEqual(html("[ok](https://x.org/?a=1&b=2 \"T\") [rel](Week-1.md) [top](#goals) [m](mailto:a@b.c?subject=hi)"),
                       "<p><a href=\"https://x.org/?a=1&amp;b=2\" title=\"T\">ok</a> <a href=\"Week-1.md\">rel</a> "
                       + "<a href=\"#goals\">top</a> <a href=\"mailto:a@b.c?subject=hi\">m</a></p>\n")
        XCTAssertEqual(html("[**bold** link](https://a.b) [\"q\"](https://a.b/\"onmouseover=\"x)"),
                       "<p><a href=\"https://a.b\"><strong>bold</strong> link</a> <a href=\"https://a.b/%22onmouseover=%22x\">&quot;q&quot;</a></p>\n")
        XCTAssertEqual(html("<https://a.b/x> <mailto:a@b.c>"), "<p><a href=\"https://a.b/x\">https://a.b/x</a> <a href=\"mailto:a@b.c\">mailto:a@b.c</a></p>\n")
    }

    /// Pages fetch nothing from elsewhere: an image is a link to it (its description as text),
    /// inside a link only its description, with a refused destination only its description.
    func testImagesBecomeLinksToTheImage() {
        XCTAssertEqual(html("![화면 *캡처*](https://example.com/shot.png \"T\") ![](pic.png) ![gone](javascript:x)"),
                       "<p><a href=\"https://example.com/shot.png\" title=\"T\">화면 캡처</a> <a href=\"pic.png\">pic.png</a> gone</p>\n")
        XCTAssertEqual(html("[![build](https://ci.example/badge.svg)](https://ci.example) ![a ![b](x.png)](y.png)"),
                       "<p><a href=\"https://ci.example\">build</a> <a href=\"y.png\">a b</a></p>\n")
        XCTAssertFalse(html("![x](https://evil.example/track.gif)\n\n<img src=\"https://evil.example/t.gif\">").contains("<img"))
    }

    func testControlAndBidiCharactersBecomeReplacementCharacters() {
        XCTAssertEqual(html("a\u{1B}[2J\u{202E}b\u{0}c &#x202E; &#27; &#0; &lrm; \u{85}\r\nnext\rlast"),
                       "<p>a\u{FFFD}[2J\u{FFFD}b\u{FFFD}c \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}<br />\nnext<br />\nlast</p>\n")
        XCTAssertEqual(html("```\n\u{7}bell &#x7;\r\n```"), "<pre><code>\u{FFFD}bell &amp;#x7;\n</code></pre>\n")
        XCTAssertEqual(html("`&#x202E;` [x](https://a.b/\u{202E}) ![\u{202E}](y.png)"),
                       "<p><code>&amp;#x202E;</code> x <a href=\"y.png\">\u{FFFD}</a></p>\n")
    }

    /// Random Markdown-ish input always gives balanced tags, never a link inside a link, and never
    /// anything live.
    func testOutputIsAlwaysBalanced() {
        let pieces = ["# ", "- ", "  - ", "1. ", "```", "~~~", "`", "*", "**", "_", "~~", "[", "](", ")", "![", "http://a", "www.b.c",
                      "a@b.c", "\n", "\n\n", "x", "한", "<", "<b>", "<script>", "&", "&#x61;", "\\", "    ", "- [x] ", "---", "| a | b |\n|---|---|\n",
                      "|", "> ", "javascript:", "<https://a>", "\"", "'"]
        var seed: UInt64 = 0x5EED
        for _ in 0..<2000 {
            var text = ""
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            var local = seed
            for _ in 0..<Int(local % 40) {
                local = local &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int((local >> 33) % UInt64(pieces.count))]
            }
            let html = html(text)
            XCTAssertTrue(Self.isBalanced(html), "unbalanced for \(text.debugDescription):\n\(html)")
            XCTAssertFalse(html.contains("<script") || html.contains("<img") || html.contains("<b>") || html.contains("href=\"javascript"),
                           "\(text.debugDescription):\n\(html)")
        }
    }

    /// Open and closing tags match, void elements aside, and no `<a>` opens inside another.
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
                if name == "a" && stack.contains("a") { return false }
                stack.append(name)
            }
        }
        return stack.isEmpty
    }
}
