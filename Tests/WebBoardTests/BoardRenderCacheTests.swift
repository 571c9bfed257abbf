import Foundation
import TeamflowKit
import XCTest
@testable import WebBoard

/// A page rendered after a change reuses the lines that did not change, and is byte for byte
/// what a render from scratch gives.
final class BoardRenderCacheTests: XCTestCase {
    func testARenderAfterAChangeFormatsOnlyTheChangedLineAndMatchesAFreshRender() throws {
        let fixture = try BoardFixture()
        let service = BoardService(team: try fixture.openTeam())
        let views = BoardViews()
        _ = try views.page(service: service, week: nil, csrf: "c", path: "/", notice: nil)
        XCTAssertEqual(service.lineCache(for: "/")?.formattedLastRender, 2, "the first render formats both tasks")
        _ = try service.setStatus(.check, task: fixture.taskID)
        let after = try views.page(service: service, week: nil, csrf: "c", path: "/", notice: nil)
        XCTAssertEqual(service.lineCache(for: "/")?.formattedLastRender, 1, "only the checked task's line is formatted again")
        let fresh = try views.page(service: BoardService(team: try fixture.openTeam()), week: nil, csrf: "c", path: "/", notice: nil)
        XCTAssertEqual(String(decoding: after, as: UTF8.self), String(decoding: fresh, as: UTF8.self))
        XCTAssertTrue(String(decoding: after, as: UTF8.self).contains("aria-pressed=\"true\""))
    }

    func testANewMemberRenewsEveryLineBecauseTheFormsOfferThem() throws {
        let fixture = try BoardFixture()
        let service = BoardService(team: try fixture.openTeam())
        let views = BoardViews()
        _ = try views.page(service: service, week: nil, csrf: "c", path: "/", notice: nil)
        _ = try service.withTeam { try $0.members.add(name: "Seoyeon", handle: "seoyeon") }
        let after = String(decoding: try views.page(service: service, week: nil, csrf: "c", path: "/", notice: nil), as: UTF8.self)
        XCTAssertEqual(service.lineCache(for: "/")?.formattedLastRender, 2)
        XCTAssertTrue(after.contains(">Seoyeon</option>"))
    }
}
