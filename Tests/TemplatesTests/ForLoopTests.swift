import Templates
import XCTest

final class ForLoopTests: XCTestCase {
    let items: [String: TemplateValue] = ["items": [1, 2, 3], "dict": ["two": "II", "one": "I"], "none": []]

    func testLoopVariables() throws {
        let template = "{% for i in items %}{{ forloop.counter }}{{ forloop.counter0 }}{{ forloop.first }}{{ forloop.last }}{{ forloop.length }};{% endfor %}"
        XCTAssertEqual(try render(template, items), "10truefalse3;21falsefalse3;32falsetrue3;")
    }

    func testEmptyAndWhere() throws {
        XCTAssertEqual(try render("{% for i in none %}{{ i }}{% empty %}empty{% endfor %}", items), "empty")
        XCTAssertEqual(try render("{% for i in missing %}{{ i }}{% empty %}empty{% endfor %}", items), "empty")
        XCTAssertEqual(try render("{% for i in items where i > 1 %}{{ i }}{{ forloop.counter }}{% endfor %}", items), "2132")
        XCTAssertEqual(try render("{% for i in items where i > 5 %}{% empty %}none{% endfor %}", items), "none")
    }

    func testDictionariesIterateSortedEntries() throws {
        XCTAssertEqual(try render("{% for key, value in dict %}{{ key }}={{ value }},{% endfor %}", items), "one=I,two=II,")
        XCTAssertEqual(try render("{% for key in dict %}{{ key }},{% endfor %}", items), "one,two,")
        XCTAssertEqual(try render("{% for _, value in dict %}{{ value }}{% endfor %}", items), "III")
        XCTAssertNotNil(renderError("{% for a, b, c in dict %}{% endfor %}", items))
    }

    func testFilterChainAsSequence() throws {
        XCTAssertEqual(try render("{% for i in missing | default: other, items %}{{ i }}{% endfor %}", items), "123")
    }

    func testBreakAndContinue() throws {
        XCTAssertEqual(try render("{% for i in items %}{{ i }}{% break %}!{% endfor %}", items), "1")
        XCTAssertEqual(try render("{% for i in items %}{% if i == 2 %}{% continue %}{% endif %}{{ i }}{% endfor %}", items), "13")
        XCTAssertEqual(
            try render("{% outer: for i in items %}{% for j in items %}{{ i }}{{ j }} {% break outer %}{% endfor %}x{% endfor %}", items),
            "11 ")
        XCTAssertEqual(
            try render("{% outer: for i in items %}{% for j in items %}{{ j }}{% continue outer %}{% endfor %}x{% endfor %}", items),
            "111")
        XCTAssertNotNil(renderError("{% for i in items %}{% endfor %}{% break %}", items))
        XCTAssertNotNil(renderError("{% outer: for i in items %}{% break inner %}{% endfor %}", items))
    }

    func testLabeledLoopsAreReachableThroughForloop() throws {
        XCTAssertEqual(
            try render("{% outer: for i in 1...2 %}{% for j in items %}{{ forloop.outer.counter }}{{ forloop.counter }} {% endfor %}{% endfor %}", items),
            "11 12 13 21 22 23 ")
    }

    func testSyntaxErrors() {
        XCTAssertNotNil(renderError("{% for i %}{% endfor %}"))
        XCTAssertNotNil(renderError("{% for i in %}{% endfor %}"))
        XCTAssertNotNil(renderError("{% for i in items %}no end", items))
    }
}
