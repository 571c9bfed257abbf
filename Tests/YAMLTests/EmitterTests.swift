import XCTest
@testable import YAML

final class EmitterTests: XCTestCase {
    func testBlockLayout() {
        let node: Node = [
            "name": "teamflow",
            "version": 2,
            "ratio": 0.5,
            "on": true,
            "none": nil,
            "author": ["name": "홍길동", "email": "hong@example.com"],
            "tags": ["a", "b"],
            "nested": [["x": 1, "y": [1, 2]], [3, 4], []],
            "empty": [:],
            "notes": "line 1\nline 2\n",
        ]
        XCTAssertEqual(YAML.emit(node), """
            name: teamflow
            version: 2
            ratio: 0.5
            'on': true
            none: null
            author:
              name: 홍길동
              email: hong@example.com
            tags:
              - a
              - b
            nested:
              - x: 1
                'y':
                  - 1
                  - 2
              - - 3
                - 4
              - []
            empty: {}
            notes: |
              line 1
              line 2

            """)
    }

    func testScalarStyles() {
        XCTAssertEqual(YAML.emit("plain text"), "plain text\n")
        XCTAssertEqual(YAML.emit(""), "''\n")
        XCTAssertEqual(YAML.emit("yes"), "'yes'\n")
        XCTAssertEqual(YAML.emit("it's"), "it's\n")
        XCTAssertEqual(YAML.emit("'q'"), "'''q'''\n")
        XCTAssertEqual(YAML.emit("a: b"), "'a: b'\n")
        XCTAssertEqual(YAML.emit("2024-11-18"), "'2024-11-18'\n")
        XCTAssertEqual(YAML.emit("tab\there"), "\"tab\\there\"\n")
        XCTAssertEqual(YAML.emit("😀 한글"), "😀 한글\n", "emoji and Korean are written as-is")
        XCTAssertEqual(YAML.emit("nul\u{0}\u{85}\u{2028}\u{FEFF}\u{7F}"), "\"nul\\0\\N\\L\\uFEFF\\x7F\"\n")
        XCTAssertEqual(YAML.emit(["k": "a\nb"]), "k: |-\n  a\n  b\n")
        XCTAssertEqual(YAML.emit(["k": "a\n\n"]), "k: |+\n  a\n\n")
        XCTAssertEqual(YAML.emit(["k": "a \nb"]), "k: \"a \\nb\"\n", "trailing space forbids literal")
        XCTAssertEqual(YAML.emit(["a\nb": 1]), "\"a\\nb\": 1\n", "multi-line keys are quoted")
    }

    func testNumbersAreWrittenPortably() {
        XCTAssertEqual(YAML.emit(.list([1e20, 1.5, -0.25, .infinity, -.infinity, 3.0, Double.leastNonzeroMagnitude].map { Node($0) })),
                       "- 1.0e+20\n- 1.5\n- -0.25\n- .inf\n- -.inf\n- 3.0\n- 5.0e-324\n")
        // Parsed plain numbers come back in a form YAML 1.1 reads the same way.
        let parsed = (try? YAML.parse("[0x1F, 0o17, 1e3, 007, ~, True]")) ?? .null
        XCTAssertEqual(YAML.emit(parsed), "- 31\n- 15\n- 1000.0\n- 7\n- null\n- true\n")
        XCTAssertEqual(try YAML.parse(YAML.emit(parsed)), parsed)
    }

    func testLongAndComplexKeysUseExplicitEntries() throws {
        let long = String(repeating: "k", count: 1100)
        let node = Node.mapping(.init(pairs: [
            (key: Node(long), value: Node(1)),
            (key: ["a", "b"], value: "seq key"),
            (key: ["x": 1], value: ["nested": true]),
        ]))
        let text = YAML.emit(node)
        XCTAssertTrue(text.hasPrefix("? " + long + "\n: 1\n"), text)
        XCTAssertEqual(try YAML.parse(text), node)
    }

    func testEmitAllAndRoots() throws {
        let docs: [Node] = [["a": 1], "text", [], nil, "multi\nline"]
        let text = YAML.emitAll(docs)
        XCTAssertEqual(text, "---\na: 1\n---\ntext\n---\n[]\n---\nnull\n---\n|-\n  multi\n  line\n")
        XCTAssertEqual(try YAML.parseAll(text), docs)
    }

    func testTagsArePreserved() throws {
        let node = try YAML.parse("a: !custom value\nb: !!binary aGk=\n")
        let again = try YAML.parse(YAML.emit(node))
        XCTAssertEqual(again, node)
        XCTAssertEqual(YAML.emit(node), "a: !custom value\nb: !!binary aGk=\n")
    }

    func testParsedDocumentRoundTrips() throws {
        let text = """
            id: 01J9Z
            type: task.checked
            at: 2024-11-18T10:00:00+09:00
            author:
              name: Kim
              email: kim@example.com
            data:
              title: 'yes: really'
              lines: |
                one
                two

            """
        let node = try YAML.parse(text)
        XCTAssertEqual(try YAML.parse(YAML.emit(node)), node)
        XCTAssertEqual(node["at"]?.string, "2024-11-18T10:00:00+09:00")
    }
}

/// Literal blocks are split at "\n" bytes rather than Characters (for speed on large
/// documents); the text must stay what the Character-wise version wrote.
final class LiteralBlockTests: XCTestCase {
    /// The Character-wise literal writer and chomping choice as they were, for reference.
    static func referenceLiteral(_ text: String, indent: Int) -> String? {
        var hasContent = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.unicodeScalars.last == " " || line.unicodeScalars.contains("\t") { return nil }
            if !hasContent, !line.isEmpty {
                if line.unicodeScalars.first == " " { return nil }
                hasContent = true
            }
        }
        guard hasContent else { return nil }
        let chomping = !text.hasSuffix("\n") ? "-" : text.hasSuffix("\n\n") ? "+" : ""
        var output = "|" + chomping
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            output += "\n"
            if !line.isEmpty { output += String(repeating: " ", count: indent) + line }
        }
        return output
    }

    func testByteSplitLiteralsMatchTheCharacterWiseWriter() {
        let pieces = ["\n", "\n", " ", "a", "한글", "🚀", "e\u{301}", " \u{301}", "\u{301}", "#", ": ", "-", "\t", "x ", "\u{200D}", "👨‍👩‍👧"]
        var state: UInt64 = 0x5EED
        var literals = 0
        for _ in 0..<20_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for k in 0..<Int(state >> 60) + 1 {
                text += pieces[Int((state >> UInt64(4 * k)) & 0xF) % pieces.count]
            }
            let reference = Self.referenceLiteral(text, indent: 6)
            let node: Node = .mapping(Node.Mapping(pairs: [(Node("k"), .sequence(Node.Sequence(items: [
                .mapping(Node.Mapping(pairs: [(Node("text"), Node(text))]))])))]))
            let emitted = YAML.emit(node)
            // Text without a line break is never a literal block.
            if let reference, text.contains("\n") {
                literals += 1
                XCTAssertEqual(emitted, "k:\n  - text: " + reference + "\n", text.debugDescription)
            }
            XCTAssertEqual(ScalarStyleChooser.literalChomping(text) != nil, reference != nil, text.debugDescription)
            XCTAssertEqual(try YAML.parse(emitted), node, text.debugDescription)
        }
        XCTAssertGreaterThan(literals, 2_000)
    }

    /// The style chooser's character classes are exactly the sets they replaced.
    func testCharacterClassesMatchTheirSets() {
        let indicators = Set("-?:,[]{}#&*!|>'\"%@`".unicodeScalars)
        let numericish = Set("0123456789+-._: \teEoObBxXabcdefABCDEFtTzZ".unicodeScalars)
        for value in UInt32(0)...0x2FF {
            guard let u = Unicode.Scalar(value) else { continue }
            XCTAssertEqual(ScalarStyleChooser.isIndicator(u), indicators.contains(u), "\(value)")
            XCTAssertEqual(ScalarStyleChooser.isNumericish(u), numericish.contains(u), "\(value)")
        }
    }
}
