import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// `GitTransport` never hands git a remote it could read as an option, whoever calls it.
final class TransportArgumentTests: XCTestCase {
    func testFetchAndPushRefuseARemoteStartingWithDashAndRunNothing() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        try repo.addGoal("kept", store: store)
        let marker = repo.path + "/marker-pwned"
        let hostile = "--upload-pack=touch \(marker)"
        let transport = try GitTransport(repository: store.repository, progress: false)

        XCTAssertThrowsError(try transport.fetch(remote: hostile, ref: store.ref, into: store.trackingRef(for: hostile))) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .usage, "\(error)")
        }
        let tip = try XCTUnwrap(store.tipHash())
        XCTAssertThrowsError(try transport.push(remote: hostile, commit: tip, ref: store.ref, expected: nil)) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .usage, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "git ran the hostile --upload-pack")
    }
}
