import Foundation
import XCTest

/// `week carry` end to end: a recorded week carried into the next on Monday, both boards as
/// text and `--json`, carrying again, bad input, undo; due dates and overdue on the board.
final class WeekCarryCLITests: XCTestCase {
    static let monday = "2024-11-25T09:00:00+09:00"

    /// W47 as logged (Tuesday), then Monday of W48 adds new work before carrying.
    static let script: [(String, [String])] = [
        ("2024-11-18T09:00:00+09:00", ["member", "add", "지혜", "--handle", "jihye"]),
        ("2024-11-18T09:01:00+09:00", ["member", "add", "건우"]),
        ("2024-11-18T09:02:00+09:00", ["task", "add", "화면간 연결", "--member", "지혜", "--due", "2024-11-22"]),
        ("2024-11-18T09:03:00+09:00", ["task", "add", "버튼 배치", "--parent", "화면간 연결"]),
        ("2024-11-18T09:04:00+09:00", ["task", "add", "전환 애니메이션", "--parent", "화면간 연결"]),
        ("2024-11-18T09:05:00+09:00", ["task", "add", "DI", "--member", "지혜"]),
        ("2024-11-18T09:06:00+09:00", ["task", "add", "코드 리뷰", "--member", "건우", "--due", "2024-11-29"]),
        ("2024-11-18T09:07:00+09:00", ["task", "add", "지난 마감", "--member", "건우", "--week", "2024-W46", "--due", "2024-11-15"]),
        ("2024-11-19T18:00:00+09:00", ["task", "check", "버튼 배치"]),
        ("2024-11-20T11:00:00+09:00", ["task", "check", "DI"]),
        ("2024-11-21T15:00:00+09:00", ["task", "start", "코드 리뷰"]),
        ("2024-11-25T08:50:00+09:00", ["task", "add", "새 일", "--member", "지혜"]),
    ]

    private func recordedRepo() throws -> TempRepo {
        let repo = try TempRepo()
        for (now, args) in Self.script {
            let result = try runTeamflow(args, cwd: repo.url, env: ["TEAMFLOW_NOW": now])
            XCTAssertEqual(result.code, 0, "\(args): \(result.stderr)")
        }
        return repo
    }

    private func tf(_ repo: TempRepo, _ args: [String], expect: Int32 = 0, file: StaticString = #filePath,
                    line: UInt = #line) throws -> (stdout: String, stderr: String) {
        let result = try runTeamflow(args, cwd: repo.url, env: ["TEAMFLOW_NOW": Self.monday])
        XCTAssertEqual(result.code, expect, "\(args): \(result.stderr)", file: file, line: line)
        return (result.stdout, result.stderr)
    }

    private func eventCount(_ repo: TempRepo) throws -> Int {
        let out = try tf(repo, ["log", "--limit", "1000", "--json"]).stdout
        return (try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [Any])?.count ?? -1
    }

    func testMondayCarryThenBothBoardsAsTextAndJSON() throws {
        let repo = try recordedRepo()
        let count = try eventCount(repo)
        let carried = try tf(repo, ["week", "carry"]).stdout
        XCTAssertEqual(Self.maskIDs(carried), Self.expectedCarry)
        XCTAssertEqual(try eventCount(repo), count + 1, "one event")
        XCTAssertEqual(Self.maskIDs(try tf(repo, ["week", "2024-W47"]).stdout), Self.expectedOldText)
        XCTAssertEqual(Self.maskIDs(try tf(repo, ["week"]).stdout), Self.expectedNewText)
        let old = try board(repo, "2024-W47"), new = try board(repo, "2024-W48")
        let oldTasks = (old["members"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]] ?? []
        XCTAssertEqual(oldTasks.first?["title"] as? String, "화면간 연결")
        XCTAssertEqual(oldTasks.first?["carriedTo"] as? String, "2024-W48")
        XCTAssertTrue(oldTasks.first?["carriedFrom"] is NSNull)
        let subtasks = oldTasks.first?["subtasks"] as? [[String: Any]] ?? []
        XCTAssertEqual(subtasks.map { $0["title"] as? String }, ["버튼 배치", "전환 애니메이션"])
        XCTAssertEqual(subtasks.map { $0["carriedTo"] as? String }, [nil, "2024-W48"])
        let jihyeOld = (old["members"] as? [[String: Any]])?.first
        XCTAssertEqual([jihyeOld?["done"] as? Int, jihyeOld?["total"] as? Int], [2, 4])
        let newTasks = (new["members"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]] ?? []
        XCTAssertEqual(newTasks.map { $0["title"] as? String }, ["화면간 연결", "새 일"])
        XCTAssertEqual(newTasks.map { $0["carriedFrom"] as? String }, ["2024-W47", nil])
        XCTAssertEqual(newTasks.first?["due"] as? String, "2024-11-22")
        XCTAssertEqual(newTasks.first?["overdue"] as? Bool, true, "due Friday, open on Monday")
        XCTAssertEqual((new["overdueTasks"] as? [[String: Any]])?.map { $0["title"] as? String }, ["지난 마감", "화면간 연결"])
    }

    func testCarryingAgainAndBadInputAppendNothing() throws {
        let repo = try recordedRepo()
        _ = try tf(repo, ["week", "carry"])
        let count = try eventCount(repo)
        let again = try tf(repo, ["week", "carry"], expect: 1).stderr
        XCTAssertTrue(again.contains("nothing open in 2024-W47 to carry"), again)
        let backwards = try tf(repo, ["week", "carry", "--from", "2024-W48", "--to", "2024-W47"], expect: 1).stderr
        XCTAssertTrue(backwards.contains("--to must be a later week than --from"), backwards)
        _ = try tf(repo, ["week", "carry", "--from", "2024-W99"], expect: 64)
        XCTAssertEqual(try eventCount(repo), count)
    }

    func testOneUndoTakesTheWholeCarryBack() throws {
        let repo = try recordedRepo()
        let before = try tf(repo, ["week", "2024-W47", "--json"]).stdout
        _ = try tf(repo, ["week", "carry", "--from", "2024-W47", "--to", "2024-W48"])
        XCTAssertNotEqual(try tf(repo, ["week", "2024-W47", "--json"]).stdout, before)
        _ = try tf(repo, ["undo"])
        XCTAssertEqual(try tf(repo, ["week", "2024-W47", "--json"]).stdout, before)
        XCTAssertFalse(try tf(repo, ["week"]).stdout.contains("↪"), "nothing carried into W48 any more")
    }

    func testDueAndOverdueInTaskList() throws {
        let repo = try recordedRepo()
        let list = try tf(repo, ["task", "list", "--week", "2024-W47", "--member", "건우"]).stdout
        XCTAssertTrue(list.contains("코드 리뷰  @건우  2024-W47  due 11-29\n"), list)
        let all = try tf(repo, ["task", "list", "--week", "2024-W46"]).stdout
        XCTAssertTrue(all.hasSuffix("지난 마감  @건우  2024-W46  due 11-15  overdue\n"), all)
        let json = try JSONSerialization.jsonObject(with: Data(try tf(repo, ["task", "list", "--week", "2024-W46", "--json"]).stdout.utf8))
        let task = (json as? [[String: Any]])?.first
        XCTAssertEqual(task?["overdue"] as? Bool, true)
        XCTAssertEqual(task?["due"] as? String, "2024-11-15")

        _ = try tf(repo, ["sprint", "add", "Sprint 3", "--from", "2024-11-18", "--to", "2024-11-29"])
        _ = try tf(repo, ["task", "add", "스프린트 일", "--sprint", "Sprint 3", "--member", "건우", "--due", "2024-11-21"])
        _ = try tf(repo, ["task", "add", "다음 마감", "--sprint", "Sprint 3", "--member", "건우", "--due", "2024-11-28"])
        let sprint = Self.maskIDs(try tf(repo, ["sprint"]).stdout)
        XCTAssertTrue(sprint.contains("  [ ] ID  스프린트 일  due 11-21  overdue\n  [ ] ID  다음 마감  due 11-28\n"), sprint)
    }

    /// Short ids (8 hex digits) as `ID`: they depend on commit hashes, the titles identify the lines.
    static func maskIDs(_ text: String) -> String {
        text.replacingOccurrences(of: "\\b[0-9a-f]{8}\\b", with: "ID", options: .regularExpression)
    }

    private func board(_ repo: TempRepo, _ week: String) throws -> [String: Any] {
        let out = try tf(repo, ["week", week, "--json"]).stdout
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    }

    static let expectedCarry = """
    Carried 3 tasks from 2024-W47 to 2024-W48:
      [ ] ID  화면간 연결  @지혜  2024-W48  due 11-22  overdue
      [ ] ID  전환 애니메이션  @지혜  2024-W48
      [~] ID  코드 리뷰  @건우  2024-W48  due 11-29
    `teamflow undo` moves them back.

    """

    /// Last week keeps the record: carried tasks count as not done; the done sub-task stays.
    static let expectedOldText = """
    Week 2024-W47 (2024-11-18 – 2024-11-24)

    Team goals (0/0)
      (none yet: teamflow goal add TEXT)

    지혜 @jihye (2/4)
      [>] ID  화면간 연결  → 2024-W48
        [x] ID  버튼 배치
        [>] ID  전환 애니메이션  → 2024-W48
      [x] ID  DI

    건우 (0/1)
      [>] ID  코드 리뷰  → 2024-W48

    Overdue tasks (2)
      [ ] ID  지난 마감  @건우  2024-W46  due 11-15  overdue
      [ ] ID  화면간 연결  @지혜  2024-W48  due 11-22  overdue

    """

    /// This week: carried work first under each member, then new work; overdue across weeks last.
    static let expectedNewText = """
    Week 2024-W48 (2024-11-25 – 2024-12-01)

    Team goals (0/0)
      (none yet: teamflow goal add TEXT)

    지혜 @jihye (0/3)
      [ ] ID  화면간 연결  ↪ from 2024-W47  due 11-22  overdue
        [ ] ID  전환 애니메이션
      [ ] ID  새 일

    건우 (0/1)
      [~] ID  코드 리뷰  ↪ from 2024-W47  due 11-29

    Overdue tasks (2)
      [ ] ID  지난 마감  @건우  2024-W46  due 11-15  overdue
      [ ] ID  화면간 연결  @지혜  2024-W48  due 11-22  overdue

    """
}
