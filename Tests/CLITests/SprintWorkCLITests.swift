import Foundation
import XCTest

/// End to end: sprints hold work, recurring goals, progress on epics and projects,
/// and what `sync` says about the concurrent edits it merged.
final class SprintWorkCLITests: XCTestCase {
    /// A Friday board: W47 and W48 tasks, one filed in the sprint from W50, one in another sprint.
    func testTheSprintBoardOnAFriday() throws {
        let repo = try TempRepo()
        let friday = ["TEAMFLOW_NOW": "2024-11-22T17:00:00+09:00"]
        try repo.tf("member", "add", "민수")
        try repo.tf("member", "add", "지혜")
        try repo.tf("sprint", "add", "Sprint 3", "--from", "2024-11-18", "--to", "2024-11-29")
        try repo.tf("sprint", "add", "Sprint 4", "--from", "2024-12-02", "--to", "2024-12-13")
        try repo.tf("task", "add", "화면 연결", "--member", "민수", "--week", "2024-W47")
        try repo.tf("task", "add", "소켓 재연결", "--member", "지혜", "--week", "2024-W48")
        try repo.tf("task", "add", "접근성 라벨", "--member", "민수", "--week", "2024-W50")
        try repo.tf("task", "add", "다음 일", "--member", "지혜", "--week", "2024-W47", "--sprint", "Sprint 4")
        try repo.tf("task", "check", "화면 연결")
        try repo.tf("task", "edit", "접근성 라벨", "--sprint", "Sprint 3")
        try repo.tf("goal", "add", "데모")
        try repo.tf("goal", "edit", try repo.id(of: "데모", in: "goal", "list"), "--sprint", "Sprint 3")

        let board = try runTeamflow(["sprint", "Sprint 3"], cwd: repo.url, env: friday)
        XCTAssertEqual(board.code, 0, board.stderr)
        XCTAssertEqual(numbered(board.stdout), """
        Sprint 3 (2024-11-18 – 2024-11-29) · 1/3 done · 6 days left

        Sprint goals (0/1)
          [ ] #1  데모

        민수 (1/2)
          [x] #2  화면 연결
          [ ] #3  접근성 라벨

        지혜 (0/1)
          [ ] #4  소켓 재연결

        """)
        let json = try runTeamflow(["sprint", "Sprint 3", "--json"], cwd: repo.url, env: friday).stdout
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["done"] as? Int, 1)
        XCTAssertEqual(object["total"] as? Int, 3)
        XCTAssertEqual(object["daysLeft"] as? Int, 6)
        XCTAssertEqual(object["today"] as? String, "2024-11-22")
        XCTAssertEqual((object["members"] as? [[String: Any]])?.map { $0["total"] as? Int }, [2, 1])

        let listed = try repo.tf("task", "list", "--sprint", "Sprint 3")
        XCTAssertEqual(listed.split(separator: "\n").count, 3, listed)
        try repo.tf("task", "edit", "접근성 라벨", "--no-sprint")
        XCTAssertEqual(try repo.tf("task", "list", "--sprint", "Sprint 3").split(separator: "\n").count, 2)
        try repo.tf("task", "edit", "접근성 라벨", "--sprint", "Sprint 3", "--no-sprint", expect: 64)
        let unknown = try repo.tf("sprint", "Sprint 9", expect: 1)
        XCTAssertTrue(unknown.contains("Known sprints:") && unknown.contains("Sprint 3 (2024-11-18 – 2024-11-29)")
                      && unknown.contains("Sprint 4"), unknown)
        try repo.tf("task", "list", "--sprint", "Sprint 9", expect: 1)
    }

    /// Short ids (8 hex digits between spaces) as `#1`, `#2`, ... in order of appearance.
    private func numbered(_ text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: "(?<= )[0-9a-f]{8}(?= )") else { return text }
        var names: [String: String] = [:]
        var out = ""
        var last = text.startIndex
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            let id = String(text[range])
            if names[id] == nil { names[id] = "#\(names.count + 1)" }
            out += text[last..<range.lowerBound] + (names[id] ?? id)
            last = range.upperBound
        }
        return out + text[last...]
    }

    func testRecurringGoalsOneInstanceAWeek() throws {
        let repo = try TempRepo()
        try repo.tf("goal", "add", "PR 리뷰 24시간 안에", "--every", "month", expect: 64)
        let added = try repo.tf("goal", "add", "PR 리뷰 24시간 안에", "--every", "week", "--until", "2024-W49", "--json")
        let rule = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any])?["id"] as? String)
        XCTAssertTrue(try repo.tf("week").contains("PR 리뷰 24시간 안에"))
        XCTAssertTrue(try repo.tf("week", "2024-W49").contains("PR 리뷰 24시간 안에"))
        XCTAssertFalse(try repo.tf("week", "2024-W50").contains("PR 리뷰"))
        let instance = try repo.id(of: "PR 리뷰 24시간 안에", in: "goal", "list")
        XCTAssertNotEqual(instance, rule)
        XCTAssertTrue(try repo.tf("goal", "check", String(instance.prefix(8))).hasPrefix("[x]"))
        XCTAssertTrue(try repo.tf("goal", "list").hasPrefix("[x]"))
        XCTAssertTrue(try repo.tf("goal", "list", "--week", "2024-W48").hasPrefix("[ ]"), "next week's is its own")
        let next = try repo.id(of: "PR 리뷰 24시간 안에", in: "goal", "list", "--week", "2024-W48")
        try repo.tf("goal", "remove", next)
        XCTAssertEqual(try repo.tf("goal", "list", "--week", "2024-W48"), "No goals.\n")
        XCTAssertTrue(try repo.tf("goal", "list", "--week", "2024-W49").contains("PR 리뷰"))
        let stopped = try repo.tf("goal", "stop", "PR 리뷰 24시간 안에")
        XCTAssertTrue(stopped.hasPrefix("Stopped recurring goal"), stopped)
        XCTAssertEqual(try repo.tf("goal", "list"), "No goals.\n")
        try repo.tf("goal", "stop", "PR 리뷰 24시간 안에", expect: 1)
    }

    func testImportMarkdownIntoASprintAndAgain() throws {
        let repo = try TempRepo()
        try repo.tf("member", "add", "건우")
        try repo.tf("sprint", "add", "Sprint 4", "--from", "2024-12-02", "--to", "2024-12-13")
        let page = repo.url.appendingPathComponent("page.md")
        try "- 데모\n## 팀원\n### 건우\n- [x] 방 생성\n- 방 참가\n".write(to: page, atomically: true, encoding: .utf8)
        XCTAssertEqual(try repo.tf("import", "markdown", page.path, "--sprint", "Sprint 4"), "Imported 1 goal and 2 tasks into 2024-W49\n")
        XCTAssertTrue(try repo.tf("sprint", "Sprint 4").hasPrefix("Sprint 4 (2024-12-02 – 2024-12-13) · 1/2 done · 10 days left\n"))
        XCTAssertEqual(try repo.tf("task", "list", "--sprint", "Sprint 4").split(separator: "\n").count, 2)
        XCTAssertEqual(try repo.tf("import", "markdown", page.path, "--sprint", "Sprint 4"),
                       "Imported 0 goals and 0 tasks into 2024-W49 (skipped 3 already in that week)\n")
        try repo.tf("import", "markdown", page.path, "--sprint", "Sprint 9", expect: 1)
    }

    func testEpicAndProjectListsShowProgress() throws {
        let repo = try TempRepo()
        try repo.tf("project", "add", "앱")
        try repo.tf("epic", "add", "로그인", "--project", "앱")
        try repo.tf("epic", "add", "피드", "--project", "앱")
        try repo.tf("task", "add", "API", "--epic", "로그인")
        try repo.tf("task", "add", "화면", "--epic", "로그인")
        try repo.tf("task", "add", "목록", "--epic", "피드")
        try repo.tf("task", "check", "API")
        try repo.tf("task", "check", "화면")
        XCTAssertEqual(numbered(try repo.tf("epic", "list")), """
        [x] #1  로그인  (2/2, 100%)  complete
        [ ] #2  피드  (0/1, 0%)

        """)
        let epics = try JSONSerialization.jsonObject(with: Data(try repo.tf("epic", "list", "--json").utf8)) as? [[String: Any]]
        XCTAssertEqual(epics?.first?["status"] as? String, "done")
        XCTAssertEqual(epics?.first?["statusDerived"] as? Bool, true)
        XCTAssertEqual(epics?.first?["percent"] as? Int, 100)
        try repo.tf("epic", "move", "로그인", "doing")
        XCTAssertTrue(try repo.tf("epic", "list").hasPrefix("[~]"), "a status set by the user wins")
        XCTAssertTrue(try repo.tf("project", "list").hasSuffix("앱  (2/3, 66%)\n"))
        let projects = try JSONSerialization.jsonObject(with: Data(try repo.tf("project", "list", "--json").utf8)) as? [[String: Any]]
        XCTAssertEqual(projects?.first?["done"] as? Int, 2)
        XCTAssertEqual(projects?.first?["total"] as? Int, 3)
        XCTAssertEqual(projects?.first?["percent"] as? Int, 66)
    }

    func testSyncSaysWhichConcurrentEditLost() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "건우")
        let bob = try Workspace.clone(of: remote.path, user: "석영")
        let task = alice.id(from: try alice.teamflow("task", "add", "방 참가 실패 에러 처리", "--json"))
        try alice.sync()
        try bob.sync()
        try alice.teamflow("task", "edit", task, "--title", "방 참가 실패 처리")
        try bob.teamflow("task", "edit", task, "--title", "방 참가 에러 처리")
        try alice.sync()
        let merged = try bob.sync()
        let lines = merged.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, merged.stdout)
        let title = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try bob.teamflow("task", "list", "--json").stdout.utf8))
                                    as? [[String: Any]]).first?["title"] as? String
        let winner = title == "방 참가 실패 처리" ? "'방 참가 실패 처리' (건우)" : "'방 참가 에러 처리' (석영)"
        let loser = title == "방 참가 실패 처리" ? "'방 참가 에러 처리' (석영)" : "'방 참가 실패 처리' (건우)"
        XCTAssertEqual(lines[1], "  \(task.prefix(8)) title: \(loser) superseded by \(winner)")
        try alice.teamflow("task", "edit", task, "--title", "A")
        try bob.teamflow("task", "edit", task, "--title", "B")
        try alice.sync()
        let json = try bob.sync("--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let superseded = object?["superseded"] as? [[String: Any]]
        XCTAssertEqual(superseded?.count, 1)
        XCTAssertEqual(superseded?.first?["field"] as? String, "title")
        XCTAssertEqual((superseded?.first?["won"] as? [String: Any])?["remote"] as? Bool,
                       ((superseded?.first?["won"] as? [String: Any])?["author"] as? String) == "건우")
    }
}

/// Completions: ids with titles for tasks and goals, template names.
final class CompletionCandidatesCLITests: XCTestCase {
    func testTaskAndGoalIdsComeWithTheirTitles() throws {
        let repo = try TempRepo()
        try repo.tf("task", "add", "이번 주 일")
        try repo.tf("task", "add", "지난 주 열린 일", "--week", "2024-W46")
        try repo.tf("task", "add", "지난 주 끝난 일", "--week", "2024-W46")
        try repo.tf("task", "check", "지난 주 끝난 일")
        try repo.tf("goal", "add", "PR 리뷰", "--every", "week")
        try repo.tf("sprint", "add", "Sprint 3", "--from", "2024-11-18", "--to", "2024-11-29")
        let task = try repo.id(of: "이번 주 일", in: "task", "list")
        let old = try repo.id(of: "지난 주 열린 일", in: "task", "list", "--week", "2024-W46")
        XCTAssertEqual(try repo.tf("__complete", "tasks"), "\(task.prefix(8))\t이번 주 일\n\(old.prefix(8))\t지난 주 열린 일\n",
                       "this week's first, then open ones of other weeks; done ones of other weeks left out")
        let goal = try repo.id(of: "PR 리뷰", in: "goal", "list")
        XCTAssertEqual(try repo.tf("__complete", "goals"), "\(goal.prefix(8))\tPR 리뷰\n", "a recurring goal's instance too")
        XCTAssertEqual(try repo.tf("__complete", "sprints"), "Sprint 3\n")
        let templates = try repo.tf("__complete", "templates").split(separator: "\n")
        XCTAssertTrue(templates.contains { $0.hasPrefix("coordinator\tOne coordinator tree node") }, "\(templates)")
        XCTAssertTrue(templates.contains { $0.hasPrefix("viewmodel\t") })
        let bash = try repo.tf("completion", "bash")
        XCTAssertTrue(bash.contains("teamflow __complete tasks") && bash.contains("teamflow __complete goals")
                      && bash.contains("teamflow __complete templates"))
        XCTAssertFalse(bash.contains("compgen -W \""), "candidates are never expanded by the shell")
    }
}
