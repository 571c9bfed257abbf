import Foundation
import XCTest

/// Goals with owners carried by `week carry`, end to end: the terminal board, `--json`, the site
/// and the wiki all show the owner and the record the carry leaves.
final class GoalCarryCLITests: XCTestCase {
    func testAnOwnedGoalCarriesAndEveryViewShowsIt() throws {
        let w = try Workspace()
        let tuesday = ["TEAMFLOW_NOW": "2024-11-19T10:00:00+09:00"]
        XCTAssertEqual(try CLI.run(["member", "add", "건우", "--handle", "geonwoo"], in: w.path, environment: tuesday).code, 0)
        let added = try CLI.run(["goal", "add", "배포 꼭 하기", "--member", "geonwoo"], in: w.path, environment: tuesday)
        XCTAssertEqual(added.code, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("(@건우)"), added.stdout)
        XCTAssertEqual(try CLI.run(["goal", "add", "회고"], in: w.path, environment: tuesday).code, 0)
        let assigned = try CLI.run(["goal", "assign", "회고", "건우", "--json"], in: w.path, environment: tuesday)
        XCTAssertTrue(assigned.stdout.contains("\"member\": \"건우\""), assigned.stdout)
        XCTAssertEqual(try CLI.run(["goal", "assign", "회고", "none"], in: w.path, environment: tuesday).code, 0)

        let monday = ["TEAMFLOW_NOW": "2024-11-25T09:00:00+09:00"]
        let carry = try CLI.run(["week", "carry", "--goals-only"], in: w.path, environment: monday)
        XCTAssertEqual(carry.code, 0, carry.stderr)
        XCTAssertTrue(carry.stdout.hasPrefix("Carried 2 goals from 2024-W47 to 2024-W48:"), carry.stdout)
        let old = try CLI.run(["week", "2024-W47"], in: w.path, environment: monday).stdout
        XCTAssertTrue(old.contains("Team goals (0/2)"), old)
        XCTAssertTrue(old.range(of: #"\[>\] [0-9a-f]{8}  배포 꼭 하기  @건우  → 2024-W48"#, options: .regularExpression) != nil, old)
        let new = try CLI.run(["week", "--json"], in: w.path, environment: monday).stdout
        let board = try JSONSerialization.jsonObject(with: Data(new.utf8)) as? [String: Any]
        let goals = board?["goals"] as? [[String: Any]] ?? []
        XCTAssertEqual(goals.map { $0["carriedFrom"] as? String }, ["2024-W47", "2024-W47"])
        XCTAssertEqual(goals.map { $0["member"] as? String }, ["건우", nil])

        XCTAssertEqual(try CLI.run(["site", "--out", "site"], in: w.path, environment: monday).code, 0)
        let page = try String(contentsOfFile: w.path + "/site/week-2024-W47.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<span class=\"mark owner\">@건우</span> <span class=\"mark carried\">» carried to 2024-W48</span>"), page)
        XCTAssertEqual(try CLI.run(["wiki", "export", "--out", "wiki"], in: w.path, environment: monday).code, 0)
        let wiki = try String(contentsOfFile: w.path + "/wiki/Week-2024-W47.md", encoding: .utf8)
        XCTAssertTrue(wiki.contains("- [ ] 배포 꼭 하기 @건우 (carried → 2024-W48)"), wiki)
    }
}
