import Templates
import XCTest

final class ExpressionTests: XCTestCase {
    func check(_ condition: String, _ context: [String: TemplateValue] = [:], line: UInt = #line) throws -> Bool {
        let output = try render("{% if \(condition) %}true{% else %}false{% endif %}", context)
        return output == "true"
    }

    func testTruthiness() throws {
        let truthy: [TemplateValue] = ["x", 1, 0.5, true, [1], ["k": 1]]
        let falsy: [TemplateValue] = ["", 0, -1, 0.0, false, [], [:], nil]
        for value in truthy { XCTAssertTrue(try check("value", ["value": value]), "\(value)") }
        for value in falsy { XCTAssertFalse(try check("value", ["value": value]), "\(value)") }
        XCTAssertFalse(try check("missing"))
    }

    func testBooleanOperatorsAndPrecedence() throws {
        XCTAssertTrue(try check("a and b", ["a": true, "b": true]))
        XCTAssertFalse(try check("a and b", ["a": true]))
        XCTAssertTrue(try check("a or b", ["b": true]))
        XCTAssertTrue(try check("not a", [:]))
        // `and` binds tighter than `or`, `not` tighter than both.
        XCTAssertTrue(try check("one or two and not three", ["one": true, "three": true]))
        XCTAssertFalse(try check("one or two and not three", ["two": true, "three": true]))
        XCTAssertTrue(try check("( one or two ) and not three", ["two": true]))
        XCTAssertNotNil(renderError("{% if (a %}x{% endif %}"))
        XCTAssertNotNil(renderError("{% if a ) %}x{% endif %}"))
        XCTAssertNotNil(renderError("{% if and a %}x{% endif %}"))
        XCTAssertNotNil(renderError("{% if %}x{% endif %}"))
    }

    func testComparisons() throws {
        XCTAssertTrue(try check("a == b", ["a": 1, "b": 1.0]))
        XCTAssertFalse(try check("a == b", ["a": true, "b": 1]), "booleans are not numbers")
        XCTAssertTrue(try check("a == b"), "nil == nil")
        XCTAssertFalse(try check("a == b", ["a": [1], "b": [1]]), "arrays never compare equal, as in Stencil")
        XCTAssertTrue(try check("a != b", ["a": "x", "b": "y"]))
        XCTAssertTrue(try check("a > b", ["a": 5.0, "b": 4]))
        XCTAssertTrue(try check("a >= b", ["a": 5, "b": 5.0]))
        XCTAssertTrue(try check("a < b", ["a": 4, "b": 4.5]))
        XCTAssertFalse(try check("a <= b", ["a": 5.1, "b": 5]))
        XCTAssertFalse(try check("a < b", ["a": "1", "b": 2]), "strings are not numbers")
        XCTAssertTrue(try check(#"value == "x""#, ["value": "x"]))
        XCTAssertTrue(try check(#"value|uppercase == "X""#, ["value": "x"]))
    }

    func testIn() throws {
        XCTAssertTrue(try check("a in b", ["a": 1, "b": [1, 2]]))
        XCTAssertFalse(try check("a in b", ["a": 3, "b": [1, 2]]))
        XCTAssertTrue(try check("a in b", ["a": "b", "b": "abc"]))
        XCTAssertTrue(try check("a in 1...3", ["a": 3]))
        XCTAssertFalse(try check("a in b", ["a": "k", "b": ["k": 1]]))
    }

    func testElifElseAndIfNot() throws {
        let template = "{% if a %}1{% elif b %}2{% else %}3{% endif %}"
        XCTAssertEqual(try render(template, ["a": true, "b": true]), "1")
        XCTAssertEqual(try render(template, ["b": true]), "2")
        XCTAssertEqual(try render(template), "3")
        XCTAssertEqual(try render("{% if a %}1{% elif b %}2{% endif %}"), "")
        XCTAssertEqual(try render("{% ifnot a %}no{% else %}yes{% endif %}", ["a": true]), "yes")
        XCTAssertEqual(try render("{% ifnot a %}no{% else %}yes{% endif %}"), "no")
        XCTAssertNotNil(renderError("{% if a %}never closed"))
    }

    func testExpressionsInVariableTags() throws {
        XCTAssertEqual(try render(#"{{ value == "known" }}|{{ 1 > 0 }}|{{ 1 == 2 }}"#, ["value": "known"]), "true|true|false")
        XCTAssertEqual(try render("{{ a if flag else b }}", ["a": "A", "b": "B", "flag": false]), "B")
        XCTAssertEqual(try render("{{ a if flag }}", ["a": "A", "flag": true]), "A")
    }
}
