import Foundation
import XCTest

/// Events no teamflow command writes, arriving as another build would write them (planted on
/// the ref with plain git, or synced from a clone that did): carries back in time or off the
/// calendar, and fields of any size. Then the same inputs typed or imported, which are refused.
final class HostileEventsCLITests: XCTestCase {
    // MARK: Carries

    /// Each hostile carry (planted as one or two events) is ignored by the fold: the task stays
    /// on its board; `doctor` names every such event by its path and exits 1.
    func testHostileCarriesLeaveTheTaskOnItsBoardAndDoctorNamesThem() throws {
        let cases: [(name: String, carries: [(from: String, to: String)])] = [
            ("backwards", [("2024-W47", "2024-W46")]),
            ("far future", [("2024-W47", "2999-W01")]),
            ("off the calendar and round", [("2024-W47", "9999-W52"), ("9999-W52", "0001-W01")]),
        ]
        for (name, carries) in cases {
            let ws = try Workspace()
            let task = ws.id(from: try ws.teamflow("--json", "task", "add", "화면간 연결", "--week", "2024-W47"))
            var paths: [String] = []
            for (index, carry) in carries.enumerated() {
                let id = String(repeating: "c\(index)", count: 12)
                paths.append(try plant(ws, id: id, type: "task.carried", clock: 10 + index,
                                       data: "  from: '\(carry.from)'\n  to: '\(carry.to)'\n  tasks:\n  - \(task)\n"))
            }
            let board = try weekTasks(ws, "2024-W47")
            XCTAssertEqual(board.map { $0["title"] as? String }, ["화면간 연결"], name)
            XCTAssertTrue(board.first?["carriedTo"] is NSNull, "\(name): \(board)")
            for week in carries.map(\.to) where week != "9999-W52" {
                XCTAssertEqual(try weekTasks(ws, week).count, 0, "\(name): nothing in \(week)")
            }
            let doctor = try ws.teamflow("doctor")
            XCTAssertEqual(doctor.code, 1, "\(name): \(doctor.stdout)")
            for path in paths {
                XCTAssertTrue(doctor.stdout.contains("\(path): warning: task.carried:"), "\(name): \(doctor.stdout)")
            }
            XCTAssertTrue(doctor.stderr.contains("problem"), doctor.stderr)
            XCTAssertEqual(try ws.teamflow("task", "check", String(task.prefix(8))).code, 0, "\(name): the task is still reachable")
        }
    }

    /// The same rule lets a carry a command would write through: one week on, or 520.
    func testAValidPlantedCarryStillMovesTheTask() throws {
        for to in ["2024-W48", "2034-W45"] {
            let ws = try Workspace()
            let task = ws.id(from: try ws.teamflow("--json", "task", "add", "화면간 연결", "--week", "2024-W47"))
            _ = try plant(ws, id: String(repeating: "c0", count: 12), type: "task.carried", clock: 10,
                          data: "  from: 2024-W47\n  to: \(to)\n  tasks:\n  - \(task)\n")
            XCTAssertEqual(try weekTasks(ws, to).map { $0["carriedFrom"] as? String }, ["2024-W47"], to)
            XCTAssertEqual(try weekTasks(ws, "2024-W47").map { $0["carriedTo"] as? String }, [to], to)
            let doctor = try ws.teamflow("doctor")
            XCTAssertEqual(doctor.code, 0, "\(to): \(doctor.stdout)")
        }
    }

    /// `week carry` refuses what the fold would ignore, and writes nothing.
    func testWeekCarryRefusesTargetsTheFoldWouldIgnore() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("task", "add", "화면간 연결", "--week", "2024-W47").code, 0)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let far = try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "2034-W46")
        XCTAssertEqual(far.code, 64, far.stderr)
        XCTAssertTrue(far.stderr.contains("521 weeks ahead; a carry goes at most 520 weeks ahead"), far.stderr)
        XCTAssertEqual(try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "9999-W52").code, 64)
        XCTAssertEqual(try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "2024-W46").code, 1)
        XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), tip, "nothing appended")
        XCTAssertEqual(try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "2034-W45").code, 0, "520 weeks is allowed")
    }

    // MARK: Field sizes

    /// Typed: one byte over the limit is wrong usage naming the field and the limit, and the
    /// ref does not move; exactly 4096 bytes (Hangul, 3 bytes each, plus one) are kept whole.
    func testAnOversizedTitleByCommandIsRefusedAndTheLimitItselfAccepted() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "first").code, 0)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        for args in [["task", "add", String(repeating: "x", count: 4097)],
                     ["goal", "add", String(repeating: "x", count: 4097)],
                     ["member", "add", "지혜", "--handle", String(repeating: "h", count: 4097)],
                     ["--author", "\(String(repeating: "n", count: 4097)) <n@example.com>", "retro", "add", "short"]] {
            let result = try ws.teamflow(args)
            XCTAssertEqual(result.code, 64, "\(args.prefix(2)): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: the "), result.stderr)
            XCTAssertTrue(result.stderr.contains("at most 4096 bytes (4 KiB)"), result.stderr)
        }
        let title = try ws.teamflow("task", "add", String(repeating: "x", count: 4097))
        XCTAssertTrue(title.stderr.contains("the title of task.added is 4097 bytes"), title.stderr)
        XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), tip, "nothing appended")

        let limit = String(repeating: "가", count: 1365) + "x"
        XCTAssertEqual(limit.utf8.count, 4096)
        XCTAssertEqual(try ws.teamflow("task", "add", limit).code, 0)
        XCTAssertEqual(try weekTasks(ws, "2024-W47").map { $0["title"] as? String }, [limit])
        XCTAssertEqual(try ws.teamflow("doctor").code, 0)
    }

    /// A wiki body is Markdown: 1 MiB per event, not 4 KiB.
    func testAWikiBodyMayHoldAMebibyteAndNoMore() throws {
        let ws = try Workspace()
        let page = String(repeating: "line of the page\n", count: 60_000) // ~1 MB
        XCTAssertEqual(try ws.teamflow("wiki", "save", "Onboarding", stdin: page).code, 0)
        let over = try ws.teamflow("wiki", "save", "Onboarding", stdin: String(repeating: "x", count: (1 << 20) + 1))
        XCTAssertEqual(over.code, 64, over.stderr)
        XCTAssertTrue(over.stderr.contains("the body of wiki.saved brings its text to 1048577 bytes"), over.stderr)
        XCTAssertTrue(over.stderr.contains("1048576 bytes (1 MiB)"), over.stderr)
    }

    /// `teamflow import` of a stream holding an oversized title: refused with the line of the
    /// field, nothing imported.
    func testImportRefusesAnOversizedTitle() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "first").code, 0)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let stream = goalStream(count: 2, tag: "aaaa") + goalEvent(id: "bbbb00000001", clock: 3, title: String(repeating: "x", count: 5000))
        try Data(stream.utf8).write(to: URL(fileURLWithPath: ws.path + "/backup.yaml"))
        let result = try ws.teamflow("import", "backup.yaml")
        XCTAssertEqual(result.code, 64, result.stderr)
        let line = (stream.components(separatedBy: "\n").firstIndex { $0.hasPrefix("  title: xxx") } ?? -1) + 1
        XCTAssertTrue(result.stderr.hasPrefix("error: backup.yaml:\(line):10: the title of goal.added is 5000 bytes; "), result.stderr)
        XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), tip, "nothing imported")
        let page = "# 2024-W47\n## 금주 목표\n- [ ] \(String(repeating: "목", count: 1366))\n"
        let markdown = try ws.teamflow("import", "markdown", "-", stdin: page)
        XCTAssertEqual(markdown.code, 64, markdown.stderr)
        XCTAssertTrue(markdown.stderr.contains("the title of goal.added is 4098 bytes"), markdown.stderr)
        XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), tip, "nothing imported")
        let fine = goalStream(count: 2, tag: "aaaa") + goalEvent(id: "bbbb00000001", clock: 3, title: String(repeating: "x", count: 4096))
        XCTAssertEqual(try ws.teamflow("import", "-", stdin: fine).code, 0)
    }

    /// By sync: another build wrote a 100 KB title; it is not refused (nothing is lost: the
    /// file is on both refs as written), the board shows it cut to 4096 bytes ending in `…`,
    /// and `doctor` reports the event's path.
    func testAnOversizedTitleArrivingBySyncIsKeptShownCutAndReported() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "Alice")
        let bob = try Workspace.clone(of: remote.path, user: "Bob")
        XCTAssertEqual(try alice.teamflow("goal", "add", "first").code, 0)
        try alice.sync()
        try bob.sync()
        let huge = String(repeating: "방", count: 40_000) // 120,000 bytes
        let path = try plant(bob, id: "babababababababababababa", type: "task.added", clock: 5,
                             data: "  title: \(huge)\n  week: 2024-W47\n")
        try bob.sync()
        try alice.sync()
        XCTAssertTrue(try alice.eventFiles().contains { $0.hasSuffix(path) }, "the file itself arrived")
        let shown = try XCTUnwrap(try weekTasks(alice, "2024-W47").first?["title"] as? String)
        XCTAssertEqual(shown, String(repeating: "방", count: 1364) + "…")
        XCTAssertLessThanOrEqual(shown.utf8.count, 4096)
        let text = try alice.teamflow("week", "2024-W47")
        XCTAssertLessThan(text.stdout.utf8.count, 6000, "the board holds the cut title only")
        let doctor = try alice.teamflow("doctor")
        XCTAssertEqual(doctor.code, 1)
        XCTAssertTrue(doctor.stdout.contains("\(path): warning: the title of task.added is 120000 bytes; "
                                             + "a one-line field holds at most 4096 bytes (4 KiB); it is kept, and shown cut"),
                      doctor.stdout)
        let log = try alice.teamflow("--json", "log", "--limit", "1")
        XCTAssertLessThan(log.stdout.utf8.count, 6000, "log shows the event cut too")
        let exported = try alice.teamflow("export").stdout
        XCTAssertTrue(exported.contains(huge), "export keeps the event as written")
    }

    // MARK: Helpers

    /// The tasks of a week's board, all members' and the unassigned.
    private func weekTasks(_ ws: Workspace, _ week: String) throws -> [[String: Any]] {
        let result = try ws.teamflow("--json", "week", week)
        XCTAssertEqual(result.code, 0, result.stderr)
        let board = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let members = board["members"] as? [[String: Any]] ?? []
        return members.flatMap { $0["tasks"] as? [[String: Any]] ?? [] } + (board["unassigned"] as? [[String: Any]] ?? [])
    }

    private func goalEvent(id: String, clock: Int, title: String) -> String {
        "---\nv: 1\nid: \(id)\ntype: goal.added\nat: '2024-11-19T10:00:00+09:00'\nauthor:\n  name: Importer\n"
            + "  email: import@example.com\nclock: \(clock)\ndata:\n  title: \(title)\n  week: 2024-W47\n"
    }

    /// Writes one event file onto the workspace's ref at its canonical path with plain git, as
    /// another build (or a hand) would; returns the path.
    @discardableResult
    private func plant(_ ws: Workspace, id: String, type: String, clock: Int, data: String) throws -> String {
        let text = "v: 1\nid: \(id)\ntype: \(type)\nat: '2024-11-20T10:00:00+09:00'\nauthor:\n  name: Other\n"
            + "  email: other@example.com\nclock: \(clock)\ndata:\n\(data)"
        let chars = Array(id)
        let path = "events/\(chars[0])/\(String(chars[1...2]))/\(id).yaml"
        let file = ws.path + "/planted"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let blob = try ws.git("hash-object", "-w", "planted")
        try FileManager.default.removeItem(atPath: file)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let env = ["GIT_INDEX_FILE": ws.path + "/.git/plant-index"]
        try Subprocess.git(["read-tree", tip], in: ws.path, environment: env)
        try Subprocess.git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"], in: ws.path, environment: env)
        let tree = try Subprocess.git(["write-tree"], in: ws.path, environment: env)
        let commit = try ws.git("commit-tree", tree, "-p", tip, "-m", "plant \(type)")
        try ws.git("update-ref", "refs/teamflow/events", commit, tip)
        return path
    }
}

private extension Workspace {
    func teamflow(_ arguments: [String], stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, in: path, stdin: stdin)
    }
}
