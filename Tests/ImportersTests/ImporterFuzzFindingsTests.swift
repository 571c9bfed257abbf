import Foundation
import XCTest
@testable import Importers
import TeamflowCore

/// Inputs the fuzz targets (Sources/teamflow-fuzz, docs/FUZZING.md) found to crash or stall
/// the Markdown and gh importers, each kept as a test that failed before its fix.
final class ImporterFuzzFindingsTests: XCTestCase {
    /// A label wrapped in 40,000 `**` pairs: unwrapping it copied the rest of the line per pair
    /// (quadratic: ~25 s here); now linear (milliseconds).
    func testWeeklyPageUnwrapsDeeplyBoldedNamesInLinearTime() {
        let stars = String(repeating: "**", count: 40_000)
        let start = Date()
        XCTAssertEqual(WeeklyPage.name(stars + "건우" + stars + ":"), "건우")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "unwrapping ** pairs must not be quadratic")
        XCTAssertEqual(WeeklyPage(parsing: "## Goals\n- ship\n**" + stars + "석영" + stars + "**\n- [x] DI Container\n").members.map(\.name),
                       ["석영"])
        XCTAssertEqual(WeeklyPage.name("***"), "***", "an odd run of stars is no bold name")
        XCTAssertEqual(WeeklyPage.name("****"), "")
        XCTAssertEqual(WeeklyPage.name("**@kim**"), "kim")
    }

    /// A page naming 20,000 members: each line searched every member so far (quadratic:
    /// ~50 s here); now a dictionary lookup. A name seen again still collects its tasks in place.
    func testWeeklyPageWithThousandsOfMembersParsesInLinearTime() {
        let count = 20_000
        let page = "## 팀원 별 목표\n" + (0..<count).map { "### m\($0)\n- [ ] t\($0)" }.joined(separator: "\n")
        let start = Date()
        let parsed = WeeklyPage(parsing: page)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "finding a member must not search them all")
        XCTAssertEqual(parsed.members.count, count)
        XCTAssertEqual(parsed.members.last?.name, "m\(count - 1)")
        XCTAssertEqual(parsed.members.last?.tasks, [ChecklistItem(text: "t\(count - 1)", done: false)])

        let again = WeeklyPage(parsing: "## 팀원\n### 건우\n- [ ] a\n### 석영\n- [x] b\n### 건우\n- [ ] c\n- 민수\n  - [ ] d\n### 빈\n")
        XCTAssertEqual(again.members.map(\.name), ["건우", "석영", "민수"])
        XCTAssertEqual(again.members.first?.tasks.map(\.text), ["a", "c"])
    }
}
