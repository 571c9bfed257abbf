import ArgumentParsing
import XCTest

/// Values read through the specs that declared them: whole numbers and other conversions
/// that report wrong usage naming the option, defaults, repeated options, and keys the chosen
/// command does not declare.
final class TypedAccessTests: XCTestCase {
    static let verbose = FlagSpec(long: "verbose", short: "v", help: "More output.", isGlobal: true)
    static let config = OptionSpec(long: "config", valueName: "F", help: "A config file (only the root's).")
    static let limit = OptionSpec(long: "limit", short: "n", valueName: "N", help: "At most N.")
    static let weeks = OptionSpec(long: "weeks", valueName: "N", help: "How many weeks.", defaultValue: "8")
    static let size = OptionSpec(long: "size", valueName: "BYTES", help: "A size.", isRepeating: true)
    static let id = ArgumentSpec(name: "id", help: "An id.", isOptional: true)
    static let other = OptionSpec(long: "other", valueName: "X", help: "Declared by no command.")

    static let tool = CommandSpec(
        name: "tool", abstract: "Demo.", options: [config], flags: [verbose],
        subcommands: [
            CommandSpec(name: "log", abstract: "Log.", arguments: [id], options: [limit, weeks, size], run: { _ in }),
            CommandSpec(
                name: "checked", abstract: "Validates its count while parsing.", options: [limit],
                validate: { parsed in _ = try parsed.int(limit, in: 0...) }, run: { _ in }),
            CommandSpec(name: "stray", abstract: "Reads a key it does not declare.", run: { parsed in _ = try parsed[other] }),
        ])
    let parser = CommandLineParser(root: TypedAccessTests.tool, version: "1")

    func parsed(_ words: [String]) throws -> ParsedCommand {
        guard case .run(let parsed) = try parser.parse(words) else { throw ValidationError("not a run") }
        return parsed
    }

    /// The usage error `body` throws, or a failure.
    func usageError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> UsageError? {
        do {
            try body()
            XCTFail("no error", file: file, line: line)
        } catch let error as UsageError {
            return error
        } catch {
            XCTFail("not a usage error: \(error)", file: file, line: line)
        }
        return nil
    }

    func testIntReadsAWholeNumberWithinItsRange() throws {
        XCTAssertEqual(try parsed(["log", "--limit", "20"]).int(Self.limit, in: 0...), 20)
        XCTAssertEqual(try parsed(["log", "-n0"]).int(Self.limit, in: 0...), 0)
        XCTAssertEqual(try parsed(["log", "--limit=-3"]).int(Self.limit), -3, "no range: any whole number")
        XCTAssertNil(try parsed(["log"]).int(Self.limit, in: 0...), "absent without a default")
    }

    func testIntRefusalIsAUsageErrorNamingTheOptionTheRangeAndTheValue() throws {
        let line = try parsed(["log", "--limit", "ten"])
        let error = usageError { _ = try line.int(Self.limit, in: 0...) }
        XCTAssertEqual(error?.message, "--limit takes a whole number of at least 0 (got 'ten')")
        XCTAssertEqual(error?.commandPath, ["log"])
        XCTAssertEqual(error?.usageLine, parser.usageLine(for: ["log"]))
        XCTAssertEqual(
            error?.description,
            "error: --limit takes a whole number of at least 0 (got 'ten')\n"
                + "Usage: tool log [ID] [--limit N] [--weeks N] [--size BYTES]...\n"
                + "  See 'tool help log' for more information.")

        let outside = try parsed(["log", "--weeks", "521"])
        XCTAssertEqual(
            usageError { _ = try outside.int(Self.weeks, in: 1...520) }?.message,
            "--weeks takes a whole number from 1 to 520 (got '521')")
        for text in ["1.5", "", " 3", "0x10", "99999999999999999999"] {
            let bad = try parsed(["log", "--limit=\(text)"])
            XCTAssertNotNil(usageError { _ = try bad.int(Self.limit) }, text)
        }
    }

    func testIntFallsBackToTheDeclaredDefault() throws {
        XCTAssertEqual(try parsed(["log"]).int(Self.weeks, in: 1...520), 8)
        XCTAssertEqual(try parsed(["log", "--weeks", "12"]).int(Self.weeks, in: 1...520), 12)
        XCTAssertEqual(try parsed(["log"]).values(Self.weeks), [], "a default is not a given value")
        // The declaration decides the default, whichever copy of the spec reads it.
        XCTAssertEqual(try parsed(["log"])[Self.weeks.withHelp("Another wording.")], "8")
    }

    func testRepeatedOptionsKeepEveryValueAndReadTheLast() throws {
        let line = try parsed(["log", "--size", "1", "--size=2", "--limit", "5", "--limit", "7"])
        XCTAssertEqual(try line.values(Self.size), ["1", "2"])
        XCTAssertEqual(try line[Self.size], "2")
        XCTAssertEqual(try line.int(Self.limit), 7, "a plain option given twice keeps the last")
        XCTAssertEqual(try line.values(Self.limit), ["5", "7"])
    }

    func testValueConvertsWithTheCallersRule() throws {
        let kibibytes: (String) -> Int? = { text in
            text.hasSuffix("K") ? Int(text.dropLast()).map { $0 * 1024 } : Int(text)
        }
        XCTAssertEqual(try parsed(["log", "--size", "4K"]).value(Self.size, as: "a size", kibibytes), 4096)
        XCTAssertNil(try parsed(["log"]).value(Self.size, as: "a size", kibibytes))
        let bad = try parsed(["log", "--size", "4Q"])
        XCTAssertEqual(
            usageError { _ = try bad.value(Self.size, as: "a size, e.g. 512 or 4K", kibibytes) }?.message,
            "--size takes a size, e.g. 512 or 4K (got '4Q')")
    }

    func testAValidatorsUsageErrorReachesTheCallerWhole() {
        XCTAssertThrowsError(try parser.parse(["checked", "--limit", "x"])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message, "--limit takes a whole number of at least 0 (got 'x')",
                "not wrapped in a second message: \(error)")
            XCTAssertEqual((error as? UsageError)?.commandPath, ["checked"])
        }
    }

    func testGlobalsOfAncestorsAreDeclaredTheirOtherOptionsAreNot() throws {
        let line = try parsed(["log", "-v", "abc"])
        XCTAssertTrue(try line[Self.verbose])
        XCTAssertEqual(try line[Self.id], "abc")
        XCTAssertThrowsError(try line[Self.config]) { error in
            XCTAssertEqual(error as? UndeclaredKeyError, UndeclaredKeyError(key: "--config", command: "tool log"))
        }
    }

    func testReadingAnUndeclaredKeyIsAnError() throws {
        let line = try parsed(["checked"])
        XCTAssertThrowsError(try line[Self.other]) { error in
            XCTAssertEqual(error as? UndeclaredKeyError, UndeclaredKeyError(key: "--other", command: "tool checked"))
            XCTAssertEqual("\(error)", "'tool checked' reads --other, which its spec does not declare (a bug in the program)")
        }
        XCTAssertThrowsError(try line.values(Self.size))
        XCTAssertNil(try line.int(Self.limit.withHelp("Another wording.")), "declared by `checked`, under any help")
        XCTAssertThrowsError(try line[Self.id]) { error in
            XCTAssertEqual(error as? UndeclaredKeyError, UndeclaredKeyError(key: "ID", command: "tool checked"))
        }
        XCTAssertThrowsError(try parsed(["log"])[FlagSpec(long: "verbos", help: "")]) { error in
            XCTAssertEqual(error as? UndeclaredKeyError, UndeclaredKeyError(key: "--verbos", command: "tool log"))
        }
        // A command's body reading one fails the run, before it acts on a missing value.
        XCTAssertThrowsError(try parsed(["stray"]).run()) { error in
            XCTAssertEqual(error as? UndeclaredKeyError, UndeclaredKeyError(key: "--other", command: "tool stray"))
        }
    }
}
