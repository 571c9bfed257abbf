import Foundation
import XCTest

/// The library says what went wrong without naming a command or flag; the command line words
/// the domain's reasons with its own commands and options.
final class ErrorHintsCLITests: XCTestCase {
    func testTheCommandLineNamesItsCommandsAndFlagsForTheDomainsReasons() throws {
        let w = try Workspace()
        let env = ["TEAMFLOW_NOW": "2024-11-19T10:00:00+09:00"]
        XCTAssertEqual(try CLI.run(["task", "add", "로그인 화면"], in: w.path, environment: env).code, 0)
        let cases: [(arguments: [String], code: Int32, says: [String])] = [
            (["task", "check", "로그인 하면"], 1, ["Nearest matches:", "See `teamflow task list` for names and ids."]),
            (["undo", "ab"], 64, ["as shown by `teamflow log`"]),
            (["goal", "check", "zz"], 1, ["See `teamflow goal list` for names and ids."]),
            (["task", "edit", "로그인 화면"], 64, ["Give --title, --week, --due, --epic, --parent, --sprint, --no-sprint, --points or --label."]),
            (["task", "add", " "], 64, ["Example: teamflow task add"]),
            (["week", "carry", "--from", "2024-W48", "--to", "2024-W47"], 1,
             ["--to must be a later week than --from", "Example: teamflow week carry --from 2024-W47 --to 2024-W48"]),
            (["review", "add", "--title", "방 생성"], 64, ["missing --pr N", "Example: teamflow review add --pr 95"]),
        ]
        for (arguments, code, says) in cases {
            let result = try CLI.run(arguments, in: w.path, environment: env)
            XCTAssertEqual(result.code, code, "\(arguments): \(result.stderr)")
            for words in says { XCTAssertTrue(result.stderr.contains(words), "\(arguments) should say '\(words)':\n\(result.stderr)") }
            // The JSON form carries the same words.
            let json = try CLI.run(arguments + ["--json"], in: w.path, environment: env)
            let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            let text = ([error?["message"] as? String ?? ""] + (error?["hints"] as? [String] ?? [])).joined(separator: "\n")
            for words in says { XCTAssertTrue(text.contains(words), "\(arguments) --json should say '\(words)':\n\(json.stderr)") }
        }
        let fresh = try Workspace()
        let empty = try CLI.run(["undo"], in: fresh.path, environment: env)
        XCTAssertEqual(empty.code, 1)
        XCTAssertTrue(empty.stderr.contains("`teamflow log` shows the history; `teamflow undo ID` undoes any event."), empty.stderr)
    }
}
