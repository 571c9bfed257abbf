import Foundation
import XCTest

/// The recorded two-week scenario, replayed with the real binary (a fixed `TEAMFLOW_NOW`
/// per step) and compared to reviewed expected files in `Fixtures/two-weeks`: both weeks' boards
/// (text and JSON), the sprint board, Monday's standup, the wiki week pages and the site's week
/// pages (`site --lang ko`, with each task's history).
/// `TEAMFLOW_UPDATE_FIXTURES=1 swift test --filter TwoWeekScenarioTests` rewrites the expected
/// files; read the diff before committing it.
final class TwoWeekScenarioTests: XCTestCase {
    static let monday = "2024-11-25T10:00:00+09:00"
    static let friday = "2024-11-29T17:00:00+09:00"

    func testBoardsSprintStandupAndWikiOfTwoWeeks() throws {
        let w = try Workspace()
        // Monday: carried, one new task; the boards and the standup as the team sees them then.
        var ids = try TwoWeekScript.replay(in: w, until: Self.monday)
        try expect(w, ["week", "2024-W47"], at: Self.monday, matches: "week-2024-W47.txt")
        try expect(w, ["week", "2024-W47", "--json"], at: Self.monday, matches: "week-2024-W47.json")
        try expect(w, ["week", "2024-W48"], at: Self.monday, matches: "week-2024-W48.txt")
        try expect(w, ["week", "2024-W48", "--json"], at: Self.monday, matches: "week-2024-W48.json")
        try expect(w, ["standup"], at: Self.monday, matches: "standup-2024-11-25.txt")
        try expect(w, ["standup", "--json"], at: Self.monday, matches: "standup-2024-11-25.json")
        // The multi-id check had both ids right: both tasks are done in W47.
        let board = try CLI.run(["week", "2024-W47"], in: w.path, environment: ["TEAMFLOW_NOW": Self.monday]).stdout
        for title in ["로그인 화면 🎨", "테스트 작성"] {
            XCTAssertTrue(board.contains("[x] \(ids[title]?.prefix(8) ?? "none")  \(title)"), board)
        }
        // The week board's sprint line names the sprint once (it read "Sprint Sprint 3 ... (0/1)").
        XCTAssertTrue(board.contains("\nSprint goals (0/1) · Sprint 3 (2024-11-18 – 2024-11-29)\n"), board)
        XCTAssertFalse(board.contains("Sprint Sprint"), board)

        // Friday of W48: the rest of the week, then the sprint board and the wiki.
        ids = try TwoWeekScript.replay(in: w, after: Self.monday, ids: ids)
        try expect(w, ["week", "2024-W48"], at: Self.friday, matches: "week-2024-W48-friday.txt")
        try expect(w, ["sprint"], at: Self.friday, matches: "sprint-3.txt")
        try expect(w, ["sprint", "--json"], at: Self.friday, matches: "sprint-3.json")

        let out = w.path + "/wiki-out"
        let export = try CLI.run(["wiki", "export", "--out", out, "--lang", "ko"], in: w.path,
                                 environment: ["TEAMFLOW_NOW": Self.friday])
        XCTAssertEqual(export.code, 0, export.stderr)
        for week in ["2024-W47", "2024-W48"] {
            let page = try String(contentsOfFile: "\(out)/Week-\(week).md", encoding: .utf8)
            try compare(page, to: "wiki-Week-\(week).md")
        }

        // The site's week pages at the same moment, found through the dashboard's list of weeks.
        let site = w.path + "/site-out"
        let written = try CLI.run(["site", "--out", site, "--lang", "ko"], in: w.path, environment: ["TEAMFLOW_NOW": Self.friday])
        XCTAssertEqual(written.code, 0, written.stderr)
        let index = try String(contentsOfFile: "\(site)/index.html", encoding: .utf8)
        for week in ["2024-W47", "2024-W48"] {
            let name = try XCTUnwrap(Self.weekFile(week, in: index), "the dashboard lists no page for \(week)")
            // The team has no recorded name, so the site calls it by the workspace's (random) folder.
            let page = try String(contentsOfFile: "\(site)/\(name)", encoding: .utf8)
                .replacingOccurrences(of: URL(fileURLWithPath: w.path).lastPathComponent, with: "TEAM-FOLDER")
            try compare(page, to: "site-Week-\(week).html")
        }
    }

    /// The file of `week`'s page, as the dashboard's list of weeks links it (`<a href="F">W</a>`).
    static func weekFile(_ week: String, in index: String) -> String? {
        guard let end = index.range(of: "\">\(week)</a></li>") else { return nil }
        let head = index[..<end.lowerBound]
        guard let start = head.range(of: "<a href=\"", options: .backwards) else { return nil }
        return String(head[start.upperBound...])
    }

    func testMultiIDCommandWithOneBadIDAppendsNothing() throws {
        let w = try Workspace()
        let ids = try TwoWeekScript.replay(in: w)
        let tip = w.tip()
        XCTAssertNotNil(tip)
        let good = try XCTUnwrap(ids["새 일"])
        let bad = try CLI.run(["task", "check", good, "deadbeef"], in: w.path, environment: ["TEAMFLOW_NOW": Self.monday])
        XCTAssertNotEqual(bad.code, 0)
        XCTAssertTrue(bad.stderr.contains("deadbeef"), bad.stderr)
        XCTAssertEqual(w.tip(), tip, "the ref tip did not move")
        let list = try CLI.run(["task", "list", "--week", "2024-W48", "--open"], in: w.path,
                               environment: ["TEAMFLOW_NOW": Self.monday]).stdout
        XCTAssertTrue(list.contains("새 일"), "the good id was not checked either: \(list)")
    }

    /// Runs `args` at `now`, normalises ids and compares with (or rewrites) the expected file.
    private func expect(_ w: Workspace, _ args: [String], at now: String, matches name: String,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CLI.run(args, in: w.path, environment: ["TEAMFLOW_NOW": now])
        XCTAssertEqual(result.code, 0, "\(args): \(result.stderr)", file: file, line: line)
        try compare(result.stdout, to: name, file: file, line: line)
    }

    private func compare(_ actual: String, to name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.fixtures.appendingPathComponent(name)
        let text = ScenarioIDs.normalize(actual)
        if ProcessInfo.processInfo.environment["TEAMFLOW_UPDATE_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(text, expected, "\(name) differs (TEAMFLOW_UPDATE_FIXTURES=1 rewrites it)", file: file, line: line)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/two-weeks")
}

/// Ids depend on commit hashes: each distinct id (24 hex digits, or its 8-digit short form)
/// becomes `#1`, `#2`, ... in order of first appearance, so equal ids stay visibly equal.
enum ScenarioIDs {
    static func normalize(_ text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: "\\b(?:[0-9a-f]{24}|[0-9a-f]{8})\\b") else { return text }
        var names: [String: String] = [:]
        var out = ""
        var cursor = text.startIndex
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let r = Range(match.range, in: text) else { continue }
            let key = String(text[r].prefix(8))
            if names[key] == nil { names[key] = "#\(names.count + 1)" }
            out += text[cursor..<r.lowerBound] + (names[key] ?? "#")
            cursor = r.upperBound
        }
        return out + text[cursor...]
    }
}

/// The scenario's recurring goal in two clones: both check this week's instance offline, then
/// sync both ways; the instance id is derived from the rule and the week, so one instance stays.
final class TwoWeekRecurringSyncTests: XCTestCase {
    func testTwoClonesCheckingThisWeeksInstanceEndWithOne() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "지혜")
        let bob = try Workspace.clone(of: remote.path, user: "건우")
        let w47 = ["TEAMFLOW_NOW": "2024-11-18T09:00:00+09:00"], w48 = ["TEAMFLOW_NOW": TwoWeekScenarioTests.monday]
        XCTAssertEqual(try CLI.run(["goal", "add", "PR 리뷰 24시간 안에", "--every", "week"], in: alice.path, environment: w47).code, 0)
        try alice.sync()
        try bob.sync()
        for clone in [alice, bob] {
            let id = try TwoWeekScript.goalID("PR 리뷰 24시간 안에", in: clone, at: TwoWeekScenarioTests.monday)
            let check = try CLI.run(["goal", "check", id], in: clone.path, environment: w48)
            XCTAssertEqual(check.code, 0, check.stderr)
        }
        try alice.sync()
        try bob.sync()
        try alice.sync()
        XCTAssertEqual(alice.tip(), bob.tip(), "converged")
        XCTAssertEqual(try alice.eventFiles(), try bob.eventFiles())
        for clone in [alice, bob] {
            let out = try CLI.run(["week", "2024-W48", "--json"], in: clone.path, environment: w48).stdout
            let board = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            let goals = (board["goals"] as? [[String: Any]] ?? []).filter { $0["title"] as? String == "PR 리뷰 24시간 안에" }
            XCTAssertEqual(goals.count, 1, out)
            XCTAssertEqual(goals.first?["done"] as? Bool, true, out)
            let w47Board = try CLI.run(["week", "2024-W47"], in: clone.path, environment: w48).stdout
            XCTAssertTrue(w47Board.contains("[ ] ") && w47Board.contains("PR 리뷰 24시간 안에"), "W47 keeps its own open instance: \(w47Board)")
        }
    }
}
