import Foundation
import XCTest

/// Under `--json` a failure is one JSON object on standard error, with the exit codes of the
/// prose form; without it, the prose is unchanged.
final class JSONErrorCLITests: XCTestCase {
    private func error(_ result: CLI.Result, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line of JSON: \(result.stderr)", file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        XCTAssertEqual(object?["schema"] as? Int, 1, "an error document carries the schema like any other", file: file, line: line)
        return try XCTUnwrap(object?["error"] as? [String: Any], result.stderr, file: file, line: line)
    }

    func testAnUnknownIdOrNameIsNotFoundWithTheNearestCandidates() throws {
        let w = try Workspace()
        let env = ["TEAMFLOW_NOW": "2024-11-19T10:00:00+09:00"]
        XCTAssertEqual(try CLI.run(["member", "add", "민수", "--handle", "ms1"], in: w.path, environment: env).code, 0)
        XCTAssertEqual(try CLI.run(["task", "add", "로그인 화면", "--member", "민수"], in: w.path, environment: env).code, 0)
        XCTAssertEqual(try CLI.run(["task", "add", "로그인 API", "--member", "민수"], in: w.path, environment: env).code, 0)
        let missing = try CLI.run(["task", "check", "deadbeef", "--json"], in: w.path, environment: env)
        XCTAssertEqual(missing.code, 1)
        let notFound = try error(missing)
        XCTAssertEqual(notFound["code"] as? String, "not_found")
        XCTAssertTrue((notFound["message"] as? String)?.contains("deadbeef") ?? false)

        let unknown = try error(try CLI.run(["task", "add", "x", "--member", "민서", "--json"], in: w.path, environment: env))
        XCTAssertEqual(unknown["code"] as? String, "not_found")
        let near = try XCTUnwrap(unknown["candidates"] as? [[String: Any]])
        XCTAssertTrue((near.first?["label"] as? String)?.hasPrefix("민수") ?? false, "the nearest member is a candidate: \(near)")
        XCTAssertEqual((near.first?["id"] as? String)?.count, 24, "a full id")
    }

    func testUsageErrorsAreSixtyFourInBothForms() throws {
        let w = try Workspace()
        let json = try CLI.run(["task", "add", "--json"], in: w.path)
        XCTAssertEqual(json.code, 64)
        XCTAssertEqual(try error(json)["code"] as? String, "usage")
        let bad = try CLI.run(["task", "add", "x", "--due", "someday", "--json"], in: w.path)
        XCTAssertEqual(bad.code, 64)
        let due = try error(bad)
        XCTAssertEqual(due["code"] as? String, "usage")
        XCTAssertTrue((due["hints"] as? [String])?.joined().contains("+3d") ?? false)
        // Without --json the prose is as before.
        let prose = try CLI.run(["task", "add", "x", "--due", "someday"], in: w.path)
        XCTAssertEqual(prose.code, 64)
        XCTAssertTrue(prose.stderr.hasPrefix("error: invalid date 'someday'\n"), prose.stderr)
    }

    func testATemplateErrorCarriesItsPosition() throws {
        let w = try Workspace()
        let template = w.path + "/t.stencil"
        try "line one\n{% if %}\n".write(toFile: template, atomically: true, encoding: .utf8)
        let result = try CLI.run(["template", "render", template, "--json"], in: w.path)
        XCTAssertEqual(result.code, 1)
        let report = try error(result)
        XCTAssertEqual(report["code"] as? String, "template")
        XCTAssertEqual(report["line"] as? Int, 2)
    }
}
