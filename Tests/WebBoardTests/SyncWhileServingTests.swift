import Foundation
import TeamflowKit
import XCTest
@testable import WebBoard

/// `--sync`: a change made in the page reaches the remote soon after; a remote that fails is
/// shown on the page, and the local event stays.
final class SyncWhileServingTests: XCTestCase {
    func testAChangeIsPushedSoonAfterAndAFailureShowsOnThePage() throws {
        let fixture = try BoardFixture()
        let remote = fixture.folder.appendingPathComponent("remote.git")
        try BoardFixture.git(["init", "-q", "--bare", remote.path], in: fixture.folder)
        try BoardFixture.git(["remote", "add", "origin", remote.path], in: fixture.folder)
        let server = try fixture.serve { $0.syncInterval = 3600 }
        defer { server.stop(grace: 1) }
        let client = HTTPClient(port: server.port)
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks/\(fixture.taskID)/check").status, 200)
        let local = try BoardFixture.git(["rev-parse", "refs/teamflow/events"], in: fixture.folder)
        XCTAssertTrue(wait(seconds: 15) { (try? BoardFixture.git(["rev-parse", "refs/teamflow/events"], in: remote)) == local },
                      "the check reached the remote")

        try BoardFixture.git(["remote", "set-url", "origin", fixture.folder.appendingPathComponent("gone.git").path], in: fixture.folder)
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks/\(fixture.taskID)/uncheck").status, 200)
        let browser = try BrowserSession(client: client)
        XCTAssertTrue(wait(seconds: 15) { (try? browser.get("/"))?.body.contains("sync failed:") == true }, "the failure is on the page")
        XCTAssertFalse(try fixture.openTeam().week().members.flatMap(\.tasks).contains { $0.task.done }, "the local uncheck stays")
    }

    private func wait(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return false
    }
}
