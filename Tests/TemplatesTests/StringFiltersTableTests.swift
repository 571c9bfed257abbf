import XCTest
@testable import Templates

final class StringFiltersTableTests: XCTestCase {
    private func call(_ name: String, _ input: String, _ arguments: [String] = []) throws -> StringFilterResult {
        guard let filter = StringFilters.table[name] else {
            throw StringFilterError("no filter \(name)")
        }
        return try filter(input, arguments)
    }

    func testRegistersEveryStencilSwiftKitStringFilter() {
        let expected: Set<String> = [
            "basename", "camelToSnakeCase", "dirname", "escapeReservedKeywords", "lowerFirstLetter",
            "lowerFirstWord", "removeNewlines", "replace", "snakeToCamelCase", "swiftIdentifier",
            "titlecase", "upperFirstLetter", "contains", "hasPrefix", "hasSuffix",
            "!contains", "!hasPrefix", "!hasSuffix",
        ]
        XCTAssertEqual(Set(StringFilters.table.keys), expected)
    }

    func testBooleanArguments() throws {
        XCTAssertEqual(try call("camelToSnakeCase", "SomeCap"), .string("some_cap"))
        XCTAssertEqual(try call("camelToSnakeCase", "SomeCap", ["NO"]), .string("Some_Cap"))
        XCTAssertEqual(try call("camelToSnakeCase", "SomeCap", ["0", "ignored"]), .string("Some_Cap"))
        XCTAssertEqual(try call("snakeToCamelCase", "_a_b", ["yes"]), .string("AB"))
        XCTAssertEqual(try call("snakeToCamelCase", "_a_b", ["1"]), .string("AB"))
        XCTAssertEqual(try call("snakeToCamelCase", "_a_b"), .string("_AB"))
        XCTAssertThrowsError(try call("camelToSnakeCase", "x", ["maybe"]))
        XCTAssertThrowsError(try call("snakeToCamelCase", "x", [""]))
    }

    func testModeArgumentsAreCaseSensitive() throws {
        XCTAssertEqual(try call("swiftIdentifier", "a b", ["pretty"]), .string("AB"))
        XCTAssertEqual(try call("swiftIdentifier", "a b", ["valid"]), .string("a_b"))
        XCTAssertThrowsError(try call("swiftIdentifier", "a b", ["Pretty"]))
        XCTAssertThrowsError(try call("swiftIdentifier", "", ["wrong"])) { error in
            XCTAssertTrue("\(error)".contains("swiftIdentifier"))
        }
        XCTAssertEqual(try call("removeNewlines", " a \n b", ["leading"]), .string("a b"))
        XCTAssertThrowsError(try call("removeNewlines", "", ["wrong"]))
    }

    func testReplaceArguments() throws {
        XCTAssertEqual(try call("replace", "a1b22", ["\\d+", "#", "regex"]), .string("a#b#"))
        XCTAssertEqual(try call("replace", "a1b22", ["\\d+", "#", "normal"]), .string("a1b22"))
        XCTAssertEqual(try call("replace", "a1b22", ["\\d+", "#"]), .string("a1b22"))
        XCTAssertThrowsError(try call("replace", "abc", ["a"]))
        XCTAssertThrowsError(try call("replace", "abc", ["a", "b", "Regex"]))
        XCTAssertThrowsError(try call("replace", "abc", ["(", "b", "regex"]))
    }

    func testPredicatesAndNegations() throws {
        XCTAssertEqual(try call("contains", "string", ["s"]), .bool(true))
        XCTAssertEqual(try call("!contains", "string", ["s"]), .bool(false))
        XCTAssertEqual(try call("hasPrefix", "string", ["x"]), .bool(false))
        XCTAssertEqual(try call("!hasPrefix", "string", ["x"]), .bool(true))
        XCTAssertEqual(try call("!hasSuffix", "string", ["ng"]), .bool(false))
        XCTAssertThrowsError(try call("contains", "string"))
        XCTAssertThrowsError(try call("!hasSuffix", "string"))
        XCTAssertEqual(StringFilterResult.bool(true).rendered, "true")
        XCTAssertEqual(StringFilterResult.bool(false).rendered, "false")
    }

    func testParameterlessFiltersRejectArguments() throws {
        XCTAssertEqual(try call("titlecase", "hello world"), .string("Hello world"))
        XCTAssertEqual(try call("basename", "/a/b"), .string("b"))
        for name in ["basename", "dirname", "escapeReservedKeywords", "lowerFirstLetter",
                     "lowerFirstWord", "titlecase", "upperFirstLetter"] {
            XCTAssertThrowsError(try call(name, "x", ["arg"]), name)
        }
    }

    func testNoFilterCrashesOnAwkwardInput() throws {
        let inputs = ["", "_", "/", "\n", "😀", "e\u{301}", "한국어", "👨‍👩‍👧‍👦", "\u{0}", "//é///", "q///q//"]
        for (name, filter) in StringFilters.table {
            for input in inputs {
                _ = try? filter(input, [])
                _ = try? filter(input, ["x", "y"])
            }
            XCTAssertNotNil(StringFilters.table[name])
        }
        XCTAssertEqual(StringFilters.basename("q///q//"), "q")
    }
}
