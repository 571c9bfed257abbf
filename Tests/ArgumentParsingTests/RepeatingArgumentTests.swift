import ArgumentParsing
import XCTest

/// A repeating positional (`ID...`), alone or before a required one (`move ID... STATUS`).
final class RepeatingArgumentTests: XCTestCase {
    static let ids = ArgumentSpec(name: "id", help: "Ids.", isRepeating: true)
    static let status = ArgumentSpec(name: "status", help: "Status.", allowedValues: ["todo", "doing", "done"])
    static let week = OptionSpec(long: "week", valueName: "W", help: "Week.")
    static let tool = CommandSpec(name: "tool", abstract: "Demo.", subcommands: [
        CommandSpec(name: "check", abstract: "Check.", arguments: [ids], options: [week], run: { _ in }),
        CommandSpec(name: "move", abstract: "Move.", arguments: [ids, status], run: { _ in }),
    ])
    let parser = CommandLineParser(root: RepeatingArgumentTests.tool, version: "1")

    func parsed(_ words: [String]) throws -> ParsedCommand {
        guard case .run(let parsed) = try parser.parse(words) else { throw ValidationError("not a run") }
        return parsed
    }

    func testRepeatingTakesEveryWordAroundOptions() throws {
        let line = try parsed(["check", "4a61", "--week", "2024-W47", "d76c", "9d0b"])
        XCTAssertEqual(try line.values(Self.ids), ["4a61", "d76c", "9d0b"])
        XCTAssertEqual(try line[Self.ids], "4a61")
        XCTAssertEqual(try line[Self.week], "2024-W47")
        XCTAssertThrowsError(try parser.parse(["check"])) { error in
            XCTAssertTrue("\(error)".contains("missing expected argument 'ID'"), "\(error)")
        }
    }

    func testRepeatingBeforeARequiredArgumentLeavesItTheLastWord() throws {
        let line = try parsed(["move", "4a61", "d76c", "done"])
        XCTAssertEqual(try line.values(Self.ids), ["4a61", "d76c"])
        XCTAssertEqual(try line[Self.status], "done")
        XCTAssertThrowsError(try parser.parse(["move", "4a61", "later"])) { error in
            XCTAssertTrue("\(error)".contains("invalid value 'later'"), "\(error)")
        }
        XCTAssertThrowsError(try parser.parse(["move", "done"]), "one word cannot be both an id and the status")
        XCTAssertEqual(parser.usageLine(for: ["move"]), "tool move ID... STATUS")
    }
}
