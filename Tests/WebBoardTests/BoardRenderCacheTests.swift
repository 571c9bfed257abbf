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

    func testChangesFromTheBoardAndFromElsewhereAreJudgedFromTheWriteLogNotByAScan() throws {
        let fixture = try BoardFixture()
        let team = try fixture.openTeam()
        team.store.keepsStateDecoded = true
        let service = BoardService(team: team)
        let views = BoardViews()
        _ = try views.page(service: service, week: nil, csrf: "c", path: "/", notice: nil)
        _ = try fixture.openTeam().tasks.add(title: "From the CLI", .init(member: "jiwoo"))
        _ = try service.setStatus(.check, task: fixture.taskID)
        let after = String(decoding: try views.page(service: service, week: nil, csrf: "c", path: "/", notice: nil), as: UTF8.self)
        XCTAssertTrue(after.contains("From the CLI"), after)
        XCTAssertEqual(service.selectionScans(of: ISOWeek(year: 2024, week: 47)), 1, "one scan when the page was first shown")
        let fresh = try views.page(service: BoardService(team: try fixture.openTeam()), week: nil, csrf: "c", path: "/", notice: nil)
        XCTAssertEqual(after, String(decoding: fresh, as: UTF8.self))
        _ = try service.weekDocument(nil)
        XCTAssertEqual(service.selectionScans(of: ISOWeek(year: 2024, week: 47)), 1, "the API's week document uses the same selection")
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

/// The board's store keeps its state decoded whole: it reads the same as a command's.
final class DecodedStateTests: XCTestCase {
    func testAStateDecodedWholeEqualsTheLazyOneBeforeAndAfterAChange() throws {
        let fixture = try BoardFixture()
        // A second team writes first, so the board's team loads its state from the snapshot cache.
        _ = try fixture.openTeam().tasks.add(title: "Cached first", .init(member: "minsu"))
        let board = try fixture.openTeam()
        board.store.keepsStateDecoded = true
        XCTAssertEqual(try board.state(), try fixture.openTeam().state())
        XCTAssertNil(try board.state().tasks.stored, "no task is left to decode")
        _ = try board.tasks.check(fixture.taskID)
        _ = try fixture.openTeam().goals.add(title: "From the CLI")
        XCTAssertEqual(try board.state(), try fixture.openTeam().state())
        XCTAssertEqual(try board.week(), try fixture.openTeam().week())
        XCTAssertNil(try board.state().tasks.stored)
    }
}
