import ArgumentParsing
import XCTest

final class UsageErrorTests: XCTestCase {
    /// The error thrown for `words`, failing the test when the parse succeeds.
    private func failure(_ words: [String], file: StaticString = #filePath, line: UInt = #line) -> UsageError? {
        do {
            let result = try SampleTree.parser.parse(words)
            XCTFail("expected an error, got \(result)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertMessage(
        _ words: [String], _ message: String, path: [String]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = failure(words, file: file, line: line) else { return }
        XCTAssertEqual(error.message, message, file: file, line: line)
        if let path { XCTAssertEqual(error.commandPath, path, file: file, line: line) }
        XCTAssertFalse(error.message.contains("\n"), "one line", file: file, line: line)
    }

    func testFullDescription() {
        guard let error = failure(["goal", "add", "--wek", "W", "x"]) else { return }
        XCTAssertEqual(
            error.description,
            """
            error: unknown option '--wek'. Did you mean '--week'?
            Usage: teamflow goal add TEXT [--week W]
              See 'teamflow help goal add' for more information.
            """)
    }

    func testRootDescriptionPointsAtDashDashHelp() {
        guard let error = failure(["gaol"]) else { return }
        XCTAssertEqual(
            error.description,
            """
            error: unknown command 'gaol'. Did you mean 'goal'?
            Usage: teamflow [-C DIR] [--author AUTHOR] [--json] <subcommand>
              See 'teamflow --help' for more information.
            """)
    }

    func testUnknownCommands() {
        assertMessage(["tsak", "list"], "unknown command 'tsak'. Did you mean 'task'?", path: [])
        assertMessage(["task", "lst"], "unknown command 'lst'. Did you mean 'list'?", path: ["task"])
        assertMessage(["frobnicate"], "unknown command 'frobnicate'", path: [])
        // A group with an argument-less default subcommand still reports a typo as such.
        assertMessage(["goal", "ad", "x"], "unknown command 'ad'. Did you mean 'add'?", path: ["goal"])
        assertMessage(["help", "goal", "ad"], "unknown command 'ad'. Did you mean 'add'?", path: ["goal"])
        // Hidden commands are never suggested.
        assertMessage(["__complet"], "unknown command '__complet'")
    }

    func testUnknownOptions() {
        assertMessage(["task", "list", "--membr", "x"], "unknown option '--membr'. Did you mean '--member'?")
        assertMessage(["task", "list", "--zzz"], "unknown option '--zzz'")
        assertMessage(["task", "list", "-x"], "unknown option '-x'")
        assertMessage(["goal", "add", "x", "--version"], "unknown option '--version'")
        // A subcommand's option is not known before the subcommand is named.
        assertMessage(["--week", "W", "goal", "add", "x"], "unknown option '--week'", path: [])
    }

    func testMissingValues() {
        assertMessage(["goal", "add", "x", "--week"], "missing value for option '--week W'")
        assertMessage(["goal", "add", "--week", "--json", "x"], "missing value for option '--week W'")
        assertMessage(["goal", "add", "x", "-w"], "missing value for option '-w W'")
        assertMessage(["-C"], "missing value for option '-C DIR'", path: [])
        assertMessage(["--json=yes", "goal"], "option '--json' does not take a value")
    }

    func testMissingAndExtraArguments() {
        assertMessage(["goal", "add"], "missing expected argument 'TEXT'", path: ["goal", "add"])
        assertMessage(["task", "assign", "abcd"], "missing expected argument 'MEMBER'")
        assertMessage(["sprint", "files", "S1"], "missing expected argument 'FILE'")
        assertMessage(["goal", "add", "a", "b"], "unexpected argument 'b'")
        assertMessage(["sprint", "one", "two"], "unexpected argument 'two'", path: ["sprint"])
    }

    func testRequiredOptions() {
        assertMessage(["sprint", "add", "S1", "--to", "b"], "missing required option '--from DATE'")
    }

    func testExclusiveFlags() {
        assertMessage(["task", "list", "--done", "--open"], "'--done' and '--open' cannot be used together")
    }

    func testAllowedValuesAndValidator() {
        assertMessage(
            ["generate", "coordinator", "Main", "--trim", "some"],
            "invalid value 'some' for option '--trim'. Expected one of: none, smart, all")
        assertMessage(
            ["generate", "cordinator", "Main"],
            "invalid value 'cordinator' for 'TEMPLATE'. Expected one of: coordinator, viewmodel")
        assertMessage(
            ["generate", "viewmodel", "Main", "--set", "novalue"],
            "'--set novalue' is not of the form KEY=VALUE", path: ["generate"])
    }
}
