import Foundation
import XCTest

/// Three clones make random goal and task changes and sync in random orders through one git
/// daemon; at the end they hold the same event files and print byte-identical boards.
final class SyncConvergenceTests: XCTestCase {
    func testThreeClonesConvergeThroughAGitDaemonForSeveralSeeds() throws {
        let daemon = try GitDaemon()
        defer { daemon.stop() }
        for seed: UInt64 in [1, 7, 42] {
            try converge(seed: seed, daemon: daemon)
        }
    }

    private func converge(seed: UInt64, daemon: GitDaemon) throws {
        var random = SplitMix64(seed: seed)
        let url = try daemon.makeRepository("team-\(seed).git")
        let clones = try ["Alice", "Bob", "Carol"].map { try Workspace.clone(of: url, user: $0) }
        for step in 0..<36 {
            let clone = clones[random.below(clones.count)]
            if random.below(4) == 0 {
                try clone.sync()
            } else {
                try randomChange(in: clone, random: &random, label: "s\(seed)-\(step)")
            }
        }
        // Two rounds in a fixed order carry every event to every clone.
        for _ in 0..<2 { for clone in clones { try clone.sync() } }
        let files = try clones[0].eventFiles()
        XCTAssertFalse(files.isEmpty)
        let week = try clones[0].teamflow("week", "--json").stdout
        let tasks = try clones[0].teamflow("task", "list", "--week", "all", "--json").stdout
        for clone in clones.dropFirst() {
            XCTAssertEqual(try clone.eventFiles(), files, "seed \(seed)")
            XCTAssertEqual(try clone.teamflow("week", "--json").stdout, week, "seed \(seed)")
            XCTAssertEqual(try clone.teamflow("task", "list", "--week", "all", "--json").stdout, tasks, "seed \(seed)")
        }
        for clone in clones { XCTAssertEqual(try clone.teamflow("doctor").code, 0, "seed \(seed)") }
        let wikis = try clones.map { try wikiPages(of: $0) }
        XCTAssertFalse(wikis[0].isEmpty)
        for wiki in wikis.dropFirst() { XCTAssertEqual(wiki, wikis[0], "seed \(seed): wiki export differs") }
        try runGit(["fsck", "--strict"], in: daemon.path(of: "team-\(seed).git"))
    }

    /// Every page `wiki export` writes, by name.
    private func wikiPages(of clone: Workspace) throws -> [String: String] {
        // Beside the clone, not in it (nor in its .git, where nothing may be written).
        let out = clone.path + "-wiki-out"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try clone.teamflow("wiki", "export", "--out", out)
        XCTAssertEqual(result.code, 0, result.stderr)
        // No `init --team` here, so each page names the team after the clone's own folder,
        // which differs between these clones by construction.
        let folder = (clone.path as NSString).lastPathComponent
        return try filesUnder(out).mapValues { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: folder, with: "TEAM") }
    }

    /// One add / check / uncheck / edit / remove of a goal or a task the clone can see.
    private func randomChange(in clone: Workspace, random: inout SplitMix64, label: String) throws {
        let kind = random.below(2) == 0 ? "goal" : "task"
        let listArguments = kind == "goal" ? ["goal", "list", "--json"] : ["task", "list", "--week", "all", "--json"]
        let listed = try CLI.run(listArguments, in: clone.path).stdout
        let items = (try? JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]) ?? []
        let ids = items.compactMap { $0["id"] as? String }
        let action = ids.isEmpty ? 0 : random.below(6)
        let target = ids.isEmpty ? "" : ids[random.below(ids.count)]
        let arguments: [String]
        switch action {
        case 0, 1: arguments = [kind, "add", "\(kind) \(label) 한글"]
        case 2: arguments = [kind, "check", target]
        case 3: arguments = [kind, "uncheck", target]
        case 4: arguments = [kind, "edit", target, "--title", "edited \(label)"]
        default: arguments = [kind, "remove", target]
        }
        let result = try CLI.run(arguments, in: clone.path)
        XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
    }
}

/// A small deterministic generator, so a failing seed replays exactly.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
