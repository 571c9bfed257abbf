import Foundation
import XCTest

/// Remote names, URLs and wiki targets that git could read as options never become options:
/// the real binary runs with hostile arguments and the marker file a command would create
/// must never appear.
final class GitArgumentInjectionTests: XCTestCase {
    /// A repository with one event and a bare `origin`, plus where a hostile command would write.
    private struct Scene {
        let team: Workspace
        let remote: Workspace
        let marker: String

        init() throws {
            remote = try Workspace(gitInit: false)
            try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
            team = try Workspace.clone(of: remote.path, user: "Alice")
            XCTAssertEqual(try team.teamflow("goal", "add", "kept").code, 0)
            marker = team.path + "/marker-pwned"
        }

        /// The command git would run through `--upload-pack`: it creates the marker, by an
        /// absolute path (so the argument looks like a path to teamflow) and as `pwned` in
        /// whatever folder git runs it.
        var payload: String { "--upload-pack=touch pwned \(marker)" }

        func assertNothingRan(file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the hostile command ran", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: team.path + "/pwned"), "the hostile command ran", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: remote.path + "/pwned"), "the hostile command ran", file: file, line: line)
        }
    }

    func testATypedRemoteStartingWithDashIsWrongUsageAndNeverReachesGit() throws {
        let scene = try Scene()
        for arguments in [["sync", "--", scene.payload], ["sync", "--dry-run", "--", scene.payload], ["sync", "--", "-q"]] {
            let result = try scene.team.teamflow(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: '\(arguments.last ?? "")' is not a remote: it starts with '-'"), result.stderr)
            scene.assertNothingRan()
        }
        XCTAssertNil(try scene.remote.git("for-each-ref", eventsRef).nilIfEmpty, "nothing was pushed")
    }

    func testAConfiguredRemoteNamedLikeAnOptionFailsSyncAllBeforeAnyRemoteIsContacted() throws {
        let scene = try Scene()
        // git remote add refuses such a name; a hand-edited .git/config does not.
        let config = try String(contentsOfFile: scene.team.path + "/.git/config", encoding: .utf8)
        try (config + "[remote \"\(scene.payload)\"]\n\turl = \(scene.remote.path)\n")
            .write(toFile: scene.team.path + "/.git/config", atomically: true, encoding: .utf8)

        let all = try scene.team.teamflow("sync", "--all")
        XCTAssertEqual(all.code, 1, all.stderr)
        XCTAssertTrue(all.stderr.hasPrefix("error: the configured remote '\(scene.payload)' has a name starting with '-'"), all.stderr)
        XCTAssertTrue(all.stderr.contains("git config --remove-section"), all.stderr)
        scene.assertNothingRan()
        XCTAssertNil(try scene.remote.git("for-each-ref", eventsRef).nilIfEmpty, "origin was not synced either")
    }

    func testAConfiguredURLStartingWithDashIsRefusedNamingTheRemote() throws {
        let scene = try Scene()
        try scene.team.git("config", "remote.origin.url", scene.payload)
        for arguments in [["sync"], ["sync", "origin"], ["sync", "--all"]] {
            let result = try scene.team.teamflow(arguments)
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: the remote 'origin' has the URL '\(scene.payload)', which starts with '-'"),
                          result.stderr)
            scene.assertNothingRan()
        }

        // A good fetch URL does not excuse a hostile push URL.
        try scene.team.git("config", "remote.origin.url", scene.remote.path)
        try scene.team.git("config", "remote.origin.pushurl", scene.payload)
        let push = try scene.team.teamflow("sync")
        XCTAssertEqual(push.code, 1, push.stderr)
        XCTAssertTrue(push.stderr.contains("the remote 'origin' has the URL '\(scene.payload)'"), push.stderr)
        scene.assertNothingRan()
        XCTAssertNil(try scene.remote.git("for-each-ref", eventsRef).nilIfEmpty, "nothing was fetched or pushed")
    }

    func testExtTransportStaysRefusedTypedOrConfigured() throws {
        let scene = try Scene()
        let ext = "ext::sh -c touch% \(scene.marker)"
        let typed = try scene.team.teamflow("sync", ext)
        XCTAssertEqual(typed.code, 1, typed.stderr)
        XCTAssertTrue(typed.stderr.contains("transport 'ext' not allowed"), typed.stderr)
        try scene.team.git("config", "remote.origin.url", ext)
        let configured = try scene.team.teamflow("sync")
        XCTAssertEqual(configured.code, 1, configured.stderr)
        XCTAssertTrue(configured.stderr.contains("transport 'ext' not allowed"), configured.stderr)
        scene.assertNothingRan()
    }

    func testAWikiTargetStartingWithDashIsWrongUsageAndNeverReachesGit() throws {
        let scene = try Scene()
        for target in [scene.payload, "--template=\(scene.team.path)"] {
            let result = try scene.team.teamflow("wiki", "publish", "--", target)
            XCTAssertEqual(result.code, 64, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("error: '\(target)' is not a wiki repository: it starts with '-'"), result.stderr)
            scene.assertNothingRan()
        }
    }

    func testAWikiPageListedInTheManifestIsAPathNotAPathspec() throws {
        // An in-place checkout whose manifest (a file in the wiki, anyone's to edit) lists a
        // page named like a glob: staging it must not stage the user's other edits.
        let team = try Workspace()
        try team.teamflow("goal", "add", "goal")
        let checkout = try Workspace()
        try "draft\n".write(toFile: checkout.path + "/Notes.md", atomically: true, encoding: .utf8)
        try "old\n".write(toFile: checkout.path + "/*.md", atomically: true, encoding: .utf8)
        try "# Pages written by `teamflow wiki export`.\n*.md\n"
            .write(toFile: checkout.path + "/.teamflow-wiki-manifest", atomically: true, encoding: .utf8)
        try checkout.git("add", "--", ".teamflow-wiki-manifest", ":(literal)*.md")
        try checkout.git("commit", "-q", "-m", "an older export")

        let result = try team.teamflow("wiki", "publish", checkout.path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try checkout.git("status", "--porcelain"), "?? Notes.md", "the user's own page stays unstaged and uncommitted")
        XCTAssertFalse(try checkout.git("ls-files").contains("*.md"), "the stale page was removed and committed")
    }
}

extension Workspace {
    /// `teamflow arguments...` from an array.
    func teamflow(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, in: path)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
