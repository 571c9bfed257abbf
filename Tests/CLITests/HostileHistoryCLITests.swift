import Foundation
import XCTest

/// Hostile or broken event files as they arrive by sync, seen through the real binary.
final class HostileHistoryCLITests: XCTestCase {
    /// `log` and `export` skip a corrupt file like every other command, and say so.
    func testLogAndExportWarnAboutTheFilesTheySkip() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "good").code, 0)
        try plant(ws, path: "events/ba/badbadbadbadbadbadbadbad.yaml", text: "v: 1\nid: [unclosed\n")
        for command in [["log"], ["export"], ["--json", "log"]] {
            let result = try CLI.run(command, in: ws.path)
            XCTAssertEqual(result.code, 0, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("events/ba/badbadbadbadbadbadbadbad.yaml:3:1:"), "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("warning:"), "\(command): \(result.stderr)")
        }
        XCTAssertEqual(try ws.teamflow("doctor").code, 1)
    }

    /// A clock of 2^63-1 arriving in the history used to kill every write with SIGILL.
    func testAnOversizedClockDoesNotStopWriters() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "good").code, 0)
        let text = "v: 1\nid: c1c1c1c1c1c1c1c1c1c1c1c1\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\n"
            + "author:\n  name: x\n  email: x@example.com\nclock: 9223372036854775807\ndata:\n  title: evil\n  week: 2024-W47\n"
        try plant(ws, path: "events/c1/c1c1c1c1c1c1c1c1c1c1c1c1.yaml", text: text)
        for title in ["after 1", "after 2"] {
            let result = try ws.teamflow("goal", "add", title)
            XCTAssertEqual(result.code, 0, result.stderr)
        }
        let list = try ws.teamflow("goal", "list")
        XCTAssertTrue(list.stdout.contains("after 2") && !list.stdout.contains("evil"), list.stdout)
        XCTAssertTrue(list.stderr.contains("c1c1c1c1c1c1c1c1c1c1c1c1.yaml:8:8: warning:"), list.stderr)
        let exported = try ws.teamflow("export").stdout
        XCTAssertFalse(exported.contains("9223372036854775807"))
    }

    private func plant(_ ws: Workspace, path: String, text: String) throws {
        let file = ws.path + "/planted"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let blob = try ws.git("hash-object", "-w", "planted")
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let index = ws.path + "/.git/plant-index"
        let env = ["GIT_INDEX_FILE": index]
        try Subprocess.git(["read-tree", tip], in: ws.path, environment: env)
        try Subprocess.git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"], in: ws.path, environment: env)
        let tree = try Subprocess.git(["write-tree"], in: ws.path, environment: env)
        let commit = try ws.git("commit-tree", tree, "-p", tip, "-m", "plant")
        try ws.git("update-ref", "refs/teamflow/events", commit, tip)
    }
}
