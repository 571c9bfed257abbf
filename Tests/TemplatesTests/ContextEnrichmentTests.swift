import Templates
import XCTest

/// `--param` parsing and `param`/`env` enrichment, after StencilSwiftKit's
/// `ParametersTests.swift` and `ContextTests.swift`.
final class ContextEnrichmentTests: XCTestCase {
    func parse(_ items: [String]) throws -> TemplateValue { try ContextEnrichment.parameters(from: items) }

    func testBasic() throws {
        XCTAssertEqual(
            try parse(["a=1", "b=hello", "c=x=y", "d"]),
            ["a": "1", "b": "hello", "c": "x=y", "d": true])
    }

    func testStructuredAndDeep() throws {
        XCTAssertEqual(try parse(["foo.baz=1", "foo.bar=2", "foo.test"]), ["foo": ["baz": "1", "bar": "2", "test": true]])
        XCTAssertEqual(try parse(["foo.bar.baz.qux=1"]), ["foo": ["bar": ["baz": ["qux": "1"]]]])
    }

    func testRepeatedKeysBecomeAListInOrder() throws {
        XCTAssertEqual(try parse(["foo=1", "foo=2", "foo=hello"]), ["foo": ["1", "2", "hello"]])
        XCTAssertEqual(try parse(["a.list=x", "a.list=y"]), ["a": ["list": ["x", "y"]]])
    }

    func testLettersOfAnyScriptAreKeys() throws {
        XCTAssertEqual(try parse(["화면=홈"]), ["화면": "홈"])
    }

    func testInvalidSyntaxAndKeys() {
        for item in ["foo:1", "foo!1", "", "foo:bar=1", ".=1", "foo.=1", "=1", "a..b=1", "a b=1"] {
            XCTAssertThrowsError(try parse([item]), item) { error in
                XCTAssertEqual((error as? ContextEnrichment.ParameterError)?.item, item)
            }
        }
    }

    func testInvalidStructure() {
        for items in [["foo=1", "foo.bar=1"], ["foo.bar=1", "foo=1"], ["foo=1", "foo=2", "foo.bar=1"], ["flag", "flag"]] {
            XCTAssertThrowsError(try parse(items), "\(items)") { error in
                XCTAssertTrue("\(error)".contains(items.last ?? ""), "\(error)")
            }
        }
    }

    func testEnrichEmpty() throws {
        let result = ContextEnrichment.enrich([:], parameters: try parse([]), environment: ["PATH": "foo:bar:baz"])
        XCTAssertEqual(result, ["env": ["PATH": "foo:bar:baz"], "param": [:]])
    }

    func testEnrichKeepsTheContextAndMergesExistingDictionaries() throws {
        let context: [String: TemplateValue] = ["foo": "bar", "hello": true, "param": ["keep": "1", "foo": "old"], "env": "scalar"]
        let result = ContextEnrichment.enrich(context, parameters: try parse(["foo=bar", "hello"]), environment: ["HOME": "/h"])
        XCTAssertEqual(result["foo"], "bar")
        XCTAssertEqual(result["hello"], true)
        XCTAssertEqual(result["param"], ["keep": "1", "foo": "bar", "hello": true])
        XCTAssertEqual(result["env"], ["HOME": "/h"], "a non-dictionary env is replaced")
    }

    func testTemplatesSeeParamAndEnv() throws {
        let context = ContextEnrichment.enrich(
            [:], parameters: try parse(["enumName=Asset", "flags.public", "list=a", "list=b"]), environment: ["USER": "kim"])
        let output = try render(
            "{{ param.enumName }} {{ param.flags.public }} {{ param.list|join:\",\" }} {{ env.USER }}"
                + "{% if param.missing %}!{% endif %}", context)
        XCTAssertEqual(output, "Asset true a,b kim")
    }
}
