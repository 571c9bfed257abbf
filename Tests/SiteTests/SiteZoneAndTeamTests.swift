import Foundation
import TeamflowCore
import XCTest
@testable import Site

/// Times on the site are in the team's zone with their offset (as `review show` prints them),
/// and a team without a recorded name is called by its repository folder, not "Dashboard".
final class SiteZoneAndTeamTests: XCTestCase {
    func testCommentTimesAreInTheTeamsZoneWithTheirOffset() throws {
        let state = try SiteScenario.state()
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let inUTC = SiteExporter(timeZone: utc).render(state, today: SiteScenario.today)
        let review = try XCTUnwrap(inUTC.first { $0.path == "review-95.html" }?.contents)
        XCTAssertTrue(review.contains("2024-11-12 02:00 +00:00"), review)
        let asWritten = SiteExporter().render(state, today: SiteScenario.today)
        XCTAssertTrue(try XCTUnwrap(asWritten.first { $0.path == "review-95.html" }?.contents).contains("2024-11-12 11:00 +09:00"))
    }

    func testATeamWithoutANameIsCalledByItsFolder() throws {
        var state = try SiteScenario.state()
        state.teamName = nil
        let index = try XCTUnwrap(SiteExporter(teamFallback: "bestory-ios").render(state, today: SiteScenario.today)
            .first { $0.path == "index.html" }?.contents)
        XCTAssertTrue(index.contains("<title>Dashboard · bestory-ios</title>"), index)
        let bare = try XCTUnwrap(SiteExporter().render(state, today: SiteScenario.today).first { $0.path == "index.html" }?.contents)
        XCTAssertFalse(bare.contains("Dashboard · Dashboard"))
    }
}
