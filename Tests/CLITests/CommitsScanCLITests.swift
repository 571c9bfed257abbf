import Foundation
import XCTest

/// `commits scan` reads `Teamflow-Done:` trailers of HEAD's commits; `hooks install` adds a post-commit hook.
final class CommitsScanCLITests: XCTestCase {
    func testTrailersCheckTasksOnceAndTheHookIsInstalledOnce() throws {
        let w = try Workspace()
        let task = w.id(from: try w.teamflow("task", "add", "로그인 API", "--json"))
        let other = w.id(from: try w.teamflow("task", "add", "토큰 저장", "--json"))
        try w.git("commit", "-q", "--allow-empty", "-m", "feat: login\n\nTeamflow-Done: \(String(task.prefix(6))), nothing-like-this")
        try w.git("commit", "-q", "--allow-empty", "-m", "chore: other work")
        let scan = try w.teamflow("commits", "scan")
        XCTAssertEqual(scan.code, 0, scan.stderr)
        XCTAssertTrue(scan.stdout.contains("Checked"), scan.stdout)
        XCTAssertTrue(scan.stderr.contains("no task matches Teamflow-Done:"), scan.stderr)
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", task, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(shown["done"] as? Bool, true)
        XCTAssertEqual((shown["links"] as? [[String: Any]])?.map { $0["kind"] as? String }, ["commit"])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", other, "--json").stdout.utf8)) as? [String: Any])?["done"] as? Bool, false)
        let head = try w.git("rev-parse", "refs/teamflow/events")
        XCTAssertEqual(try w.teamflow("commits", "scan").code, 0)
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), head, "a second scan appends nothing")
        XCTAssertEqual(try w.teamflow("commits", "scan", "--last", "0").code, 64)

        XCTAssertEqual(try w.teamflow("hooks", "install").code, 0)
        let hook = try String(contentsOfFile: w.path + "/.git/hooks/post-commit", encoding: .utf8)
        XCTAssertTrue(hook.contains("teamflow commits scan --last 1"), hook)
        XCTAssertTrue(try w.teamflow("hooks", "install").stdout.hasPrefix("Already installed"))
        try Data("#!/bin/sh\necho mine\n".utf8).write(to: URL(fileURLWithPath: w.path + "/.git/hooks/post-commit"))
        XCTAssertEqual(try w.teamflow("hooks", "install").code, 1, "someone else's hook is left alone")
    }

}
