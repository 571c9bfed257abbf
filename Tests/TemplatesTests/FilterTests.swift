import Templates
import XCTest

final class FilterTests: XCTestCase {
    func testCaseFilters() throws {
        XCTAssertEqual(try render("{{ n|capitalize }} {{ n|uppercase }} {{ n|lowercase }}", ["n": "kYle"]), "Kyle KYLE kyle")
        XCTAssertEqual(try render("{{ n|capitalize }}", ["n": ["kyle", "ann"]]), #"["Kyle", "Ann"]"#)
        XCTAssertNotNil(renderError("{{ n|uppercase:5 }}", ["n": "x"]), "simple filters take no argument")
    }

    func testDefault() throws {
        XCTAssertEqual(try render(#"{{ n|default:"World" }}"#), "World")
        XCTAssertEqual(try render(#"{{ n|default:"World" }}"#, ["n": "Kyle"]), "Kyle")
        XCTAssertEqual(try render(#"{{ n|default:a,b,"last" }}"#, ["b": 2]), "2")
        XCTAssertEqual(try render("{{ n|default:1.5 }}"), "1.5")
    }

    func testJoinSplitIndent() throws {
        XCTAssertEqual(try render(#"{{ v|join:", " }}"#, ["v": ["One", 2, true, 10.5]]), "One, 2, true, 10.5")
        XCTAssertEqual(try render(#"{{ v | join : ", " }}"#, ["v": ["a", "b"]]), "a, b")
        XCTAssertEqual(try render("{{ v|join }}", ["v": ["a", "b"]]), "ab")
        XCTAssertEqual(try render(#"{{ v|split:", " }}"#, ["v": "One, Two"]), #"["One", "Two"]"#)
        XCTAssertEqual(try render("{{ v|split }}", ["v": "a b"]), #"["a", "b"]"#)
        XCTAssertEqual(try render("{{ v|indent:2 }}", ["v": "One\nTwo"]), "One\n  Two")
        XCTAssertEqual(try render("{{ v|indent:2,\"\t\",true }}", ["v": "One\n\nTwo"]), "\t\tOne\n\n\t\tTwo")
        XCTAssertEqual(try render("{{ v|indent }}", ["v": "a\nb"]), "a\n    b")
        XCTAssertNotNil(renderError(#"{{ v|indent:"2" }}"#, ["v": "a"]))
    }

    func testChainingAndDynamicFilter() throws {
        XCTAssertEqual(try render("{{ n|lowercase|capitalize }}", ["n": "HELLO"]), "Hello")
        XCTAssertEqual(try render("{{ n|filter:f }}", ["n": "jo", "f": "uppercase"]), "JO")
        XCTAssertEqual(try render("{{ v|filter:f }}", ["v": [1, 2], "f": #"join:"-""#]), "1-2")
        XCTAssertNotNil(renderError("{{ v|filter:f }}", ["v": 1, "f": "absurd"]))
    }

    func testFilterTag() throws {
        XCTAssertEqual(try render("{% filter uppercase %}Hi {{ n }}{% endfilter %}", ["n": "x"]), "HI X")
        XCTAssertEqual(try render("{% filter lowercase|capitalize %}TEST{% endfilter %}"), "Test")
        XCTAssertNotNil(renderError("{% filter %}x{% endfilter %}"))
        XCTAssertNotNil(renderError("{% filter nope %}x{% endfilter %}"))
    }

    func testUnknownFilterNamesTheFilter() throws {
        let error = try XCTUnwrap(renderError("{{ name|uppercaes }}", name: "Name.stencil"))
        XCTAssertTrue(error.message.contains("unknown filter 'uppercaes'"), error.message)
        XCTAssertTrue(error.message.contains("'uppercase'"), "suggests the close name: \(error.message)")
        XCTAssertEqual(error.column, 9)
        XCTAssertNotNil(renderError("{% for n in names|nope %}{% endfor %}"))
        XCTAssertNotNil(renderError("{% if n|nope %}{% endif %}"))
    }

    func testExtraFiltersAreRegistered() throws {
        let reverse: Filter = { value, _ in .string(String(value.rendered.reversed())) }
        let repeatFilter: Filter = { value, arguments in
            guard case .int(let count)? = arguments.first else { throw TemplateError(message: "repeat needs a count") }
            return .string(String(repeating: value.rendered, count: max(0, count)))
        }
        let filters = ["reverse": reverse, "repeat": repeatFilter]
        XCTAssertEqual(try render("{{ s|reverse }}{{ s|repeat:2 }}", ["s": "ab"], extraFilters: filters), "baabab")
        XCTAssertThrowsError(try render("{{ s|repeat }}", ["s": "ab"], extraFilters: filters))
    }

    func testStringFiltersAreRegistered() throws {
        XCTAssertEqual(try render("{{ s|camelToSnakeCase }}", ["s": "someCapString"]), "some_cap_string")
        XCTAssertEqual(try render(#"{{ s|snakeToCamelCase|lowerFirstLetter }}"#, ["s": "some_value"]), "someValue")
        XCTAssertEqual(try render(#"{{ s|swiftIdentifier:"pretty" }}"#, ["s": "HEADER_TITLE"]), "HeaderTitle")
        XCTAssertEqual(try render(#"{% if s|hasPrefix:"Str" %}yes{% endif %}"#, ["s": "String"]), "yes")
        XCTAssertNotNil(renderError(#"{{ s|removeNewlines:"wrong" }}"#, ["s": ""]))
    }
}
