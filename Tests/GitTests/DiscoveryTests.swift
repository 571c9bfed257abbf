import Foundation
import XCTest
@testable import Git

final class DiscoveryTests: XCTestCase {
    func testDiscoverFromSubfolder() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.discover(from: dir + "/docs/deep")
        XCTAssertEqual(repository.workingDirectory, dir)
        XCTAssertEqual(repository.gitDirectory, dir + "/.git")
        XCTAssertEqual(repository.commonDirectory, dir + "/.git")
        XCTAssertFalse(repository.isBare)
    }

    func testDiscoverFromLinkedWorktree() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let worktree = fixture.path("wt")
        try fixture.git(["worktree", "add", "-q", "-b", "side", worktree], in: dir)
        let repository = try Repository.discover(from: worktree + "/docs")
        XCTAssertEqual(repository.workingDirectory, worktree)
        XCTAssertEqual(repository.gitDirectory, dir + "/.git/worktrees/wt")
        XCTAssertEqual(repository.commonDirectory, dir + "/.git")
        // Refs are shared: both see main's tip.
        let main = try Repository.open(at: dir)
        XCTAssertEqual(try repository.resolveReference("refs/heads/main"), try main.resolveReference("HEAD"))
        XCTAssertEqual(try repository.resolveReference("HEAD"), try main.resolveReference("HEAD"))
        // Objects written (and packed) from the worktree land in the shared object store.
        let id = try repository.withPackedWrites { try repository.writeBlob(bytes("from worktree")) }
        XCTAssertEqual(try main.readBlob(id), bytes("from worktree"))
        XCTAssertEqual(try fixture.git(["cat-file", "-p", id.hex], in: dir), "from worktree")
    }

    func testDiscoverBareRepository() throws {
        let fixture = try GitFixture()
        let source = try fixture.makeRepository()
        let bare = fixture.path("bare.git")
        try fixture.git(["clone", "-q", "--bare", source, bare], in: fixture.root)
        let repository = try Repository.discover(from: bare + "/refs")
        XCTAssertNil(repository.workingDirectory)
        XCTAssertTrue(repository.isBare)
        XCTAssertEqual(repository.gitDirectory, bare)
        XCTAssertEqual(repository.commonDirectory, bare)
        let head = try fixture.git(["rev-parse", "HEAD"], in: source)
        XCTAssertEqual(try repository.resolveReference("HEAD")?.hex, head)
    }

    func testNotARepository() throws {
        let fixture = try GitFixture()
        let plain = fixture.path("plain/sub")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        XCTAssertThrowsError(try Repository.discover(from: plain)) { error in
            let gitError = error as? GitError
            XCTAssertEqual(gitError?.kind, .notFound)
            XCTAssertTrue(gitError?.message.contains("not a git repository") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try Repository.discover(from: fixture.path("missing"))) { error in
            XCTAssertEqual((error as? GitError)?.kind, .notFound)
        }
        XCTAssertThrowsError(try Repository.open(at: plain)) { error in
            XCTAssertEqual((error as? GitError)?.kind, .notFound)
        }
    }

    func testCreateIsReadableByGit() throws {
        let fixture = try GitFixture()
        let dir = fixture.path("made")
        let repository = try Repository.create(at: dir, bare: false)
        XCTAssertEqual(repository.workingDirectory, dir)
        let inside = try fixture.git(["rev-parse", "--is-inside-work-tree"], in: dir)
        XCTAssertEqual(inside, "true")
        let bare = try Repository.create(at: fixture.path("made.git"), bare: true)
        XCTAssertNil(bare.workingDirectory)
        XCTAssertEqual(try fixture.git(["rev-parse", "--is-bare-repository"], in: fixture.path("made.git")), "true")
    }

    func testConfigReadWrite() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        XCTAssertNil(try repository.config("teamflow.ref"))
        try repository.setConfig("teamflow.ref", "refs/teamflow/other")
        XCTAssertEqual(try repository.config("teamflow.ref"), "refs/teamflow/other")
        XCTAssertEqual(try fixture.git(["config", "--local", "teamflow.ref"], in: dir), "refs/teamflow/other")
        // A change made by stock git after opening is seen.
        try fixture.git(["config", "remote.origin.url", "https://example.com/team.git"], in: dir)
        XCTAssertEqual(try repository.config("remote.origin.url"), "https://example.com/team.git")
        XCTAssertThrowsError(try repository.setConfig("no-section", "x"))
    }
}
