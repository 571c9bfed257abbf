import Foundation
import XCTest

/// `wiki history` lists a page's changes oldest first by when they were made, not by the order
/// the events fold in (a back-dated note, or two clones' notes after a sync).
final class WikiHistoryCLITests: XCTestCase {
    func testHistoryIsOldestFirstByTime() throws {
        let w = try Workspace()
        let late = try w.teamflow("wiki", "append", "개발 일지", environment: ["TEAMFLOW_NOW": "2024-11-19T18:30:00+09:00"], stdin: "later")
        XCTAssertEqual(late.code, 0, late.stderr)
        // Written second (a higher clock) but made earlier: 09:20 UTC is 18:20 in Seoul (TZ).
        let early = try w.teamflow("wiki", "append", "개발 일지", environment: ["TEAMFLOW_NOW": "2024-11-19T09:20:00Z"], stdin: "earlier text")
        XCTAssertEqual(early.code, 0, early.stderr)
        let lines = try w.teamflow("wiki", "history", "개발 일지").stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.first?.contains("2024-11-19T18:20:00+09:00") == true, "\(lines)")
        XCTAssertTrue(lines.last?.contains("2024-11-19T18:30:00+09:00") == true, "\(lines)")
        let json = try JSONSerialization.jsonObject(with: Data(try w.teamflow("wiki", "history", "개발 일지", "--json").stdout.utf8))
        XCTAssertEqual((json as? [[String: Any]])?.map { $0["size"] as? Int }, [12, 5])
    }
}
