import Templates
import XCTest

final class TrimAndSyntaxTests: XCTestCase {
    let list: [String: TemplateValue] = ["items": ["a", "b"]]

    func testNoneKeepsEverything() throws {
        XCTAssertEqual(try render("{% for i in items %}\n- {{ i }}\n{% endfor %}\n", list), "\n- a\n\n- b\n\n")
    }

    func testSmartDropsLinesHoldingOnlyABlockTag() throws {
        let template = "Items:\n    {% for i in items %}\n    - {{ i }}\n    {% endfor %}\nDone\n"
        XCTAssertEqual(try render(template, list, trim: .smart), "Items:\n    - a\n    - b\nDone\n")
        XCTAssertEqual(try render("{% if true %}\n\nx\n{% endif %}", trim: .smart), "\nx\n", "only one newline goes")
    }

    func testAllTrimsEverythingAroundBlockTags() throws {
        XCTAssertEqual(try render("  {% if true %}\n  x  \n{% endif %}\n", trim: .all), "x")
        XCTAssertEqual(try render("  {% if true +%}\n  x\n{%+ endif %}\n", trim: .all), "\n  x\n", "+ keeps")
    }

    func testMarkersTrimUnderNone() throws {
        XCTAssertEqual(try render("{% for i in items -%}\n  {{ i }}\n{%- endfor %}", list), "ab")
        XCTAssertEqual(try render("a  {%- if true %} b {% endif -%}  c"), "a b c")
        XCTAssertEqual(try render("{{ a }}  {# note #}  {{ a }}", ["a": 1]), "1    1", "variables and comments never trim")
    }

    func testCommentsAndUnknownTags() throws {
        XCTAssertEqual(try render("a{# hidden {{ x }} #}b"), "ab")
        XCTAssertNotNil(renderError("{% unknown %}"))
        XCTAssertNotNil(renderError("{{ }}"))
        XCTAssertNotNil(renderError("{% for n in names %}{{ n }}{% end %}", ["names": ["a"]]))
    }

    func testErrorDescriptionPointsAtTheSource() throws {
        let template = "line one\n\nHello {{ name|uppercaes }}!"
        let error = try XCTUnwrap(renderError(template, name: "Name.stencil"))
        XCTAssertEqual(error.templateName, "Name.stencil")
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(error.column, 15)
        XCTAssertEqual(error.sourceLine, "Hello {{ name|uppercaes }}!")
        XCTAssertTrue(
            error.description.hasPrefix("Name.stencil:3:15: error: unknown filter 'uppercaes'"), error.description)
        XCTAssertTrue(error.description.hasSuffix("\nHello {{ name|uppercaes }}!\n              ^"), error.description)
    }

    func testUnknownTagErrorLocation() throws {
        let error = try XCTUnwrap(renderError("ok\n  {% frobnicate x %}", name: "T.stencil"))
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 6)
        XCTAssertTrue(error.message.contains("unknown tag 'frobnicate'"), error.message)
    }

    func testRenderErrorsInsideIncludesKeepTheirOwnLocation() throws {
        let error = try XCTUnwrap(renderError("{% include \"inner\" %}", templates: ["inner": "\n{{ a[b] }}"]))
        XCTAssertEqual(error.templateName, "inner")
        XCTAssertEqual(error.line, 2)
    }

    func testUnterminatedTagsDropTheRestLikeStencil() throws {
        XCTAssertEqual(try render("before {{ name", ["name": "x"]), "before ")
    }

    func testParseOnceRenderMany() throws {
        var lines: [String] = []
        for index in 0..<50 {
            lines.append("{% for item in items %}{{ forloop.counter }}. {{ item.name|uppercase }} {% if item.flag %}yes{% else %}no{% endif %}{% endfor %}")
            lines.append("Line \(index): {{ title|default:\"none\" }} {{ items.count }}")
            lines.append("{% if items.count > 1 and title %}many{% endif %}")
            lines.append("plain text line \(index)")
        }
        let template = try TemplateEnvironment().parse(string: lines.joined(separator: "\n"), name: "big")
        let context: [String: TemplateValue] = ["items": [["name": "a", "flag": true], ["name": "b"]], "title": "T"]
        let first = try template.render(context: context)
        for _ in 0..<20 { XCTAssertEqual(try template.render(context: context), first) }
        XCTAssertTrue(first.hasPrefix("1. A yes2. B no\nLine 0: T 2\nmany\nplain text line 0"), first)
    }
}

final class RobustnessTests: XCTestCase {
    func testDeepNestingIsAnErrorNotACrash() {
        let deepIf = String(repeating: "{% if true %}", count: 5000) + String(repeating: "{% endif %}", count: 5000)
        XCTAssertNotNil(renderError(deepIf))
        XCTAssertNotNil(renderError("{% if " + String(repeating: "not ", count: 5000) + "a %}{% endif %}"))
        XCTAssertNotNil(renderError("{{ a" + String(repeating: "[a", count: 5000) + String(repeating: "]", count: 5000) + " }}"))
        XCTAssertNoThrow(try render(String(repeating: "{% if true %}", count: 50) + "x" + String(repeating: "{% endif %}", count: 50)))
    }
}
