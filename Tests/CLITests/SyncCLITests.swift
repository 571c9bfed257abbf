import Foundation
import XCTest

/// `teamflow sync` end to end: real git, real remotes (a path and a git daemon).
final class SyncCLITests: XCTestCase {
    func testSyncOverGitDaemonPushesAdoptsAndMerges() throws {
        let daemon = try GitDaemon()
        defer { daemon.stop() }
        let url = try daemon.makeRepository("team.git")
        let alice = try Workspace.clone(of: url, user: "Alice")
        let bob = try Workspace.clone(of: url, user: "Bob")
        XCTAssertEqual(try alice.teamflow("goal", "add", "첫 목표 🚀").code, 0)
        XCTAssertEqual(try alice.sync().stdout, "origin: push 1 event (\(alice.tip()?.prefix(8) ?? ""))\n")
        XCTAssertTrue(try bob.sync().stdout.contains("adopt the remote's history, 1 event"))
        try alice.teamflow("goal", "add", "A")
        try bob.teamflow("goal", "add", "B")
        try alice.sync()
        let dry = try bob.sync("--dry-run")
        XCTAssertEqual(dry.stdout, "origin: would merge 1 event from origin and push 1 event\n")
        let json = try bob.sync("--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["action"] as? String, "merged")
        XCTAssertEqual(object?["received"] as? Int, 1)
        XCTAssertEqual(object?["sent"] as? Int, 1)
        XCTAssertTrue(try alice.sync().stdout.contains("receive 1 event"))
        XCTAssertEqual(try alice.eventFiles(), try bob.eventFiles())
        XCTAssertEqual(try alice.teamflow("week", "--json").stdout, try bob.teamflow("week", "--json").stdout)
        try runGit(["fsck", "--strict"], in: daemon.path(of: "team.git"))
    }

    func testAllAndUnknownRemoteAndUnreachableRemote() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "Alice")
        let port = try GitDaemon.freePort() // nothing listens there
        try alice.git("remote", "add", "dead", "git://127.0.0.1:\(port)/none.git")
        try alice.teamflow("goal", "add", "kept")
        let before = alice.tip()

        let unknown = try alice.teamflow("sync", "upstream")
        XCTAssertEqual(unknown.code, 1)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: no remote named 'upstream'"), unknown.stderr)

        let dead = try alice.teamflow("sync", "dead")
        XCTAssertEqual(dead.code, 1)
        XCTAssertTrue(dead.stderr.hasPrefix("error: cannot fetch refs/teamflow/events from dead: fatal:"), dead.stderr)
        XCTAssertEqual(alice.tip(), before, "local history untouched")

        let all = try alice.teamflow("sync", "--all")
        XCTAssertEqual(all.code, 1, "the dead remote fails the run")
        XCTAssertTrue(all.stderr.contains("dead"), all.stderr)
        XCTAssertEqual(try alice.teamflow("sync", "--all", "origin").code, 64)
        try alice.git("remote", "remove", "dead")
        let ok = try alice.sync("--all", "--json")
        let array = try JSONSerialization.jsonObject(with: Data(ok.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(array?.first?["action"] as? String, "pushed")
        XCTAssertEqual(try runGit(["rev-parse", eventsRef], in: remote.path), alice.tip())
    }

    func testAPushByAnotherCloneInsideOurPushIsMergedNotOverwritten() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "Alice")
        let bob = try Workspace.clone(of: remote.path, user: "Bob")
        try alice.teamflow("goal", "add", "base")
        try alice.sync()
        try bob.sync()
        try alice.teamflow("goal", "add", "alice")
        // Alice's pre-push hook makes Bob push first, once: after her fetch and after git
        // advertised the remote's refs, so only the server-side compare-and-swap can catch it.
        let marker = alice.path + "/.git/hook-ran"
        let hook = """
        #!/bin/sh
        [ -e "\(marker)" ] && exit 0
        touch "\(marker)"
        unset GIT_DIR
        cd "\(bob.path)" && "\(CLI.binary.path)" goal add bob >/dev/null && "\(CLI.binary.path)" sync >/dev/null
        """
        try hook.write(toFile: alice.path + "/.git/hooks/pre-push", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: alice.path + "/.git/hooks/pre-push")
        let result = try alice.sync("--json")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["attempts"] as? Int, 2, result.stdout)
        try bob.sync()
        XCTAssertEqual(try alice.eventFiles(), try bob.eventFiles())
        let titles = try alice.teamflow("goal", "list").stdout
        for title in ["base", "alice", "bob"] { XCTAssertTrue(titles.contains(title), titles) }
    }

    func testSyncKilledAtAnyMomentCompletesNextTimeWithoutLossOrDuplicates() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "Alice")
        let bob = try Workspace.clone(of: remote.path, user: "Bob")
        try alice.teamflow("goal", "add", "base")
        try alice.sync()
        try bob.sync()
        var expected = 1
        for (round, delay) in [0, 20_000, 60_000, 120_000, 250_000].enumerated() {
            XCTAssertEqual(try alice.teamflow("import", "-", stdin: goalStream(count: 200, tag: "a\(round)x", clockStart: 10)).code, 0)
            XCTAssertEqual(try bob.teamflow("import", "-", stdin: goalStream(count: 200, tag: "b\(round)x", clockStart: 10)).code, 0)
            try bob.sync()
            expected += 400
            let (process, _, _) = try CLI.start(["sync"], in: alice.path)
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try alice.sync()
            try bob.sync()
            let files = try alice.eventFiles()
            XCTAssertEqual(files.count, expected, "round \(round)")
            XCTAssertEqual(files, try bob.eventFiles(), "round \(round)")
            XCTAssertEqual(try alice.teamflow("doctor").code, 0)
        }
        try runGit(["fsck", "--strict"], in: remote.path)
        XCTAssertEqual(try alice.teamflow("week", "--json").stdout, try bob.teamflow("week", "--json").stdout)
    }

    func testUnrelatedRemoteIsRefusedThenMergedWithTheOption() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "Alice")
        let other = try Workspace.clone(of: remote.path, user: "Other")
        try alice.teamflow("goal", "add", "ours")
        try alice.sync()
        try other.teamflow("goal", "add", "theirs")
        try other.git("push", "-q", "--force", "origin", "\(eventsRef):\(eventsRef)")
        let refused = try alice.teamflow("sync")
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.contains("share no history") && refused.stderr.contains("--allow-unrelated"), refused.stderr)
        XCTAssertTrue(try alice.sync("--allow-unrelated").stdout.contains("merge 1 event from origin and push 1 event"))
    }
}
