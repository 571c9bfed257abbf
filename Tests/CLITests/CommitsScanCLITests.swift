import Foundation
import XCTest

/// `commits scan` reads the `Teamflow-*` trailers of HEAD's commits (the hooks: `HooksCLITests`).
final class CommitsScanCLITests: XCTestCase {
    func testTrailersCheckTasksOnce() throws {
        let w = try Workspace()
        let task = w.id(from: try w.teamflow("task", "add", "로그인 API", "--json"))
        let other = w.id(from: try w.teamflow("task", "add", "토큰 저장", "--json"))
        try w.git("commit", "-q", "--allow-empty", "-m", "feat: login\n\nTeamflow-Done: \(String(task.prefix(6))), nothing-like-this")
        try w.git("commit", "-q", "--allow-empty", "-m", "chore: other work")
        let scan = try w.teamflow("commits", "scan")
        XCTAssertEqual(scan.code, 0, scan.stderr)
        XCTAssertTrue(scan.stdout.contains("Checked"), scan.stdout)
        XCTAssertTrue(scan.stderr.contains("warning: skipped") && scan.stderr.contains("Teamflow-Done: nothing-like-this"), scan.stderr)
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", task, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(shown["done"] as? Bool, true)
        XCTAssertEqual((shown["links"] as? [[String: Any]])?.map { $0["kind"] as? String }, ["commit"])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", other, "--json").stdout.utf8)) as? [String: Any])?["done"] as? Bool, false)
        let head = try w.git("rev-parse", "refs/teamflow/events")
        XCTAssertEqual(try w.teamflow("commits", "scan").code, 0)
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), head, "a second scan appends nothing")
        XCTAssertEqual(try w.teamflow("commits", "scan", "--last", "0").code, 64)

    }

    /// Without `--since`, a scan reads the commits after the last scan of the branch; `--since`
    /// reads REF..HEAD; unknown trailers are reported and skipped.
    func testScanSinceTheLastScanOrARevisionAndSkipUnknownTrailers() throws {
        let w = try Workspace()
        let task = w.id(from: try w.teamflow("task", "add", "방 생성", "--json"))
        let later = w.id(from: try w.teamflow("task", "add", "방 나가기", "--json"))
        try w.git("commit", "-q", "--allow-empty", "-m", "one\n\nTeamflow-Start: 방 생성")
        try w.git("commit", "-q", "--allow-empty", "-m", "two")
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("commits", "scan", "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(first["commits"] as? Int, 2)
        XCTAssertEqual((first["started"] as? [[String: Any]])?.map { $0["id"] as? String }, [task])

        try w.git("commit", "-q", "--allow-empty", "-m", "three\n\nTeamflow-Done: 방 생성, 방 나가기\nTeamflow-Start: 없는 일")
        let second = try w.teamflow("commits", "scan", "--json")
        XCTAssertEqual(second.code, 0, second.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["commits"] as? Int, 1, "only the commit after the last scan")
        XCTAssertEqual(Set((object["checked"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []), [task, later])
        XCTAssertEqual((object["skipped"] as? [String])?.count, 1)
        XCTAssertTrue(second.stderr.contains("warning: skipped") && second.stderr.contains("Teamflow-Start: 없는 일"), second.stderr)

        let head = try w.git("rev-parse", "refs/teamflow/events")
        let since = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("commits", "scan", "--since", "HEAD~2", "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(since["commits"] as? Int, 2)
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), head, "every commit already applied")
        XCTAssertEqual(try w.teamflow("commits", "scan", "--since", "no-such-ref").code, 1)
        XCTAssertEqual(try w.teamflow("commits", "scan", "--since", "HEAD", "--last", "3").code, 64)
    }

}
