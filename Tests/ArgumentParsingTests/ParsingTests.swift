import ArgumentParsing
import XCTest

final class ParsingTests: XCTestCase {
    private func run(_ words: [String], file: StaticString = #filePath, line: UInt = #line) throws
        -> ParsedCommand
    {
        switch try SampleTree.parser.parse(words) {
        case .run(let parsed): return parsed
        case .help(let text): XCTFail("unexpected help:\n\(text)", file: file, line: line)
        case .version: XCTFail("unexpected version", file: file, line: line)
        }
        throw ValidationError("no run")
    }

    func testNestedSubcommandWithArgumentAndOption() throws {
        let parsed = try run(["goal", "add", "Ship epics 1 and 2", "--week", "2024-W47"])
        XCTAssertEqual(parsed.path, ["goal", "add"])
        XCTAssertEqual(try parsed[SampleTree.text], "Ship epics 1 and 2")
        XCTAssertEqual(try parsed[SampleTree.week], "2024-W47")
        XCTAssertFalse(try parsed[SampleTree.json])
    }

    func testEqualsAndAttachedShortForms() throws {
        let parsed = try run(["-C/tmp/repo", "goal", "add", "x", "--week=2024-11-18"])
        XCTAssertEqual(try parsed[SampleTree.directory], "/tmp/repo")
        XCTAssertEqual(try parsed[SampleTree.week], "2024-11-18")
        let spaced = try run(["goal", "add", "-w", "2024-W01", "x", "-C", "dir"])
        XCTAssertEqual(try spaced[SampleTree.week], "2024-W01")
        XCTAssertEqual(try spaced[SampleTree.directory], "dir")
        XCTAssertEqual(try spaced[SampleTree.text], "x")
    }

    func testGlobalsAnywhere() throws {
        let before = try run(["--json", "--author", "Kim <kim@example.com>", "task", "list"])
        let middle = try run(["task", "--json", "list", "--author=Kim <kim@example.com>"])
        let after = try run(["task", "list", "--author", "Kim <kim@example.com>", "--json"])
        for parsed in [before, middle, after] {
            XCTAssertEqual(parsed.path, ["task", "list"])
            XCTAssertTrue(try parsed[SampleTree.json])
            XCTAssertEqual(try parsed[SampleTree.author], "Kim <kim@example.com>")
        }
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try run(["goal", "add", "--week", "W", "--", "--not-an-option"])
        XCTAssertEqual(try parsed[SampleTree.text], "--not-an-option")
        XCTAssertEqual(try parsed[SampleTree.week], "W")
        let dashValue = try run(["goal", "add", "--week=-1", "-"])
        XCTAssertEqual(try dashValue[SampleTree.week], "-1")
        XCTAssertEqual(try dashValue[SampleTree.text], "-")
    }

    func testRepeatingOptionAccumulatesAndPlainOptionKeepsLast() throws {
        let parsed = try run([
            "generate", "coordinator", "Main", "--set", "children=A", "--set=children=B",
            "-o", "one", "--out", "two",
        ])
        XCTAssertEqual(try parsed.values(SampleTree.set), ["children=A", "children=B"])
        XCTAssertEqual(try parsed[SampleTree.set], "children=B")
        XCTAssertEqual(try parsed[SampleTree.out], "two")
        XCTAssertEqual(try parsed.values(SampleTree.out), ["one", "two"])
        XCTAssertEqual(try parsed[SampleTree.trim], "smart", "declared default")
        XCTAssertEqual(try parsed.values(SampleTree.trim), [], "defaults are not given values")
    }

    func testOptionalAndRepeatingArguments() throws {
        XCTAssertNil(try run(["sprint"])[SampleTree.sprintName])
        XCTAssertEqual(try run(["sprint"]).path, ["sprint"])
        XCTAssertEqual(try run(["sprint", "S12"])[SampleTree.sprintName], "S12")
        XCTAssertEqual(try run(["sprint", "add", "S13", "--from", "a", "--to", "b"]).path, ["sprint", "add"])
        let files = try run(["sprint", "files", "S1", "a.txt", "b c.txt"])
        XCTAssertEqual(try files[SampleTree.sprint], "S1")
        XCTAssertEqual(try files.values(SampleTree.files), ["a.txt", "b c.txt"])
        XCTAssertEqual(try run(["generate", "graph"]).path, ["generate", "graph"])
        XCTAssertEqual(try run(["generate", "graph", "m.yaml"])[SampleTree.manifest], "m.yaml")
    }

    func testUnicodeArgumentsAreKept() throws {
        let parsed = try run(["goal", "add", "이번 주 배포 🚀", "--author", "김민수 <kim@example.com>"])
        XCTAssertEqual(try parsed[SampleTree.text], "이번 주 배포 🚀")
        XCTAssertEqual(try parsed[SampleTree.author], "김민수 <kim@example.com>")
    }

    func testDefaultSubcommandAndItsOptions() throws {
        XCTAssertEqual(try run(["goal"]).path, ["goal", "list"])
        let parsed = try run(["goal", "--week", "2024-W47"])
        XCTAssertEqual(parsed.path, ["goal", "list"])
        XCTAssertEqual(try parsed[SampleTree.listWeek], "2024-W47")
    }

    func testBundledShortFlagsAndExclusiveGroupMember() throws {
        let parsed = try run(["task", "list", "-vqmKim", "--open"])
        XCTAssertTrue(try parsed[SampleTree.verbose])
        XCTAssertTrue(try parsed[SampleTree.quiet])
        XCTAssertTrue(try parsed[SampleTree.open])
        XCTAssertFalse(try parsed[SampleTree.done])
        XCTAssertEqual(try parsed[SampleTree.member], "Kim")
    }

    func testHiddenCommandStillParses() throws {
        XCTAssertEqual(try run(["__complete", "members"])[SampleTree.kind], "members")
    }

    func testVersionAndHelpOutcomes() throws {
        guard case .version = try SampleTree.parser.parse(["-C", "x", "--version"]) else {
            return XCTFail("expected version")
        }
        for words in [["-h"], ["--help"], ["help"], ["task"], []] {
            guard case .help(let text) = try SampleTree.parser.parse(words) else {
                return XCTFail("expected help for \(words)")
            }
            let expected = words == ["task"] ? "OVERVIEW: Member tasks." : "OVERVIEW: A team's"
            XCTAssertTrue(text.hasPrefix(expected), "\(words): \(text)")
        }
        let addHelp = SampleTree.parser.helpText(for: ["goal", "add"])
        let spellings = [
            ["help", "goal", "add"], ["goal", "add", "-h"], ["goal", "help", "add"], ["goal", "add", "x", "--help"],
        ]
        for words in spellings {
            guard case .help(let text) = try SampleTree.parser.parse(words) else {
                return XCTFail("expected help for \(words)")
            }
            XCTAssertEqual(text, addHelp, "\(words)")
        }
        XCTAssertNil(SampleTree.parser.helpText(for: ["goal", "nope"]))
    }
}
