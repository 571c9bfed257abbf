import Templates
import XCTest

/// Scoping details of `set`, `macro`/`call`, `map` and `import` beyond the vectors.
final class SwiftKitTagTests: XCTestCase {
    func testAValueSetNearerHidesAMacro() throws {
        let template = "{% macro m %}macro{% endmacro %}{% for i in one %}{% set m %}value{% endset %}{{ m }}{% endfor %}{% call m %}"
        XCTAssertEqual(try render(template, ["one": [1]]), "valuemacro")
        XCTAssertNotNil(renderError("{% macro m %}x{% endmacro %}{% for i in one %}{% set m %}v{% endset %}{% call m %}{% endfor %}", ["one": [1]]))
    }

    func testAMacroDefinedInsideALoopIsGoneAfterIt() {
        XCTAssertNotNil(renderError("{% for i in one %}{% macro m %}x{% endmacro %}{% endfor %}{% call m %}", ["one": [1]]))
    }

    func testSetReplacesAMacroOfTheSameScope() {
        let error = renderError("{% macro m %}x{% endmacro %}{% set m %}y{% endset %}{% call m %}", ["k": 1])
        XCTAssertEqual(error?.message, "Call to undefined block 'm'.")
    }

    func testEndlessRecursionIsAnErrorNotACrash() {
        let error = renderError("{% macro m %}{% call m %}{% endmacro %}{% call m %}", ["k": 1])
        XCTAssertTrue(error?.message.contains("nested") ?? false, "\(String(describing: error))")
    }

    func testMacrosSurviveBlockCachingInBaseTemplates() throws {
        let templates = ["base": "{% macro m %}M{% endmacro %}{% block a %}A{% endblock %}{% call m %}"]
        XCTAssertEqual(try render("{% extends \"base\" %}{% block a %}B{% endblock %}", ["k": 1], templates: templates), "BM")
    }

    func testImportDoesNotLeakOutput() throws {
        let templates = ["lib": "text {% macro shout x %}{{ x|uppercase }}{% endmacro %} more"]
        XCTAssertEqual(try render("{% import \"lib\" %}[{% call shout \"hi\" %}]", ["k": 1], templates: templates), "[HI]")
    }

    func testMapOverALargeContextRendersEachItem() throws {
        let items = TemplateValue.array((0..<2_000).map { .dictionary(["name": .string("item\($0)")]) })
        let template = "{% map items into names using item %}{{ item.name|upperFirstLetter }}{% endmap %}{{ names.count }} {{ names.last }}"
        XCTAssertEqual(try render(template, ["items": items]), "2000 Item1999")
    }

    func testSmartTrimRemovesTagOnlyLines() throws {
        let template = "{% set name %}Asset{% endset %}\n{% macro case n %}\n  case {{ n|lowerFirstLetter }}\n{% endmacro %}\nenum {{ name }} {\n{% for n in names %}\n  {% call case n %}\n{% endfor %}\n}\n"
        XCTAssertEqual(try render(template, ["names": ["Red", "Blue"]], trim: .smart), "enum Asset {\n  case red\n  case blue\n}\n")
    }

    func testBlankLineCompactionKeepsWrittenBlankLinesAndDropsGeneratedOnes() throws {
        let environment = TemplateEnvironment(compactsBlankLines: true)
        let template = "A\n\n\nB\n{% for i in items %}\n  {{ i }}\n{% endfor %}\nC\n"
        XCTAssertEqual(try environment.render(string: template, context: ["items": [1, 2]]), "A\n\n\nB\n  1\n  2\nC\n")
        XCTAssertEqual(try render(template, ["items": [1, 2]]), "A\n\n\nB\n\n  1\n\n  2\n\nC\n", "off by default")
        XCTAssertEqual(try environment.render(string: "x\n \t\n{% if a %}\n{% endif %}\ny", context: ["a": true]), "x\ny",
                       "only empty written lines are marked: a line of spaces collapses too, as in StencilSwiftKit")
    }
}
