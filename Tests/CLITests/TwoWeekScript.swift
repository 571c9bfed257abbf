import Foundation
import XCTest

/// The two weeks as a five-person team logged them (W47 from Monday 2024-11-18, carried into
/// W48 on Monday 2024-11-25), each step at its own `TEAMFLOW_NOW` in Asia/Seoul.
enum TwoWeekScript {
    /// `$title` in an argument is replaced by the id `task add --json` printed for that title;
    /// `%title` by the id of the goal with that title in the step's week (`goal list --json`).
    static let steps: [(now: String, args: [String])] = [
        ("2024-11-18T09:00:00+09:00", ["member", "add", "지혜", "--handle", "jihye"]),
        ("2024-11-18T09:00:10+09:00", ["member", "add", "건우", "--handle", "geonwoo"]),
        ("2024-11-18T09:00:20+09:00", ["member", "add", "석영", "--handle", "seok"]),
        ("2024-11-18T09:00:30+09:00", ["member", "add", "민수", "--handle", "minsu"]),
        ("2024-11-18T09:00:40+09:00", ["member", "add", "하은", "--handle", "haeun"]),
        ("2024-11-18T09:01:00+09:00", ["sprint", "add", "Sprint 3", "--from", "2024-11-18", "--to", "2024-11-29"]),
        ("2024-11-18T09:02:00+09:00", ["goal", "add", "PR 리뷰 24시간 안에", "--every", "week"]),
        ("2024-11-18T09:03:00+09:00", ["goal", "add", "로그인 흐름 완성"]),
        ("2024-11-18T09:04:00+09:00", ["goal", "edit", "%로그인 흐름 완성", "--sprint", "Sprint 3"]),
        ("2024-11-18T09:10:00+09:00", ["task", "add", "화면간 연결", "--member", "지혜", "--due", "2024-11-22"]),
        ("2024-11-18T09:11:00+09:00", ["task", "add", "버튼 배치", "--parent", "$화면간 연결"]),
        ("2024-11-18T09:12:00+09:00", ["task", "add", "전환 애니메이션", "--parent", "$화면간 연결"]),
        ("2024-11-18T09:13:00+09:00", ["task", "add", "DI", "--member", "건우"]),
        ("2024-11-18T09:14:00+09:00", ["task", "add", "코드 리뷰", "--member", "건우", "--due", "2024-11-29"]),
        ("2024-11-18T09:15:00+09:00", ["task", "add", "로그인 화면 🎨", "--member", "석영"]),
        ("2024-11-18T09:16:00+09:00", ["task", "add", "API 연동", "--member", "민수", "--due", "2024-11-20"]),
        ("2024-11-18T09:17:00+09:00", ["task", "add", "테스트 작성", "--member", "하은"]),
        ("2024-11-18T09:18:00+09:00", ["task", "add", "백로그 정리", "--member", "하은", "--week", "2024-W46"]),
        ("2024-11-19T11:00:00+09:00", ["task", "edit", "$백로그 정리", "$DI", "--sprint", "Sprint 3"]),
        ("2024-11-19T18:00:00+09:00", ["task", "check", "$버튼 배치"]),
        ("2024-11-20T11:00:00+09:00", ["task", "check", "$DI"]),
        ("2024-11-21T15:00:00+09:00", ["task", "start", "$코드 리뷰"]),
        ("2024-11-22T16:00:00+09:00", ["task", "check", "$로그인 화면 🎨", "$테스트 작성"]),
        ("2024-11-22T17:00:00+09:00", ["goal", "check", "%PR 리뷰 24시간 안에"]),
        ("2024-11-25T09:00:00+09:00", ["week", "carry"]),
        ("2024-11-25T09:05:00+09:00", ["task", "add", "새 일", "--member", "지혜", "--due", "2024-11-27"]),
        ("2024-11-27T14:00:00+09:00", ["task", "check", "$전환 애니메이션"]),
        ("2024-11-28T10:00:00+09:00", ["task", "check", "$백로그 정리"]),
        ("2024-11-29T16:00:00+09:00", ["goal", "check", "%PR 리뷰 24시간 안에"]),
    ]

    /// Replays the steps at times in `after < now <= until` in `w` (failing the test on a non-zero
    /// exit); returns `ids` plus the task ids by title. Same-offset ISO times compare as strings.
    @discardableResult
    static func replay(in w: Workspace, after: String = "", until: String = "9", ids known: [String: String] = [:],
                       file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        var ids = known
        for step in steps where step.now > after && step.now <= until {
            let args = try step.args.map { arg in
                if arg.hasPrefix("%") { return try goalID(String(arg.dropFirst()), in: w, at: step.now) }
                return arg.hasPrefix("$") ? ids[String(arg.dropFirst())] ?? arg : arg
            }
            let isAdd = args.prefix(2) == ["task", "add"]
            let result = try CLI.run(args + (isAdd ? ["--json"] : []), in: w.path,
                                     environment: ["TEAMFLOW_NOW": step.now])
            XCTAssertEqual(result.code, 0, "\(args): \(result.stderr)", file: file, line: line)
            if isAdd { ids[args[2]] = w.id(from: result, file: file, line: line) }
        }
        return ids
    }

    /// The id of this week's goal titled `title` (a recurring rule's instance included).
    static func goalID(_ title: String, in w: Workspace, at now: String) throws -> String {
        let out = try CLI.run(["goal", "list", "--json"], in: w.path, environment: ["TEAMFLOW_NOW": now]).stdout
        let goals = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? []
        return goals.first { $0["title"] as? String == title }?["id"] as? String ?? "missing-\(title)"
    }
}
