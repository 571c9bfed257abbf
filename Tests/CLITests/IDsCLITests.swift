import Foundation
import XCTest

/// End to end: several ids in one commit, `task show`, `me`, `standup`.
final class IDsCLITests: XCTestCase {
    func tip(_ repo: TempRepo) throws -> String {
        try Subprocess.git(["rev-parse", "refs/teamflow/events"], in: repo.url.path)
    }

    func commits(_ repo: TempRepo) throws -> Int {
        Int(try Subprocess.git(["rev-list", "--count", "refs/teamflow/events"], in: repo.url.path)) ?? -1
    }

    func testMultiIDCheckIsOneCommitAndOneBadIDAppendsNothing() throws {
        let repo = try TempRepo()
        for title in ["A", "B", "C"] { try repo.tf("task", "add", title) }
        let ids = try ["A", "B", "C"].map { try repo.id(of: $0, in: "task", "list") }
        let before = try tip(repo)
        let bad = try repo.tf("task", "check", ids[0], "ffffffff", ids[2], expect: 1)
        XCTAssertTrue(bad.hasPrefix("error: "), bad)
        XCTAssertEqual(try tip(repo), before, "nothing appended")
        let count = try commits(repo)
        let out = try repo.tf("task", "check", String(ids[0].prefix(6)), ids[1], "C")
        XCTAssertEqual(out.split(separator: "\n").count, 3, out)
        XCTAssertEqual(try commits(repo), count + 1, "one commit for three tasks")
        let json = try repo.tf("task", "list", "--done", "--json")
        XCTAssertEqual(json.components(separatedBy: "\"done\": true").count - 1, 3, json)
        let undo = try repo.tf("undo")
        XCTAssertTrue(undo.contains("Undid 3 events"), undo)
        XCTAssertEqual(try repo.tf("task", "list", "--done"), "No tasks.\n")
        // move takes the status last; an unknown status is usage.
        try repo.tf("task", "move", ids[0], ids[1], "doing")
        XCTAssertEqual(try repo.tf("task", "list").components(separatedBy: "[~]").count - 1, 2)
        try repo.tf("task", "move", ids[0], "later", expect: 64)
        // goals too
        try repo.tf("goal", "add", "배포")
        try repo.tf("goal", "add", "리뷰")
        let goals = try ["배포", "리뷰"].map { try repo.id(of: $0, in: "goal", "list") }
        let goalTip = try tip(repo)
        try repo.tf("goal", "remove", goals[0], "ffffffff", expect: 1)
        XCTAssertEqual(try tip(repo), goalTip)
        try repo.tf("goal", "check", goals[0], goals[1])
        XCTAssertEqual(try repo.tf("goal", "list").components(separatedBy: "[x]").count - 1, 2)
    }

    func testTaskShowTextAndJSON() throws {
        let repo = try TempRepo()
        try repo.tf("member", "add", "건우", "--handle", "geonwoo")
        try repo.tf("task", "add", "a", "--member", "geonwoo", "--due", "2024-11-22")
        let id = try repo.id(of: "a", in: "task", "list")
        try repo.tf("task", "add", "하위", "--parent", id)
        try repo.tf("task", "edit", id, "--title", "b")
        try repo.tf("task", "check", id)
        let text = try repo.tf("task", "show", String(id.prefix(6)))
        for expected in ["Task \(id.prefix(8))  b", "member   건우", "due      2024-11-22", "Sub-tasks (0/1)", "하위",
                         "created  2024-11-19 10:00 +09:00 by Kim Minsu", "title: 'a' → 'b'", "status: todo → done"] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
        }
        let lines = text.split(separator: "\n").map(String.init)
        let added = lines.firstIndex { $0.contains("task.added") } ?? -1, checked = lines.firstIndex { $0.contains("task.checked") } ?? -1
        XCTAssertTrue(added >= 0 && added < checked, "oldest first:\n\(text)")
        let json = try repo.tf("task", "show", id, "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        XCTAssertEqual(object["title"] as? String, "b")
        XCTAssertEqual(object["member"] as? String, "건우")
        XCTAssertEqual((object["subtasks"] as? [Any])?.count, 1)
        let history = object["history"] as? [[String: Any]] ?? []
        XCTAssertEqual(history.map { $0["type"] as? String ?? "" }, ["task.added", "task.added", "task.edited", "task.checked"])
        let change = (history.last?["changes"] as? [[String: Any]])?.first
        XCTAssertEqual(change?["before"] as? String, "todo")
        XCTAssertEqual(change?["after"] as? String, "done")
        try repo.tf("goal", "add", "배포")
        let goal = try repo.id(of: "배포", in: "goal", "list")
        XCTAssertTrue(try repo.tf("goal", "show", goal).contains("goal.added"))
        try repo.tf("task", "show", "ffffffff", expect: 1)
    }

    func testMeViaUserEmailAndViaTeamflowMeAndTheNoMatchError() throws {
        let repo = try TempRepo() // git user.email kim@example.com
        try repo.tf("member", "add", "민수", "--handle", "minsu")
        try repo.tf("member", "add", "건우", "--handle", "geonwoo")
        let error = try repo.tf("task", "list", "--mine", expect: 1)
        XCTAssertTrue(error.contains("teamflow member edit NAME --email kim@example.com"), error)
        let unassigned = try runTeamflow(["task", "add", "혼자"], cwd: repo.url)
        XCTAssertEqual(unassigned.code, 0)
        XCTAssertTrue(unassigned.stderr.contains("unassigned"), unassigned.stderr)
        try repo.tf("member", "edit", "minsu", "--email", "kim@example.com")
        XCTAssertTrue(try repo.tf("task", "add", "접근성 라벨").contains("@민수"))
        XCTAssertEqual(try repo.tf("task", "list", "--mine").split(separator: "\n").count, 1)
        XCTAssertTrue(try repo.tf("task", "add", "x", "--member", "me").contains("@민수"))
        XCTAssertTrue(try repo.tf("week", "--mine").contains("민수"))
        XCTAssertFalse(try repo.tf("week", "--mine").contains("Unassigned"))
        // teamflow.me, when the email belongs to no member
        try Subprocess.git(["config", "user.email", "someone@example.com"], in: repo.url.path)
        try Subprocess.git(["config", "teamflow.me", "geonwoo"], in: repo.url.path)
        XCTAssertTrue(try repo.tf("task", "add", "y", "--member", "me").contains("@건우"))
        try repo.tf("task", "list", "--mine", "--member", "minsu", expect: 64)
    }

    func testStandupOnAMondayReadsFriday() throws {
        let repo = try TempRepo()
        try repo.tf("member", "add", "건우", "--handle", "geonwoo")
        for (title, due) in [("목요일", "2024-11-29"), ("금요일", "2024-11-29"), ("진행", "2024-11-29"), ("늦음", "2024-11-14")] {
            try repo.tf("task", "add", title, "--member", "geonwoo", "--due", due)
        }
        func at(_ now: String, _ args: String...) throws {
            let result = try runTeamflow(args, cwd: repo.url, env: ["TEAMFLOW_NOW": now])
            XCTAssertEqual(result.code, 0, result.stderr)
        }
        try at("2024-11-14T17:00:00+09:00", "task", "check", "목요일")
        try at("2024-11-15T17:00:00+09:00", "task", "check", "금요일")
        try at("2024-11-15T17:00:00+09:00", "task", "start", "진행")
        let monday = try runTeamflow(["standup"], cwd: repo.url, env: ["TEAMFLOW_NOW": "2024-11-18T09:30:00+09:00"])
        XCTAssertEqual(monday.code, 0, monday.stderr)
        XCTAssertTrue(monday.stdout.contains("done since 2024-11-15"), monday.stdout)
        XCTAssertTrue(monday.stdout.contains("금요일"), monday.stdout)
        XCTAssertFalse(monday.stdout.contains("목요일"), monday.stdout)
        XCTAssertTrue(monday.stdout.contains("doing"), monday.stdout)
        XCTAssertTrue(monday.stdout.contains("overdue") && monday.stdout.contains("늦음"), monday.stdout)
        let json = try runTeamflow(["standup", "--json", "--member", "geonwoo"], cwd: repo.url,
                                   env: ["TEAMFLOW_NOW": "2024-11-18T09:30:00+09:00"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
        XCTAssertEqual(object["since"] as? String, "2024-11-15")
        let member = (object["members"] as? [[String: Any]])?.first ?? [:]
        XCTAssertEqual((member["done"] as? [[String: Any]])?.map { $0["title"] as? String ?? "" }, ["금요일"])
        XCTAssertEqual((member["done"] as? [[String: Any]])?.first?["doneAt"] as? String, "2024-11-15T17:00:00+09:00")
        XCTAssertEqual((member["inProgress"] as? [Any])?.count, 1)
        XCTAssertEqual((member["overdue"] as? [[String: Any]])?.map { $0["title"] as? String ?? "" }, ["늦음"])
        try repo.tf("standup", "--since", "someday", expect: 64)
    }
}
