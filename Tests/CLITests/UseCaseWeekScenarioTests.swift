import Foundation
import XCTest

/// Replays a recorded whole week (goals, members' tasks with sub-tasks, checks across days) and
/// compares `week --json` and the plain text board to the expected output.
final class UseCaseWeekScenarioTests: XCTestCase {
    /// The recorded week: each step is (TEAMFLOW_NOW, command line).
    static let script: [(String, [String])] = [
        ("2024-11-18T09:00:00+09:00", ["init", "--team", "BeStory"]),
        ("2024-11-18T09:01:00+09:00", ["member", "add", "김민수", "--handle", "minsu"]),
        ("2024-11-18T09:02:00+09:00", ["member", "add", "Lee Jiwoo", "--handle", "jiwoo"]),
        ("2024-11-18T09:03:00+09:00", ["member", "add", "박서연"]),
        ("2024-11-18T09:05:00+09:00", ["goal", "add", "에픽 1, 2 빠르게 완성"]),
        ("2024-11-18T09:06:00+09:00", ["goal", "add", "배포 꼭 하기 🚀"]),
        ("2024-11-18T09:10:00+09:00", ["project", "add", "앱 출시", "--due", "2024-11-15"]),
        ("2024-11-18T09:11:00+09:00", ["project", "add", "Backend v2", "--due", "2024-12-20"]),
        ("2024-11-18T09:12:00+09:00", ["epic", "add", "로그인", "--project", "앱 출시"]),
        ("2024-11-18T09:20:00+09:00", ["task", "add", "로그인 API 연결", "--member", "minsu", "--epic", "로그인"]),
        ("2024-11-18T09:21:00+09:00", ["task", "add", "토큰 저장", "--parent", "로그인 API 연결"]),
        ("2024-11-18T09:22:00+09:00", ["task", "add", "키체인 래퍼", "--parent", "토큰 저장"]),
        ("2024-11-18T09:23:00+09:00", ["task", "add", "코드 리뷰 👀", "--member", "JIWOO"]),
        ("2024-11-18T09:24:00+09:00", ["task", "add", "다음 주 일", "--member", "jiwoo", "--week", "2024-W48"]),
        ("2024-11-19T18:00:00+09:00", ["task", "check", "키체인 래퍼"]),
        ("2024-11-20T11:00:00+09:00", ["task", "start", "로그인 API 연결"]),
        ("2024-11-21T15:00:00+09:00", ["task", "check", "코드 리뷰 👀"]),
        ("2024-11-21T16:00:00+09:00", ["goal", "check", "배포 꼭 하기 🚀"]),
        ("2024-11-22T17:00:00+09:00", ["task", "add", "회고 준비"]),
    ]

    func testRecordedWeekBoard() throws {
        let repo = try TempRepo()
        for (now, args) in Self.script {
            var line = args
            if args.first == "goal", args.dropFirst().first == "check" {
                line = ["goal", "check", try goalID(repo, title: args[2], now: now)]
            }
            let result = try runTeamflow(line, cwd: repo.url, env: ["TEAMFLOW_NOW": now])
            XCTAssertEqual(result.code, 0, "\(line): \(result.stderr)")
        }
        let env = ["TEAMFLOW_NOW": "2024-11-22T18:00:00+09:00"]
        let json = try runTeamflow(["week", "2024-W47", "--json"], cwd: repo.url, env: env).stdout
        let text = try runTeamflow(["week", "2024-W47"], cwd: repo.url, env: env).stdout
        let both = normalizeIDs(json + "\u{0}" + text).split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(both.count, 2)
        XCTAssertEqual(both.first, Self.expectedJSON)
        XCTAssertEqual(both.last, Self.expectedText)
    }

    private func goalID(_ repo: TempRepo, title: String, now: String) throws -> String {
        let out = try runTeamflow(["goal", "list", "--json"], cwd: repo.url, env: ["TEAMFLOW_NOW": now]).stdout
        let goals = (try JSONSerialization.jsonObject(with: Data(out.utf8))) as? [[String: Any]] ?? []
        return (goals.first { $0["title"] as? String == title }?["id"] as? String) ?? title
    }

    static let expectedJSON = """
    {
      "schema": 1,
      "week": "2024-W47",
      "start": "2024-11-18",
      "end": "2024-11-24",
      "goals": [
        {
          "id": "#1",
          "short": "#1",
          "title": "에픽 1, 2 빠르게 완성",
          "done": false,
          "week": "2024-W47",
          "sprint": null,
          "createdBy": "Kim Minsu",
          "createdAt": "2024-11-18T09:05:00+09:00",
          "doneAt": null,
          "note": null,
          "member": null,
          "carriedFrom": null,
          "carriedTo": null
        },
        {
          "id": "#2",
          "short": "#2",
          "title": "배포 꼭 하기 🚀",
          "done": true,
          "week": "2024-W47",
          "sprint": null,
          "createdBy": "Kim Minsu",
          "createdAt": "2024-11-18T09:06:00+09:00",
          "doneAt": "2024-11-21T16:00:00+09:00",
          "note": null,
          "member": null,
          "carriedFrom": null,
          "carriedTo": null
        }
      ],
      "sprint": null,
      "members": [
        {
          "id": "#3",
          "name": "김민수",
          "handle": "minsu",
          "done": 1,
          "total": 3,
          "tasks": [
            {
              "id": "#4",
              "short": "#4",
              "title": "로그인 API 연결",
              "done": false,
              "status": "doing",
              "member": "김민수",
              "epic": "#5",
              "parent": null,
              "week": "2024-W47",
              "sprint": null,
              "due": null,
              "doneAt": null,
              "note": null,
              "points": null,
              "labels": [],
              "carriedFrom": null,
              "carriedTo": null,
              "overdue": false,
              "subtasks": [
                {
                  "id": "#6",
                  "short": "#6",
                  "title": "토큰 저장",
                  "done": false,
                  "status": "todo",
                  "member": "김민수",
                  "epic": "#5",
                  "parent": "#4",
                  "week": "2024-W47",
                  "sprint": null,
                  "due": null,
                  "doneAt": null,
                  "note": null,
                  "points": null,
                  "labels": [],
                  "carriedFrom": null,
                  "carriedTo": null,
                  "overdue": false,
                  "subtasks": [
                    {
                      "id": "#7",
                      "short": "#7",
                      "title": "키체인 래퍼",
                      "done": true,
                      "status": "done",
                      "member": "김민수",
                      "epic": "#5",
                      "parent": "#6",
                      "week": "2024-W47",
                      "sprint": null,
                      "due": null,
                      "doneAt": "2024-11-19T18:00:00+09:00",
                      "note": null,
                      "points": null,
                      "labels": [],
                      "carriedFrom": null,
                      "carriedTo": null,
                      "overdue": false,
                      "subtasks": []
                    }
                  ]
                }
              ]
            }
          ]
        },
        {
          "id": "#8",
          "name": "Lee Jiwoo",
          "handle": "jiwoo",
          "done": 1,
          "total": 1,
          "tasks": [
            {
              "id": "#9",
              "short": "#9",
              "title": "코드 리뷰 👀",
              "done": true,
              "status": "done",
              "member": "Lee Jiwoo",
              "epic": null,
              "parent": null,
              "week": "2024-W47",
              "sprint": null,
              "due": null,
              "doneAt": "2024-11-21T15:00:00+09:00",
              "note": null,
              "points": null,
              "labels": [],
              "carriedFrom": null,
              "carriedTo": null,
              "overdue": false,
              "subtasks": []
            }
          ]
        }
      ],
      "unassigned": [
        {
          "id": "#10",
          "short": "#10",
          "title": "회고 준비",
          "done": false,
          "status": "todo",
          "member": null,
          "epic": null,
          "parent": null,
          "week": "2024-W47",
          "sprint": null,
          "due": null,
          "doneAt": null,
          "note": null,
          "points": null,
          "labels": [],
          "carriedFrom": null,
          "carriedTo": null,
          "overdue": false,
          "subtasks": []
        }
      ],
      "overdue": [
        {
          "id": "#11",
          "short": "#11",
          "name": "앱 출시",
          "status": "todo",
          "due": "2024-11-15",
          "overdue": true,
          "description": null
        }
      ],
      "overdueTasks": []
    }
    """ + "\n"

    static let expectedText = """
    Week 2024-W47 (2024-11-18 – 2024-11-24)

    Team goals (1/2)
      [ ] #1  에픽 1, 2 빠르게 완성
      [x] #2  배포 꼭 하기 🚀

    김민수 @minsu (1/3)
      [~] #4  로그인 API 연결
        [ ] #6  토큰 저장
          [x] #7  키체인 래퍼

    Lee Jiwoo @jiwoo (1/1)
      [x] #9  코드 리뷰 👀

    Unassigned (0/1)
      [ ] #10  회고 준비

    Overdue projects
      [ ] #11  앱 출시  overdue since 2024-11-15
    """ + "\n"
}
