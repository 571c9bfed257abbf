import XCTest
@testable import YAML

/// Documents the fuzz targets (Sources/teamflow-fuzz, docs/FUZZING.md) found to crash, stall
/// or exhaust memory, each kept as a test that failed before its fix.
final class YAMLFuzzFindingsTests: XCTestCase {
    /// The alias-bomb guard counted nodes only, so 531,441 aliases of one 1,000-byte scalar
    /// (a 1.3 KB file) passed: `template render --data` of it took 37 s and 1.5 GB, a longer
    /// scalar exhausts memory. Scalars now weigh one node per 64 bytes.
    func testAliasesOfLongTextCannotExpandPastTheBound() {
        var text = "s: &s \"" + String(repeating: "x", count: 1_000) + "\"\n"
        text += "a0: &a0 [" + Array(repeating: "*s", count: 9).joined(separator: ", ") + "]\n"
        for level in 1...5 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        XCTAssertThrowsError(try YAML.parse(text)) { error in
            XCTAssertTrue("\(error)".contains("alias bomb"), "\(error)")
        }
    }

    /// Long text without aliases, or aliased a few times, is still fine.
    func testLongTextAndModestAliasingStillParse() throws {
        let long = String(repeating: "y", count: 4_000_000)
        XCTAssertEqual(try YAML.parse("t: \(long)\n")["t"]?.string?.count, long.count)
        let reused = try YAML.parse("s: &s \(String(repeating: "z", count: 10_000))\nlist: [" + Array(repeating: "*s", count: 1_000).joined(separator: ", ") + "]\n")
        XCTAssertEqual(reused["list"]?.array?.count, 1_000)
    }

    /// A caller may bound what aliases add much lower than the general bound (event files do):
    /// a 486-byte bomb of 531,441 short scalars is refused there, a few aliases pass, and a
    /// large document without aliases is not affected at all.
    func testAnAliasBudgetRefusesBombsButNotSizeOrModestAliases() throws {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...5 {
            bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        XCTAssertNoThrow(try YAML.parse(bytes: Array(bomb.utf8)), "under the general bound")
        XCTAssertThrowsError(try YAML.parse(bytes: Array(bomb.utf8), file: "e.yaml", maxAliasExpansion: 10_000)) { error in
            guard let error = error as? YAMLError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("aliases expand to more than 10000"), error.message)
            XCTAssertEqual(error.mark?.line, 5, "the alias that crossed the budget (in a4)")
        }
        let modest = "s: &s text\nlist: [*s, *s, *s]\n"
        XCTAssertEqual(try YAML.parse(bytes: Array(modest.utf8), maxAliasExpansion: 10)["list"]?.array?.count, 3)
        let big = (0..<50_000).map { "k\($0): v\($0)\n" }.joined()
        XCTAssertEqual(try YAML.parse(bytes: Array(big.utf8), maxAliasExpansion: 0).mapping?.pairs.count, 50_000)
    }

    /// Tags holding `#`, `%`, a second `!` or `,`, or the bare `!!`: the emitter wrote them as
    /// they were, which libyaml rejects (`!#`, `!a!b`, `!a,b`, `!!`) or decodes to another tag
    /// (`!%41` read back as `!A`), so an exported event could fail to import.
    func testEveryWritableTagReadsBack() throws {
        let documents = ["!%23 a", "!%2541 a", "!<!a!b> a", "k: !<!a,b> a", "!<!!> a", "!%21 a", "!<tag:x,y%23z> a",
                         "!<tag:yaml.org,2002:str%23x> a", "- !e%23x [1]\n- !<!a%23> {b: c}\n- !ok%7E ok"]
        for text in documents {
            let node = try YAML.parse(text)
            let emitted = YAML.emit(node)
            XCTAssertEqual(try YAML.parse(emitted), node, "\(text) -> \(emitted)")
        }
        XCTAssertEqual(YAML.emit(try YAML.parse("!%23 a")), "!%23 a\n")
        XCTAssertEqual(YAML.emit(try YAML.parse("!local a")), "!local a\n", "simple tags stay short")
    }
}
