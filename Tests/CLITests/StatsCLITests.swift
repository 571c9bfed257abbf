import Foundation
import XCTest

/// `stats`, `week --burndown` and `sprint --burndown` end to end on a recorded week in Seoul:
/// piped output is plain numbers, `--json` the series of docs/CHARTS.md.
final class StatsCLITests: XCTestCase {
    /// Planned on Friday 2024-11-15, worked through W47, one task finished in W48.
    static let script: [(String, [String])] = [
        ("2024-11-15T17:00:00+09:00", ["init", "--team", "BeStory"]),
        ("2024-11-15T17:01:00+09:00", ["member", "add", "민수", "--handle", "minsu"]),
        ("2024-11-15T17:02:00+09:00", ["member", "add", "Jiwoo", "--handle", "jiwoo"]),
        ("2024-11-15T17:03:00+09:00", ["sprint", "add", "Sprint 1", "--from", "2024-11-18", "--to", "2024-11-22"]),
        ("2024-11-15T17:04:00+09:00", ["goal", "add", "배포", "--week", "2024-W47"]),
        ("2024-11-15T17:05:00+09:00", ["task", "add", "로그인", "--member", "minsu", "--week", "2024-W47", "--sprint", "Sprint 1"]),
        ("2024-11-15T17:06:00+09:00", ["task", "add", "리뷰", "--member", "jiwoo", "--week", "2024-W47", "--sprint", "Sprint 1"]),
        ("2024-11-15T17:07:00+09:00", ["task", "add", "문서", "--week", "2024-W47"]),
        ("2024-11-19T18:00:00+09:00", ["task", "check", "로그인"]),
        ("2024-11-20T11:00:00+09:00", ["task", "check", "리뷰"]),
        ("2024-11-21T09:00:00+09:00", ["task", "uncheck", "리뷰"]),
        ("2024-11-26T15:00:00+09:00", ["task", "check", "문서"]),
    ]

    static let afterwards = ["TEAMFLOW_NOW": "2024-11-27T12:00:00+09:00"]

    func recorded() throws -> Workspace {
        let ws = try Workspace()
        for (now, args) in Self.script {
            let result = try tf(ws, args, environment: ["TEAMFLOW_NOW": now])
            XCTAssertEqual(result.code, 0, "\(args): \(result.stderr)")
        }
        let goal = try tf(ws, ["goal", "list", "--week", "2024-W47", "--json"], environment: Self.afterwards)
        let id = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(goal.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let check = try tf(ws, ["goal", "check", id, "--json"], environment: ["TEAMFLOW_NOW": "2024-11-21T16:00:00+09:00"])
        XCTAssertEqual(check.code, 0, check.stderr)
        XCTAssertEqual(try json(check.stdout)["doneAt"] as? String, "2024-11-21T16:00:00+09:00", "the check prints its own date")
        return ws
    }

    /// Runs the binary in `ws` with a list of arguments.
    func tf(_ ws: Workspace, _ arguments: [String], environment: [String: String]) throws -> CLI.Result {
        try CLI.run(arguments, in: ws.path, environment: environment)
    }

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testStatsPipedIsPlainNumbersAndJSONIsTheSeries() throws {
        let ws = try recorded()
        let text = try tf(ws, ["stats", "--weeks", "2"], environment: Self.afterwards)
        XCTAssertEqual(text.code, 0, text.stderr)
        XCTAssertEqual(text.stdout, """
        week      done  민수  Jiwoo
        2024-W47     2     1      0
        2024-W48     1     0      0
        average    1.5

        """)
        let series = try json(try tf(ws, ["stats", "--weeks", "2", "--json"], environment: Self.afterwards).stdout)
        XCTAssertEqual(series["members"] as? [String], ["민수", "Jiwoo"])
        XCTAssertEqual(series["average"] as? Double, 1.5)
        let periods = try XCTUnwrap(series["periods"] as? [[String: Any]])
        XCTAssertEqual(periods.map { $0["label"] as? String }, ["2024-W47", "2024-W48"])
        XCTAssertEqual(periods.map { $0["done"] as? Int }, [2, 1])
        XCTAssertEqual(periods.map { $0["byMember"] as? [Int] }, [[1, 0], [0, 0]])

        // Eight weeks by default, but none before the team's first (its first item: Friday of W46).
        let eight = try json(try tf(ws, ["stats", "--json"], environment: Self.afterwards).stdout)
        XCTAssertEqual((eight["periods"] as? [[String: Any]])?.compactMap { $0["label"] as? String }, ["2024-W46", "2024-W47", "2024-W48"])
        XCTAssertEqual(eight["average"] as? Double, 1, "three done over three weeks")
        let one = try tf(ws, ["stats", "--weeks", "2", "--member", "minsu"], environment: Self.afterwards)
        XCTAssertEqual(one.stdout, "week      done  민수\n2024-W47     1     1\n2024-W48     0     0\naverage    0.5\n")
    }

    func testBadCountsAndUnknownMembersAreUsageOrLookupErrors() throws {
        let ws = try recorded()
        for bad in ["0", "-1", "x", "521"] {
            let result = try tf(ws, ["stats", "--weeks", bad], environment: Self.afterwards)
            XCTAssertEqual(result.code, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--weeks"), result.stderr)
        }
        XCTAssertNotEqual(try tf(ws, ["stats", "--member", "nobody"], environment: Self.afterwards).code, 0)
    }

    func testWeekBurndownPipedAndJSON() throws {
        let ws = try recorded()
        let text = try tf(ws, ["week", "2024-W47", "--burndown"], environment: Self.afterwards)
        XCTAssertEqual(text.code, 0, text.stderr)
        // The goal and three tasks were planned on the Friday before; 로그인 done Tuesday, the goal Thursday;
        // 리뷰 was checked and unchecked again, 문서 done the next week.
        XCTAssertEqual(text.stdout, """
        Week 2024-W47 (2024-11-18 – 2024-11-24)
        day         open  ideal  scope  added  removed
        start          4    4.0      4      -        -
        2024-11-18     4    3.2      4      0        0
        2024-11-19     3    2.4      4      0        0
        2024-11-20     3    1.6      4      0        0
        2024-11-21     2    0.8      4      0        0
        2024-11-22     2    0.0      4      0        0
        2024-11-23     2    0.0      4      0        0
        2024-11-24     2    0.0      4      0        0

        """)
        let series = try json(try tf(ws, ["week", "2024-W47", "--burndown", "--json"], environment: Self.afterwards).stdout)
        XCTAssertEqual(series["scope"] as? Int, 4)
        XCTAssertEqual(series["total"] as? Int, 4, "the older name of the baseline")
        XCTAssertEqual([series["added"] as? Int, series["removed"] as? Int], [0, 0])
        XCTAssertTrue(series["today"] is NSNull, "today is after the week")
        let days = try XCTUnwrap(series["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["open"] as? Int }, [4, 3, 3, 2, 2, 2, 2])
        XCTAssertEqual(days.map { $0["working"] as? Bool }, [true, true, true, true, true, false, false])
        XCTAssertEqual(days.first?["ideal"] as? Double, 3.2)
        XCTAssertEqual(days.map { $0["scope"] as? Int }, [4, 4, 4, 4, 4, 4, 4])
        XCTAssertEqual(days.map { $0["added"] as? Int }, [0, 0, 0, 0, 0, 0, 0])
    }

    func testSprintBurndownMarksTodayAndLeavesLaterDaysEmpty() throws {
        let ws = try recorded()
        let midSprint = ["TEAMFLOW_NOW": "2024-11-20T12:00:00+09:00"]
        let text = try tf(ws, ["sprint", "--burndown"], environment: midSprint)
        XCTAssertEqual(text.code, 0, text.stderr)
        // The two tasks filed in the sprint and 문서, a task of its week (the board counts it too).
        XCTAssertEqual(text.stdout, """
        Sprint Sprint 1 (2024-11-18 – 2024-11-22)
        day         open  ideal  scope  added  removed
        start          3    3.0      3      -        -
        2024-11-18     3    2.4      3      0        0
        2024-11-19     2    1.8      3      0        0
        2024-11-20     2    1.2      3      0        0  today
        2024-11-21     -    0.6      -      -        -
        2024-11-22     -    0.0      -      -        -

        """)
        let series = try json(try tf(ws, ["sprint", "Sprint 1", "--burndown", "--json"], environment: midSprint).stdout)
        XCTAssertEqual(series["today"] as? String, "2024-11-20")
        let days = try XCTUnwrap(series["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["open"] is NSNull }, [false, false, false, true, true])
        XCTAssertEqual(try tf(ws, ["sprint", "--burndown"], environment: Self.afterwards).code, 1,
                       "no sprint holds 2024-11-27: an error, not an empty chart")
    }

    /// The manager's case: the sprint board said 3/6 done while the burndown said "no data".
    /// Tasks filed by `--sprint` in a week outside the sprint and tasks of the sprint's week;
    /// on the sprint's last day `sprint --json`'s done/total are the burndown's last day
    /// (scope - open = done). A sprint goal counts in the burndown as on the board's goals line.
    func testSprintBoardAndBurndownCountTheSameItems() throws {
        let ws = try Workspace()
        var ids: [String] = []
        let steps: [(String, [String])] = [
            ("2024-11-15T17:00:00+09:00", ["sprint", "add", "Sprint 7", "--from", "2024-11-18", "--to", "2024-11-22"]),
            ("2024-11-15T17:01:00+09:00", ["task", "add", "백로그 A", "--week", "2024-W45", "--sprint", "Sprint 7"]),
            ("2024-11-15T17:02:00+09:00", ["task", "add", "백로그 B", "--week", "2024-W45", "--sprint", "Sprint 7"]),
            ("2024-11-15T17:03:00+09:00", ["task", "add", "백로그 C", "--week", "2024-W45", "--sprint", "Sprint 7"]),
            ("2024-11-18T09:00:00+09:00", ["task", "add", "주간 A", "--week", "2024-W47"]),
            ("2024-11-18T09:01:00+09:00", ["task", "add", "주간 B", "--week", "2024-W47"]),
            ("2024-11-18T09:02:00+09:00", ["task", "add", "주간 C", "--week", "2024-W47"]),
        ]
        for (now, args) in steps {
            let result = try tf(ws, args + ["--json"], environment: ["TEAMFLOW_NOW": now])
            XCTAssertEqual(result.code, 0, "\(args): \(result.stderr)")
            if args[0] == "task", let id = try json(result.stdout)["id"] as? String { ids.append(id) }
        }
        for (now, index) in [("2024-11-19T15:00:00+09:00", 0), ("2024-11-20T15:00:00+09:00", 3), ("2024-11-21T15:00:00+09:00", 4)] {
            XCTAssertEqual(try tf(ws, ["task", "check", ids[index]], environment: ["TEAMFLOW_NOW": now]).code, 0)
        }
        let lastDay = ["TEAMFLOW_NOW": "2024-11-22T18:00:00+09:00"]
        func compare(goals: Int, goalsDone: Int, file: StaticString = #filePath, line: UInt = #line) throws {
            let board = try json(try tf(ws, ["sprint", "--json"], environment: lastDay).stdout)
            XCTAssertEqual([board["done"] as? Int, board["total"] as? Int], [3, 6], file: file, line: line)
            XCTAssertEqual((board["goals"] as? [Any])?.count, goals, file: file, line: line)
            let series = try json(try tf(ws, ["sprint", "--burndown", "--json"], environment: lastDay).stdout)
            let last = try XCTUnwrap((series["days"] as? [[String: Any]])?.last, file: file, line: line)
            let scope = try XCTUnwrap(last["scope"] as? Int, file: file, line: line)
            let open = try XCTUnwrap(last["open"] as? Int, file: file, line: line)
            XCTAssertEqual(scope, 6 + goals, "the board's total and its goals", file: file, line: line)
            XCTAssertEqual(scope - open, 3 + goalsDone, "the board's done and its goals done", file: file, line: line)
            XCTAssertEqual(series["scope"] as? Int, 6 + goals, "all planned by Monday's end", file: file, line: line)
            XCTAssertEqual(series["today"] as? String, "2024-11-22", file: file, line: line)
        }
        try compare(goals: 0, goalsDone: 0)
        let goal = try tf(ws, ["goal", "add", "스프린트 목표", "--sprint", "Sprint 7"], environment: ["TEAMFLOW_NOW": "2024-11-18T09:03:00+09:00"])
        XCTAssertEqual(goal.code, 0, goal.stderr)
        try compare(goals: 1, goalsDone: 0)
        let text = try tf(ws, ["sprint"], environment: lastDay).stdout
        XCTAssertTrue(text.hasPrefix("Sprint 7 (2024-11-18 – 2024-11-22) · 3/6 done"), text)
    }

    func testTaskAndWeekJSONCarryDoneAt() throws {
        let ws = try recorded()
        let tasks = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try tf(ws, 
            ["task", "list", "--week", "2024-W47", "--json"], environment: Self.afterwards).stdout.utf8)) as? [[String: Any]])
        let doneAt = Dictionary(uniqueKeysWithValues: tasks.compactMap { task in (task["title"] as? String).map { ($0, task["doneAt"]) } })
        XCTAssertEqual(doneAt["로그인"] as? String, "2024-11-19T18:00:00+09:00")
        XCTAssertEqual(doneAt["문서"] as? String, "2024-11-26T15:00:00+09:00")
        XCTAssertTrue(doneAt["리뷰"] is NSNull, "unchecked again")
        let week = try json(try tf(ws, ["week", "2024-W47", "--json"], environment: Self.afterwards).stdout)
        XCTAssertEqual((week["goals"] as? [[String: Any]])?.first?["doneAt"] as? String, "2024-11-21T16:00:00+09:00")
    }
}
