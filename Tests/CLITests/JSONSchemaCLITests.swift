import Foundation
import XCTest

/// The `schema` version of `--json` output (docs/JSON.md): the first key of every top-level
/// object, never in the bare arrays SPEC fixes for lists nor inside a document; and
/// docs/JSON.md covers every command.
final class JSONSchemaCLITests: XCTestCase {
    static let prefix = "{\n  \"schema\": 1,\n"

    func testEveryTopLevelObjectStartsWithTheSchemaAndArraysStayBare() throws {
        let w = try Workspace()
        func run(_ words: [String]) throws -> String {
            let result = try CLI.run(words + ["--json"], in: w.path)
            XCTAssertEqual(result.code, 0, "\(words): \(result.stderr)")
            return result.stdout
        }
        var objects = 0
        for words in [["init", "--team", "BeStory"], ["member", "add", "민수"], ["goal", "add", "배포"],
                      ["task", "add", "로그인", "--member", "민수"], ["task", "check", "로그인"],
                      ["sprint", "add", "S1", "--from", "2024-11-18", "--to", "2024-11-22"],
                      ["week"], ["sprint"], ["standup"], ["stats"], ["week", "--burndown"], ["doctor"], ["undo"]] {
            let out = try run(words)
            XCTAssertTrue(out.hasPrefix(Self.prefix), "\(words): \(out)")
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], out)
            XCTAssertEqual(object["schema"] as? Int, 1)
            XCTAssertEqual(out.components(separatedBy: "\"schema\"").count, 2, "once, at the top only: \(words): \(out)")
            objects += 1
        }
        XCTAssertEqual(objects, 13)
        for words in [["task", "list"], ["goal", "list"], ["member", "list"], ["log"], ["templates", "list"]] {
            let out = try run(words)
            let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]], "\(words): \(out)")
            XCTAssertFalse(array.isEmpty, "\(words)")
            XCTAssertFalse(out.contains("\"schema\""), "arrays and the objects in them carry none: \(words): \(out)")
        }
        let version = try CLI.run(["--version", "--json"], in: w.path).stdout
        XCTAssertTrue(version.hasPrefix(Self.prefix), "the version arrays follow: \(version)")
        XCTAssertFalse(try CLI.run(["week"], in: w.path).stdout.contains("schema"), "text output is unchanged")
    }

    /// Every top-level command `--help` lists is named in docs/JSON.md.
    func testTheJSONPageCoversEveryCommand() throws {
        let page = try String(contentsOf: InstallArtifactsCLITests.packageDirectory.appendingPathComponent("docs/JSON.md"), encoding: .utf8)
        let help = try Workspace().teamflow("--help").stdout
        let commands = help.components(separatedBy: "SUBCOMMANDS:\n").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" } ?? []
        XCTAssertGreaterThan(commands.count, 20)
        for command in commands {
            XCTAssertTrue(page.contains("`\(command)") || page.contains("`--version"), "docs/JSON.md does not mention \(command)")
        }
        XCTAssertTrue(page.contains("\"schema\": 1"))
    }
}
