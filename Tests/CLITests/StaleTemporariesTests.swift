import Foundation
import XCTest

/// A writer killed mid-write (`kill -9` during `import`) leaves libgit2 temporaries that
/// neither teamflow nor `git gc` removed. The next write (append, import, sync) removes them
/// once they are an hour old; a fresh one, perhaps a concurrent writer's, is kept.
final class StaleTemporariesTests: XCTestCase {
    /// Long before any run of these tests (2024-11-18T09:00:00+09:00); not the wall clock.
    private static let old = Date(timeIntervalSince1970: 1_731_888_000)

    private struct Planted {
        let objects: String
        let stale = ["pack/pack_git2_5ca1ab1e5ca1ab1e", "tmp_object_git2_Ab12Cd"]
        let fresh = ["pack/pack_git2_f7e5f7e5f7e5f7e5", "tmp_object_git2_Fr35h0"]

        init(in workspace: Workspace) throws {
            objects = workspace.path + "/.git/objects"
            let fm = FileManager.default
            try fm.createDirectory(atPath: objects + "/pack", withIntermediateDirectories: true)
            for name in stale + fresh {
                XCTAssertTrue(fm.createFile(atPath: objects + "/" + name, contents: Data(repeating: 7, count: 4096)))
            }
            for name in stale {
                try fm.setAttributes([.modificationDate: StaleTemporariesTests.old], ofItemAtPath: objects + "/" + name)
            }
        }

        func present() -> [String] {
            (stale + fresh).filter { FileManager.default.fileExists(atPath: objects + "/" + $0) }
        }
    }

    func testAppendRemovesStaleTemporariesAndKeepsFreshOnesButReadsTouchNothing() throws {
        let team = try Workspace()
        XCTAssertEqual(try team.teamflow("goal", "add", "first").code, 0)
        let planted = try Planted(in: team)
        XCTAssertEqual(try team.teamflow("goal", "list").code, 0)
        XCTAssertEqual(planted.present(), planted.stale + planted.fresh, "a read writes nothing")
        XCTAssertEqual(try team.teamflow("goal", "add", "second").code, 0)
        XCTAssertEqual(planted.present(), planted.fresh)
        try team.git("fsck", "--strict")
    }

    func testImportRemovesStaleTemporaries() throws {
        let team = try Workspace()
        let planted = try Planted(in: team)
        let result = try team.teamflow("import", "-", stdin: goalStream(count: 3, tag: "stale"))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(planted.present(), planted.fresh)
        try team.git("fsck", "--strict")
    }

    func testSyncRemovesStaleTemporariesButADryRunDoesNot() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let team = try Workspace.clone(of: remote.path, user: "Alice")
        XCTAssertEqual(try team.teamflow("goal", "add", "first").code, 0)
        let planted = try Planted(in: team)
        try team.sync("--dry-run")
        XCTAssertEqual(planted.present(), planted.stale + planted.fresh)
        try team.sync()
        XCTAssertEqual(planted.present(), planted.fresh)
    }
}
