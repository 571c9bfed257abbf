import Templates
import XCTest

final class VariableTests: XCTestCase {
    let context: [String: TemplateValue] = [
        "name": "Kyle",
        "contacts": ["Katie", "Carlton"],
        "profiles": ["github": "kylef"],
        "article": ["author": ["name": "Kyle"]],
        "blog": ["articles": [["author": ["name": "Kyle"]]], "featuring": ["author": ["name": "Jhon"]]],
        "property": "name", "index": 1,
    ]

    func testLiterals() throws {
        XCTAssertEqual(try render(#"{{ "text" }}{{ 'single' }}{{ 5 }}{{ 3.14 }}{{ true }}{{ false }}"#), "textsingle53.14truefalse")
        XCTAssertEqual(try render(#"{{ " }}"#), "", "a lone quote is a (missing) variable")
    }

    func testDottedLookup() throws {
        XCTAssertEqual(try render("{{ article.author.name }}", context), "Kyle")
        XCTAssertEqual(try render("{{ profiles.github }}", context), "kylef")
        XCTAssertEqual(try render("{{ blog.articles.0.author.name }}", context), "Kyle")
        XCTAssertEqual(try render("{{ missing.deeply.nested }}", context), "")
    }

    func testArrayIndexesFirstLastCount() throws {
        XCTAssertEqual(try render("{{ contacts.0 }},{{ contacts.1 }},{{ contacts.5 }},{{ contacts.-1 }}", context), "Katie,Carlton,,")
        XCTAssertEqual(try render("{{ contacts.first }},{{ contacts.last }},{{ contacts.count }}", context), "Katie,Carlton,2")
        XCTAssertEqual(try render("{{ profiles.count }}", context), "1")
    }

    func testStringMembers() throws {
        XCTAssertEqual(try render("{{ name.first }}{{ name.last }}{{ name.count }}{{ name.1 }}", context), "Ke4y")
    }

    func testSubscripts() throws {
        XCTAssertEqual(try render("{{ article.author[property] }}", context), "Kyle")
        XCTAssertEqual(try render("{{ contacts[index] }}", context), "Carlton")
        XCTAssertEqual(try render("{{ blog[p1][p2].author[p3] }}", context.merging(["p1": "articles", "p2": 0, "p3": "name"]) { $1 }), "Kyle")
        XCTAssertEqual(try render("{{ article.author[ref[key]] }}", context.merging(["ref": ["k": "name"], "key": "k"]) { $1 }), "Kyle")
    }

    func testMalformedKeyPathsFailWhenRendered() {
        for template in ["{{ . }}", "{{ .test }}", "{{ a..b }}", "{{ [p] }}", "{{ a[p }}", "{{ a[p]] }}", "{{ a[] }}", "{{ a[p]x }}", "{{ a[unknown] }}"] {
            XCTAssertNotNil(renderError(template, ["a": ["x": 1], "p": "x"]), template)
        }
        // Like Stencil, a malformed path in a branch that is not taken does not fail.
        XCTAssertEqual(try render("{% if false %}{{ a..b }}{% endif %}ok"), "ok")
    }

    func testNullElementsAndShadowing() throws {
        XCTAssertEqual(try render("{{ values.1 }}|{{ values }}", ["values": [1, nil]]), "|[1, nil]")
        XCTAssertEqual(try render("{% for name in names %}[{{ name }}]{% endfor %}{{ name }}", ["names": ["a", nil], "name": "outer"]), "[a][]outer")
    }

    func testRanges() throws {
        XCTAssertEqual(try render("{% for i in 1...3 %}{{ i }}{% endfor %}"), "123")
        XCTAssertEqual(try render("{% for i in 3...1 %}{{ i }}{% endfor %}"), "321")
        XCTAssertEqual(try render("{% for i in 1...n %}{{ i }}{% endfor %}", ["n": 2]), "12")
        XCTAssertNotNil(renderError("{% for i in a...3 %}{% endfor %}", ["a": "1"]))
        XCTAssertNotNil(renderError("{% for i in ...3 %}{% endfor %}"))
        XCTAssertNotNil(renderError("{% for i in 1...100000000000 %}{% endfor %}"), "huge ranges are refused, not allocated")
    }
}
