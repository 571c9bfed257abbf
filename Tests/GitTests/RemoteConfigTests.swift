import Foundation
import XCTest
@testable import Git

/// Reading remotes from config as git writes it, whatever the remote is called.
final class RemoteConfigTests: XCTestCase {
    func testRemoteURLsListsEveryURLThenEveryPushURLEvenUnderAnOddName() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        try fixture.git(["config", "--add", "remote.origin.url", "/srv/a.git"], in: dir)
        try fixture.git(["config", "--add", "remote.origin.url", "/srv/b.git"], in: dir)
        try fixture.git(["config", "--add", "remote.origin.pushurl", "--upload-pack=x"], in: dir)
        // `git remote add` refuses this name; a hand-edited config does not.
        try fixture.git(["config", "remote.--upload-pack=touch pwned.url", "/srv/c.git"], in: dir)
        let repository = try Repository.open(at: dir)
        XCTAssertEqual(try repository.remoteURLs("origin"), ["/srv/a.git", "/srv/b.git", "--upload-pack=x"])
        XCTAssertEqual(try repository.remoteNames(), ["--upload-pack=touch pwned", "origin"])
        XCTAssertEqual(try repository.remoteURLs("--upload-pack=touch pwned"), ["/srv/c.git"])
        XCTAssertEqual(try repository.remoteURLs("none"), [])
    }
}
