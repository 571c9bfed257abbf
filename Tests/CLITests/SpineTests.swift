import Foundation
import XCTest

/// The command-line spine end to end: goals, week, log, export/import, doctor, exit codes.
final class SpineTests: XCTestCase {
    func testWeeklyGoalsEndToEnd() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("init", "--team", "BeStory").code, 0)
        let first = try ws.teamflow("goal", "add", "에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류", "--json")
        XCTAssertEqual(first.code, 0, first.stderr)
        let id = ws.id(from: first)
        XCTAssertEqual(try ws.teamflow("goal", "add", "배포 꼭 하기 ← 안하면 혼남").code, 0)
        let check = try ws.teamflow("goal", "check", String(id.prefix(4)))
        XCTAssertEqual(check.code, 0, check.stderr)

        let week = try ws.teamflow("week")
        XCTAssertEqual(week.stdout, """
            Week 2024-W47 (2024-11-18 – 2024-11-24)

            Team goals (1/2)
              [x] \(id.prefix(8))  에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류
              [ ] \(try secondID(ws))  배포 꼭 하기 ← 안하면 혼남

            """)

        let list = try ws.teamflow("goal", "list", "--json")
        let goals = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(goals.map { $0["title"] as? String }, ["에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류", "배포 꼭 하기 ← 안하면 혼남"])
        XCTAssertEqual(goals.map { $0["done"] as? Bool }, [true, false])
        XCTAssertEqual(goals.map { $0["week"] as? String }, ["2024-W47", "2024-W47"])

        XCTAssertEqual(try ws.git("log", "--oneline", "refs/teamflow/events").split(separator: "\n").count, 4)
        XCTAssertEqual(try ws.git("status", "--porcelain"), "")
        let log = try ws.teamflow("log", "--limit", "1")
        XCTAssertTrue(log.stdout.contains("goal.checked"), log.stdout)
    }

    func testExportImportRoundTripChangesNothing() throws {
        let ws = try Workspace()
        try ws.teamflow("goal", "add", "하나 🎯")
        try ws.teamflow("goal", "add", "two: with colon # and hash")
        let export = try ws.teamflow("export")
        XCTAssertEqual(export.code, 0)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let file = ws.path + "/backup.yaml"
        try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try ws.teamflow("import", "backup.yaml")
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, "Imported 0 events (2 already present)\n")
        XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), tip, "importing what is there writes nothing")

        let fresh = try Workspace()
        XCTAssertEqual(try fresh.teamflow("import", file).code, 0)
        XCTAssertEqual(try fresh.teamflow("export").stdout, export.stdout)
        XCTAssertEqual(try fresh.teamflow("week", "--json").stdout, try ws.teamflow("week", "--json").stdout)
    }

    func testExportOutAndImportFileAreRelativeToDashC() throws {
        let ws = try Workspace()
        try ws.teamflow("goal", "add", "하나 🎯")
        let elsewhere = NSTemporaryDirectory()
        let out = try CLI.run(["-C", ws.path, "export", "--out", "backup.yaml"], in: elsewhere)
        XCTAssertEqual(out.code, 0, out.stderr)
        XCTAssertEqual(try String(contentsOfFile: ws.path + "/backup.yaml", encoding: .utf8), try ws.teamflow("export").stdout)
        let fresh = try Workspace()
        let name = (ws.path as NSString).lastPathComponent
        let imported = try CLI.run(["-C", fresh.path, "import", "../\(name)/backup.yaml"], in: elsewhere)
        XCTAssertEqual(imported.stdout, "Imported 1 event\n", imported.stderr)
        let missing = try CLI.run(["-C", fresh.path, "import", "backup.yaml"], in: ws.path)
        XCTAssertEqual(missing.code, 1, "backup.yaml is looked up in -C's folder, not the current one")
        XCTAssertTrue(missing.stderr.contains("cannot read backup.yaml"), missing.stderr)
    }

    func testExitCodesAndMessages() throws {
        let plain = try Workspace(gitInit: false)
        let outside = try plain.teamflow("goal", "list")
        XCTAssertEqual(outside.code, 1)
        XCTAssertTrue(outside.stderr.hasPrefix("error: not a git repository"), outside.stderr)
        XCTAssertTrue(outside.stderr.contains("git init"), outside.stderr)
        // The library's hint names no flag; the command line words it with its own `-C DIR`.
        XCTAssertTrue(outside.stderr.contains("Run `git init` first, or use -C DIR to act in another repository.\n"), outside.stderr)

        let ws = try Workspace()
        let unknown = try ws.teamflow("goal", "lst")
        XCTAssertEqual(unknown.code, 64)
        XCTAssertTrue(unknown.stderr.contains("Did you mean 'list'?"), unknown.stderr)
        XCTAssertEqual(try ws.teamflow("goal", "add").code, 64)
        XCTAssertEqual(try ws.teamflow("--bogus").code, 64)
        let badWeek = try ws.teamflow("goal", "list", "--week", "2024-W99")
        XCTAssertEqual(badWeek.code, 64)
        XCTAssertTrue(badWeek.stderr.contains("2024-W47"), "shows the right form: \(badWeek.stderr)")
        XCTAssertEqual(try ws.teamflow("goal", "check", "abcd").code, 1)
        XCTAssertEqual(try ws.teamflow("goal", "add", "   ").code, 64)
        XCTAssertFalse(try ws.teamflow("goal", "check", "abcd").stderr.contains("Fatal"), "no stack traces")
    }

    func testAmbiguousPrefixListsCandidates() throws {
        let ws = try Workspace()
        var ids: [String] = []
        for i in 0..<40 { ids.append(ws.id(from: try ws.teamflow("goal", "add", "goal \(i)", "--json"))) }
        // Find two ids sharing a 1-character prefix; pad to the 4-character minimum is impossible,
        // so use the shortest shared prefix of at least 4 characters if any, else check the rule on 4.
        let byPrefix = Dictionary(grouping: ids, by: { String($0.prefix(4)) })
        if let (prefix, group) = byPrefix.first(where: { $0.value.count > 1 }) {
            let result = try ws.teamflow("goal", "check", prefix)
            XCTAssertEqual(result.code, 1)
            XCTAssertTrue(result.stderr.contains("ambiguous"), result.stderr)
            for id in group { XCTAssertTrue(result.stderr.contains(String(id.prefix(8))), result.stderr) }
        }
        // Goals are named like tasks: three characters are no id prefix, and no title holds them.
        let tooShort = try ws.teamflow("goal", "check", String(ids[0].prefix(3)))
        XCTAssertEqual(tooShort.code, 1)
        XCTAssertTrue(tooShort.stderr.contains("no goal"), tooShort.stderr)
    }

    func testNoAuthorIsAClearError() throws {
        let ws = try Workspace()
        try ws.git("config", "--unset", "user.name")
        try ws.git("config", "--unset", "user.email")
        // Spawned: libgit2 reads the global git config from the process's own HOME, and this
        // process's HOME may name an author; the binary gets the tests' empty HOME.
        let result = try ws.spawnTeamflow("goal", "add", "x")
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.stderr.contains("no author configured"), result.stderr)
        XCTAssertTrue(result.stderr.contains("TEAMFLOW_AUTHOR"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Set one of:\n  --author \"Name <email>\"\n  export TEAMFLOW_AUTHOR="), result.stderr)
        let withFlag = try ws.teamflow("--author", "석영 <sy@example.com>", "goal", "add", "x")
        XCTAssertEqual(withFlag.code, 0, withFlag.stderr)
        XCTAssertEqual(try ws.git("log", "-1", "--format=%an", "refs/teamflow/events"), "석영")
        let fromEnv = try ws.teamflow("goal", "add", "y", environment: ["TEAMFLOW_AUTHOR": "Env <env@example.com>"])
        XCTAssertEqual(fromEnv.code, 0)
        XCTAssertEqual(try ws.git("log", "-1", "--format=%ae", "refs/teamflow/events"), "env@example.com")
    }

    func testHelpAndVersion() throws {
        let ws = try Workspace()
        let help = try ws.teamflow("help", "goal", "add")
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: teamflow goal add"), help.stdout)
        XCTAssertTrue(help.stdout.contains("OPTIONS:"), help.stdout)
        XCTAssertEqual(try ws.teamflow("goal", "add", "-h").stdout, help.stdout)
        XCTAssertTrue(try ws.teamflow("--version").stdout.hasPrefix("teamflow "))
        XCTAssertTrue(try ws.teamflow("-C", ws.path, "--help").stdout.contains("SUBCOMMANDS:"))
    }

    func testDashCActsInAnotherDirectoryAndSubfolders() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.path + "/App/Sources", withIntermediateDirectories: true)
        let added = try CLI.run(["goal", "add", "from a subfolder"], in: ws.path + "/App/Sources")
        XCTAssertEqual(added.code, 0, added.stderr)
        let elsewhere = try CLI.run(["-C", ws.path, "goal", "list"], in: NSTemporaryDirectory())
        XCTAssertTrue(elsewhere.stdout.contains("from a subfolder"), elsewhere.stdout)
    }

    private func secondID(_ ws: Workspace) throws -> String {
        let list = try ws.teamflow("goal", "list", "--json")
        let goals = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        return String((goals?.last?["id"] as? String ?? "").prefix(8))
    }
}
