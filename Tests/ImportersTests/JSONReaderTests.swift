import Foundation
import XCTest
import TeamflowTestSupport
@testable import Importers
import TeamflowCore

/// The strict JSON reader: values, escapes, surrogates, numbers, depth, positioned errors,
/// and agreement with Python's json module.
final class JSONReaderTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Data(text.utf8))
    }

    func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONReader.Error? {
        do {
            let value = try parse(text)
            XCTFail("\(text) was read as \(value)", file: file, line: line)
        } catch let error as JSONReader.Error {
            return error
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
        }
        return nil
    }

    func testReadsEveryKindOfValueInOrder() throws {
        let value = try parse(#" {"a": [1, -2.5, true, false, null, "x", {}, []], "b": {"c": "d"}} "#)
        let object = try XCTUnwrap(value.object)
        XCTAssertEqual(object.members.map(\.key), ["a", "b"])
        XCTAssertEqual(object["a"], .array([.number("1"), .number("-2.5"), .bool(true), .bool(false), .null, .string("x"),
                                            .object(JSONObject(members: [])), .array([])]))
        XCTAssertEqual(object["b"]?.object?["c"], .string("d"))
        XCTAssertNil(object["z"])
        XCTAssertEqual(try parse("3"), .number("3"), "any value may stand at the top (RFC 8259)")
        XCTAssertEqual(try parse("\u{FEFF}[]"), .array([]), "a UTF-8 byte order mark is skipped")
        XCTAssertEqual(try parse("\t\r\n \"한글 🚀\"\n"), .string("한글 🚀"))
    }

    func testEveryEscape() throws {
        XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\uAC00\u0000\u001f\uFFFF""#), .string("A\u{E9}\u{AC00}\u{0}\u{1F}\u{FFFF}"))
        XCTAssertEqual(try parse(#""raw 가 then \n escaped 가""#), .string("raw 가 then \n escaped 가"))
        XCTAssertNotNil(error(#""\x41""#))
        XCTAssertNotNil(error(#""\u12""#))
        XCTAssertNotNil(error(#""\u12G4""#))
        XCTAssertNotNil(error(#""\"#))
    }

    func testSurrogatePairsJoinAndLoneSurrogatesAreErrors() throws {
        XCTAssertEqual(try parse(#""\uD83D\uDE00 \ud834\udd1e""#), .string("😀 𝄞"))
        for lone in [#""\uD800""#, #""\uDC00""#, #""\uD800\u0041""#, #""\uD800x""#, #""\uDBFF\uDBFF""#, #""\uDE00\uD83D""#] {
            let problem = error(lone)
            XCTAssertTrue(problem?.message.contains("lone") == true, "\(lone): \(String(describing: problem))")
            XCTAssertEqual(problem?.offset, 1, "the error points at the escape")
        }
    }

    func testNumbersKeepTheirTextAndConvertOnRequest() throws {
        XCTAssertEqual(try parse("1e400"), .number("1e400"))
        XCTAssertEqual(try parse("1e400").double, .infinity)
        XCTAssertNil(try parse("1e400").integer)
        XCTAssertEqual(try parse("-0").integer, 0)
        XCTAssertEqual(try parse("-0").double?.sign, .minus)
        XCTAssertEqual(try parse("9223372036854775807").integer, Int.max)
        XCTAssertNil(try parse("9223372036854775808").integer, "beyond 64 bits is not an integer")
        XCTAssertNil(try parse("1.0").integer)
        XCTAssertEqual(try parse("-1E+2").double, -100)
        XCTAssertEqual(try parse("0.5e-1").double, 0.05)
        XCTAssertNil(try parse("true").integer, "a boolean is not a number")
        for bad in ["01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "NaN", "Infinity", "-Infinity", "0x10", "1_000"] {
            XCTAssertNotNil(error(bad), bad)
        }
    }

    func testNestingDeeperThanTheLimitIsRefused() throws {
        let limit = JSONReader.maxDepth
        XCTAssertNoThrow(try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)))
        XCTAssertNoThrow(try parse(String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)))
        let deep = error(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
        XCTAssertTrue(deep?.message.contains("deeper than \(limit)") == true, String(describing: deep))
        XCTAssertEqual(deep?.offset, limit)
        // Far deeper than the stack could take if the limit were not checked.
        XCTAssertNotNil(error(String(repeating: "[", count: 1_000_000)))
    }

    func testErrorsNameByteLineAndColumn() throws {
        let truncated = try XCTUnwrap(error("{\"a\": [1, 2"))
        XCTAssertEqual(truncated.offset, 11)
        XCTAssertEqual(truncated.line, 1)
        XCTAssertEqual(truncated.column, 12)
        XCTAssertTrue(truncated.description.hasPrefix("line 1, column 12 (byte 11): unexpected end of input"), truncated.description)
        // Columns count scalars: 한 is three bytes, one column.
        let misplaced = try XCTUnwrap(error("{\n  \"한\": 1,\n  \"b\" 2\n}"))
        XCTAssertEqual(misplaced.line, 3)
        XCTAssertEqual(misplaced.column, 7)
        XCTAssertEqual(misplaced.offset, 20)
        XCTAssertTrue(misplaced.message.contains("expected ':'"), misplaced.message)
        XCTAssertEqual(error("\"abc")?.message, "unexpected end of input in the string that starts at byte 0")
        XCTAssertEqual(error("")?.message, "unexpected end of input, expected a value")
        XCTAssertEqual(error("[1] x")?.message, "unexpected 'x' after the value")
        XCTAssertEqual(error("[가]")?.message, "unexpected '가', expected a value")
        XCTAssertEqual(error("tru")?.message, "unexpected end of input, expected 'true'")
    }

    func testStrictAboutWhatRFC8259Forbids() {
        let cases = [
            "[1,]", "{\"a\":1,}", "[1 2]", "{'a': 1}", "{a: 1}", "// c\n1", "/* c */ 1", "[1] [2]",
            "\"tab\there\"", "\"line\nbreak\"", "{\"a\" 1}", "{1: 2}", "[", "{", "]", "nul", "True", "\u{0B}1",
        ]
        for text in cases {
            XCTAssertNotNil(error(text), text)
        }
        // Invalid UTF-8 inside a string and outside one.
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x5B, 0xC3, 0x5D]] {
            XCTAssertThrowsError(try JSONReader.parse(Data(bytes)), "\(bytes)")
        }
    }

    func testDuplicateKeysKeepEveryMemberAndTheLastWins() throws {
        let object = try XCTUnwrap(try parse(#"{"a": 1, "b": 2, "a": 3}"#).object)
        XCTAssertEqual(object["a"], .number("3"))
        XCTAssertEqual(object.members.map(\.key), ["a", "b", "a"])
    }

    /// Python's json module as an independent reader: both must see the same values, duplicate
    /// members and number texts included, and refuse the same broken documents.
    func testAgreesWithPythonsJSONModule() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CLITests/Fixtures/gh-pr.json")
        var documents = [try Data(contentsOf: fixture)]
        documents += [
            #"{"a": 1, "a": [true, false, null, -0, 1e400, 2.50, -1E-7], "": {"\u0000": "\ud83d\ude00\/\b"}}"#,
            "[\"\u{7F} \u{85} \u{2028} \u{FEFF} 🚀 한글\", {\"x\":\"y\"}, [], {}]",
            "  \"\\\"\\\\\"  ",
        ].map { Data($0.utf8) }
        for document in documents {
            guard let python = try Self.python(canonicalising: document) else { throw RequiredTool.missing("python3 is not available") }
            XCTAssertEqual(Self.canonical(try JSONReader.parse(document)), python)
        }
        for broken in ["[1,]", "{\"a\":1,}", "01", "\"\\x\"", "[", "\"a\tb\""] {
            XCTAssertEqual(try Self.python(canonicalising: Data(broken.utf8)), "ERROR", broken)
            XCTAssertThrowsError(try JSONReader.parse(Data(broken.utf8)), broken)
        }
    }

    /// One line per value: Python's `json.dumps(..., ensure_ascii=True)` escaping for strings,
    /// numbers as written, members in order with duplicates.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.members.map { quoted($0.key) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x20...0x7E: out += String(UnicodeScalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }

    static let pythonScript = #"""
    import json, sys
    class Num(str): pass
    def canon(v):
        if v is None: return "null"
        if v is True: return "true"
        if v is False: return "false"
        if isinstance(v, Num): return str(v)
        if isinstance(v, str): return json.dumps(v, ensure_ascii=True)
        if isinstance(v, tuple): return "{" + ",".join(json.dumps(k, ensure_ascii=True) + ":" + canon(x) for k, x in v) + "}"
        return "[" + ",".join(canon(x) for x in v) + "]"
    try:
        text = sys.stdin.buffer.read().decode("utf-8", "strict")
        value = json.loads(text, parse_int=Num, parse_float=Num, parse_constant=lambda c: 1 / 0,
                           object_pairs_hook=tuple, strict=True)
    except Exception:
        sys.stdout.write("ERROR")
    else:
        sys.stdout.write(canon(value))
    """#

    /// Python's canonical form of `document`, "ERROR" when it refuses it, nil without python3.
    static func python(canonicalising document: Data) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", pythonScript]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(document)
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: result, as: UTF8.self)
    }
}
