import Foundation
import XCTest
@testable import TeamflowCore

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
}
