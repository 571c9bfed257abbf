import Foundation
import XCTest

/// Estimates and labels from the command line: add, edit, list by label, the board, the
/// burndown and velocity by points, and bad numbers as wrong usage.
final class PointsLabelsCLITests: XCTestCase {
    func testPointsAndLabelsEndToEnd() throws {
        let w = try Workspace()
        XCTAssertEqual(try w.teamflow("task", "add", "방 나가기", "--points", "3", "--label", "ios", "--label", "socket").code, 0)
        XCTAssertEqual(try w.teamflow("task", "add", "서버 배포", "--points", "5", "--label", "server").code, 0)
        XCTAssertEqual(try w.teamflow("task", "edit", "방 나가기", "--points", "2", "--no-label", "socket").code, 0)
        let listed = try w.teamflow("task", "list", "--label", "IOS", "--json")
        let tasks = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        XCTAssertEqual(tasks.map { $0["title"] as? String }, ["방 나가기"])
        XCTAssertEqual(tasks.first?["points"] as? Int, 2)
        XCTAssertEqual(tasks.first?["labels"] as? [String], ["ios"])
        XCTAssertTrue(try w.teamflow("week").stdout.contains("방 나가기  2pt #ios"))
        XCTAssertEqual(try w.teamflow("task", "check", "서버").code, 0)
        let velocity = try w.teamflow("stats", "--by", "points", "--weeks", "1", "--json").stdout
        XCTAssertTrue(velocity.contains("\"done\": 5"), velocity)
        let burndown = try w.teamflow("week", "--burndown", "--by", "points", "--json").stdout
        XCTAssertTrue(burndown.contains("\"added\": 7"), burndown) // added on Tuesday, after the plan
        for bad in ["-1", "세", "1.5"] {
            let result = try w.teamflow("task", "add", "x", "--points", bad)
            XCTAssertEqual(result.code, 64, "\(bad): \(result.stderr)")
        }
        XCTAssertEqual(try w.teamflow("stats", "--by", "hours").code, 64)
    }
}
