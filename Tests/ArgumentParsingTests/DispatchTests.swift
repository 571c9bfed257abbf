import ArgumentParsing
import XCTest

/// `ParsedCommand.run()` calls the `run` of exactly the command the line chose.
final class DispatchTests: XCTestCase {
    private func dispatched(_ words: [String]) throws -> [String]? {
        guard case .run(let parsed) = try SampleTree.parser.parse(words) else { return nil }
        do {
            try parsed.run()
        } catch let ran as SampleTree.Ran {
            return ran.path
        }
        XCTFail("the command's run was not called")
        return nil
    }

    func testLeafRunsItsOwnBody() throws {
        XCTAssertEqual(try dispatched(["goal", "add", "x"]), ["goal", "add"])
        XCTAssertEqual(try dispatched(["task", "assign", "1", "ann"]), ["task", "assign"])
        XCTAssertEqual(try dispatched(["__complete", "goals"]), ["__complete"])
    }

    func testGroupWithArgumentsRunsItsOwnBodyOrTheSubcommands() throws {
        XCTAssertEqual(try dispatched(["sprint"]), ["sprint"])
        XCTAssertEqual(try dispatched(["sprint", "Sprint 12"]), ["sprint"])
        XCTAssertEqual(try dispatched(["sprint", "add", "S", "--from", "a", "--to", "b"]), ["sprint", "add"])
        XCTAssertEqual(try dispatched(["generate", "graph"]), ["generate", "graph"])
    }

    func testDefaultSubcommandRunsTheDefault() throws {
        XCTAssertEqual(try dispatched(["goal"]), ["goal", "list"])
        XCTAssertEqual(try dispatched(["goal", "--week", "2024-W47"]), ["goal", "list"])
    }

    func testGroupWithoutRunShowsHelpInsteadOfRunning() throws {
        guard case .help(let text) = try SampleTree.parser.parse(["task"]) else {
            return XCTFail("a group without run or default must show its help")
        }
        XCTAssertTrue(text.hasPrefix("OVERVIEW: Member tasks."), text)
    }

    func testRunErrorsPropagateUnchanged() throws {
        struct Boom: Error {}
        let tool = CommandSpec(name: "tool", abstract: "Demo.", run: { _ in throw Boom() })
        guard case .run(let parsed) = try CommandLineParser(root: tool, version: "1").parse([]) else {
            return XCTFail("a leaf root runs")
        }
        XCTAssertThrowsError(try parsed.run()) { XCTAssertTrue($0 is Boom) }
    }
}
