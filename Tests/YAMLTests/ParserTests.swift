import XCTest
@testable import YAML

final class ParserTests: XCTestCase {
    func testKeyOrderStylesAndTypes() throws {
        let node = try YAML.parse("""
            zeta: plain
            alpha: 'single'
            mid: "double"
            n: 42
            f: 1.5
            b: true
            nothing: ~
            empty:
            lit: |
              a
              b
            fold: >-
              a
              b
            tagged: !!str 7
            """)
        XCTAssertEqual(node.mapping?.keys, ["zeta", "alpha", "mid", "n", "f", "b", "nothing", "empty", "lit", "fold", "tagged"])
        XCTAssertEqual(node["zeta"]?.string, "plain")
        XCTAssertEqual(style(node["alpha"]), .singleQuoted)
        XCTAssertEqual(style(node["mid"]), .doubleQuoted)
        XCTAssertEqual(style(node["lit"]), .literal)
        XCTAssertEqual(style(node["fold"]), .folded)
        XCTAssertEqual(node["n"]?.int, 42)
        XCTAssertEqual(node["f"]?.double, 1.5)
        XCTAssertEqual(node["b"]?.bool, true)
        XCTAssertTrue(node["nothing"]?.isNull ?? false)
        XCTAssertTrue(node["empty"]?.isNull ?? false)
        XCTAssertNil(node["nothing"]?.string)
        XCTAssertEqual(node["lit"]?.string, "a\nb\n")
        XCTAssertEqual(node["fold"]?.string, "a b")
        XCTAssertEqual(node["tagged"]?.string, "7")
        XCTAssertNil(node["tagged"]?.int)
    }

    func testCoreSchemaResolution() throws {
        let node = try YAML.parse("[0x1F, 0o17, -3, +4, .5, 1e3, .inf, -.Inf, .nan, yes, 'true', \"1\", True, 012]")
        let items = try XCTUnwrap(node.array)
        XCTAssertEqual(items[0].int, 31)
        XCTAssertEqual(items[1].int, 15)
        XCTAssertEqual(items[2].int, -3)
        XCTAssertEqual(items[3].int, 4)
        XCTAssertEqual(items[4].double, 0.5)
        XCTAssertEqual(items[5].double, 1000)
        XCTAssertEqual(items[6].double, .infinity)
        XCTAssertEqual(items[7].double, -.infinity)
        XCTAssertTrue(items[8].double?.isNaN ?? false)
        XCTAssertNil(items[9].bool, "yes is a string in YAML 1.2")
        XCTAssertEqual(items[9].string, "yes")
        XCTAssertNil(items[10].bool, "quoted is always a string")
        XCTAssertNil(items[11].int)
        XCTAssertEqual(items[12].bool, true)
        XCTAssertEqual(items[13].int, 12, "core schema: leading zero is decimal")
    }

    func testMarksAreOneBased() throws {
        let node = try YAML.parse("a: 1\nlist:\n  - x\n  - k: v\n")
        XCTAssertEqual(node.mark, Mark(line: 1, column: 1))
        XCTAssertEqual(node["a"]?.mark, Mark(line: 1, column: 4))
        XCTAssertEqual(node["list"]?.mark, Mark(line: 3, column: 3))
        XCTAssertEqual(node["list"]?[1]?["k"]?.mark, Mark(line: 4, column: 8))
        XCTAssertEqual(node["list"]?[0]?.mark, Mark(line: 3, column: 5))
    }

    func testAnchorsAndAliasesAreCopied() throws {
        let node = try YAML.parse("base: &b {x: 1, y: [a, b]}\ncopy: *b\ns: &s hello\nt: *s\n")
        XCTAssertEqual(node["copy"], node["base"])
        XCTAssertEqual(node["copy"]?["y"]?[1]?.string, "b")
        XCTAssertEqual(node["t"]?.string, "hello")
    }

    func testAliasBombIsRejected() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            let refs = Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ")
            text += "a\(i): &a\(i) [\(refs)]\n"
        }
        XCTAssertThrowsError(try YAML.parse(text)) { error in
            XCTAssertTrue("\(error)".contains("alias"), "\(error)")
        }
    }

    func testDeepNestingIsRejectedNotCrashing() throws {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        XCTAssertThrowsError(try YAML.parse(deep)) { error in
            XCTAssertTrue("\(error)".contains("nested"), "\(error)")
        }
        let ok = String(repeating: "- ", count: 50) + "x\n"
        XCTAssertEqual(try YAML.parse(ok).array?.count, 1)
    }

    func testUnknownAliasIsAnError() {
        XCTAssertThrowsError(try YAML.parse("a: *nope\n")) { error in
            XCTAssertEqual((error as? YAMLError)?.mark, Mark(line: 1, column: 4))
        }
    }

    func testMultiDocument() throws {
        let docs = try YAML.parseAll("---\na: 1\n---\n- x\n---\n")
        XCTAssertEqual(docs.count, 3)
        XCTAssertEqual(docs[0]["a"]?.int, 1)
        XCTAssertEqual(docs[1][0]?.string, "x")
        XCTAssertTrue(docs[2].isNull)
        XCTAssertEqual(try YAML.parseAll(""), [])
        XCTAssertTrue(try YAML.parse("").isNull)
        XCTAssertTrue(try YAML.parse("# only a comment\n").isNull)
    }

    func testSeveralDocumentsInParseIsAnError() {
        XCTAssertThrowsError(try YAML.parse("a: 1\n---\nb: 2\n", file: "x.yaml")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.mark?.line, 2)
            XCTAssertEqual(e?.file, "x.yaml")
        }
    }

    func testSyntaxErrorHasLocationAndSnippet() {
        XCTAssertThrowsError(try YAML.parse("a: 1\nb: [1, 2\nc: 3\n", file: "v.yaml")) { error in
            guard let e = error as? YAMLError else { return XCTFail("not a YAMLError: \(error)") }
            XCTAssertEqual(e.file, "v.yaml")
            XCTAssertNotNil(e.mark)
            XCTAssertTrue(e.description.hasPrefix("v.yaml:\(e.mark?.line ?? 0):\(e.mark?.column ?? 0): error: "), e.description)
            XCTAssertTrue(e.description.hasSuffix("^"), e.description)
        }
        XCTAssertThrowsError(try YAML.parse("key: value\n  bad: indent\n")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.mark, Mark(line: 2, column: 6))
            XCTAssertEqual(e?.snippet, "  bad: indent\n     ^")
        }
    }

    func testDuplicateKeyReportsSecondKey() {
        XCTAssertThrowsError(try YAML.parse("name: a\nother: b\nname: c\n", file: "d.yaml")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.mark, Mark(line: 3, column: 1))
            XCTAssertEqual(e?.description, "d.yaml:3:1: error: found duplicate key \"name\"\nname: c\n^")
        }
        // Semantic duplicates: 1 and 0x1 are the same int; "1" (quoted) is a different key.
        XCTAssertThrowsError(try YAML.parse("1: a\n0x1: b\n"))
        XCTAssertNoThrow(try YAML.parse("1: a\n'1': b\n"))
        // Large mappings switch to a set; still detected.
        let many = (0..<100).map { "k\($0): \($0)\n" }.joined() + "k42: again\n"
        XCTAssertThrowsError(try YAML.parse(many)) { XCTAssertEqual(($0 as? YAMLError)?.mark?.line, 101) }
    }

    func testInvalidUTF8IsAnError() {
        let bytes: [UInt8] = Array("a: ".utf8) + [0xFF, 0xFE, 0x41] + Array("\n".utf8)
        XCTAssertThrowsError(try YAML.parse(bytes: bytes, file: "bad.yaml")) { error in
            XCTAssertEqual((error as? YAMLError)?.mark?.line, 1)
        }
    }

    func testUnicodeAndBytesPath() throws {
        let text = "이름: 홍길동 😀\nnote: \"tab\\there\"\n"
        let fromBytes = try YAML.parse(bytes: Array(text.utf8))
        XCTAssertEqual(fromBytes["이름"]?.string, "홍길동 😀")
        XCTAssertEqual(fromBytes["note"]?.string, "tab\there")
        XCTAssertEqual(fromBytes, try YAML.parse(text))
    }

    func testSemanticEquality() throws {
        XCTAssertEqual(try YAML.parse("a: ~"), ["a": nil])
        XCTAssertEqual(try YAML.parse("a: 0x2A"), ["a": 42])
        XCTAssertNotEqual(try YAML.parse("a: '42'"), ["a": 42])
        XCTAssertEqual(try YAML.parse("a: '42'"), ["a": "42"])
        XCTAssertNotEqual(try YAML.parse("{a: 1, b: 2}"), try YAML.parse("{b: 2, a: 1}"), "order matters")
    }

    private func style(_ node: Node?) -> ScalarStyle? {
        if case .scalar(let s)? = node { return s.style }
        return nil
    }
}
