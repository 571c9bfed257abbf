import Foundation
import XCTest

/// `review sync` end to end through a fake `gh` first on `PATH`: it logs its arguments one per
/// line and answers with the JSON file `FAKE_GH_JSON` names, `gh pr list` with `FAKE_GH_LIST`
/// (or fails as `FAKE_GH_FAIL` says).
final class ReviewSyncCLITests: XCTestCase {
    static let script = """
    #!/bin/sh
    for a in "$@"; do printf '%s\\n' "$a" >> "$FAKE_GH_LOG"; done
    printf '%s\\n' '----' >> "$FAKE_GH_LOG"
    if [ -n "$FAKE_GH_FAIL" ]; then printf '%s\\n' "$FAKE_GH_FAIL" >&2; exit 1; fi
    if [ "$1 $2" = "pr list" ] && [ -f "$FAKE_GH_LIST" ]; then cat "$FAKE_GH_LIST"; exit 0; fi
    cat "$FAKE_GH_JSON"
    """

    /// PR 95 as gh prints it: `state`, one comment, one review, each with its GitHub id.
    static func pr(title: String = "방 생성 --repo=evil", body: String = "## 배경\\r\\n이유", comments: [String] = [],
                   state: String = "OPEN", mergedAt: String = "null") -> String {
        let base = [#"{"id": "IC_1", "author": {"login": "hsw1920"}, "body": "고생하셨습니다", "createdAt": "2024-11-18T05:00:00Z"}"#]
        return """
        {"number": 95, "title": "\(title)", "body": "\(body)", "author": {"login": "jinwoo"},
         "url": "https://github.com/team/app/pull/95", "headRefName": "feat/room", "createdAt": "2024-11-18T01:00:00Z",
         "state": "\(state)", "mergedAt": \(mergedAt),
         "comments": [\((base + comments).joined(separator: ", "))],
         "reviews": [{"id": "PRR_1", "author": {"login": "seok"}, "body": "LGTM", "state": "APPROVED", "submittedAt": "2024-11-18T03:00:00Z"}]}
        """
    }

    struct FakeGH {
        let bin: String
        let log: String
        let json: String
        let list: String
        var environment: [String: String] {
            ["PATH": bin + ":/usr/bin:/bin", "FAKE_GH_LOG": log, "FAKE_GH_JSON": json, "FAKE_GH_LIST": list]
        }

        init(in w: Workspace) throws {
            bin = w.path + "/fake-bin"
            log = w.path + "/gh.log"
            json = w.path + "/answer.json"
            list = w.path + "/list.json"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try Data(ReviewSyncCLITests.script.utf8).write(to: URL(fileURLWithPath: bin + "/gh"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/gh")
        }

        func answer(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: json))
        }

        /// What `gh pr list` prints.
        func answerList(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: list))
        }

        /// Each run's arguments.
        func runs() throws -> [[String]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.components(separatedBy: "----\n").filter { !$0.isEmpty }.map {
                $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
        }
    }

    func head(_ w: Workspace) -> String { (try? w.git("rev-parse", "refs/teamflow/events")) ?? "" }

    func json(_ result: CLI.Result) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout + result.stderr)
    }

    func testRecordRefreshTwiceAndNothingOnAnIdenticalRefresh() throws {
        let w = try Workspace()
        let gh = try FakeGH(in: w)
        try gh.answer(Self.pr())
        let recorded = try w.teamflow("review", "sync", "--pr", "95", "--repo", "team/app", "--json", environment: gh.environment)
        XCTAssertEqual(recorded.code, 0, recorded.stderr)
        let first = try json(recorded)
        XCTAssertEqual(first["title"] as? String, "방 생성 --repo=evil")
        XCTAssertEqual(first["state"] as? String, "open")
        XCTAssertEqual((first["comments"] as? [[String: Any]])?.map { $0["github"] as? String }, ["PRR_1", "IC_1"])
        // The number is an operand after --; the title never reaches gh's arguments.
        XCTAssertEqual(try gh.runs(), [["pr", "view", "--json",
                                        "number,title,body,author,url,headRefName,createdAt,state,mergedAt,comments,reviews",
                                        "--repo", "team/app", "--", "95"]])

        let same = head(w)
        let unchanged = try w.teamflow("review", "sync", "--pr", "95", "--repo", "team/app", environment: gh.environment)
        XCTAssertEqual(unchanged.code, 0, unchanged.stderr)
        XCTAssertTrue(unchanged.stdout.hasPrefix("Nothing new on PR #95"), unchanged.stdout)
        XCTAssertEqual(head(w), same, "an identical refresh appends nothing")

        // One comment edited, one new.
        try gh.answer(Self.pr(comments: [#"{"id": "IC_2", "author": {"login": "lee"}, "body": "질문 있어요", "createdAt": "2024-11-19T00:00:00Z"}"#])
            .replacingOccurrences(of: "고생하셨습니다", with: "고생하셨습니다!"))
        let refreshed = try w.teamflow("review", "sync", "--pr", "95", "--json", environment: gh.environment)
        XCTAssertEqual(refreshed.code, 0, refreshed.stderr)
        let comments = try XCTUnwrap(try json(refreshed)["comments"] as? [[String: Any]])
        XCTAssertEqual(comments.map { $0["text"] as? String }, ["LGTM", "고생하셨습니다!", "질문 있어요"])
        XCTAssertEqual(try w.git("log", "-1", "--format=%an", "refs/teamflow/events"), "건우")

        // Merged.
        try gh.answer(Self.pr(comments: [#"{"id": "IC_2", "author": {"login": "lee"}, "body": "질문 있어요", "createdAt": "2024-11-19T00:00:00Z"}"#],
                              state: "MERGED", mergedAt: #""2024-11-20T00:00:00Z""#)
            .replacingOccurrences(of: "고생하셨습니다", with: "고생하셨습니다!"))
        let merged = try json(try w.teamflow("review", "sync", "--pr", "95", "--json", environment: gh.environment))
        XCTAssertEqual(merged["state"] as? String, "merged")
        XCTAssertEqual(merged["mergedAt"] as? String, "2024-11-20T00:00:00Z")
        XCTAssertEqual((merged["comments"] as? [[String: Any]])?.count, 3)
        let again = head(w)
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "95", environment: gh.environment).code, 0)
        XCTAssertEqual(head(w), again, "a second identical refresh appends nothing")
        XCTAssertTrue(try w.teamflow("review", "show", "95").stdout.contains("merged"))
    }

    func testGhMissingFailingOrNotJSON() throws {
        let w = try Workspace()
        let empty = w.path + "/empty-bin"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let missing = try w.teamflow("review", "sync", "--pr", "95", environment: ["PATH": empty])
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.stderr.contains("Install the GitHub CLI"), missing.stderr)

        let gh = try FakeGH(in: w)
        var failing = gh.environment
        failing["FAKE_GH_FAIL"] = "HTTP 401: Bad credentials (https://api.github.com/graphql)"
        let failed = try w.teamflow("review", "sync", "--pr", "95", environment: failing)
        XCTAssertEqual(failed.code, 1)
        XCTAssertEqual(failed.stderr, "error: HTTP 401: Bad credentials (https://api.github.com/graphql)\n")
        XCTAssertEqual(head(w), "", "nothing appended")

        try gh.answer("<html>not json</html>")
        let garbled = try w.teamflow("review", "sync", "--pr", "95", environment: gh.environment)
        XCTAssertEqual(garbled.code, 1)
        XCTAssertTrue(garbled.stderr.contains("not JSON"), garbled.stderr)

        // A number that is not digits, or a repository that looks like an option, never reaches gh.
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "--help=x", environment: gh.environment).code, 64)
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "95", "--repo", "-x/y", environment: gh.environment).code, 64)
        XCTAssertEqual(try gh.runs().count, 2, "only the failing and the not-JSON runs reached gh")
    }

    func testFromGitHubJSONOffline() throws {
        let w = try Workspace()
        try Data(Self.pr().utf8).write(to: URL(fileURLWithPath: w.path + "/pr.json"))
        let recorded = try w.teamflow("review", "sync", "--pr", "95", "--from-gh-json", "pr.json")
        XCTAssertEqual(recorded.code, 0, recorded.stderr)
        let same = head(w)
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "95", "--from-gh-json", "pr.json").code, 0)
        XCTAssertEqual(head(w), same)
        let other = try w.teamflow("review", "sync", "--pr", "96", "--from-gh-json", "pr.json")
        XCTAssertEqual(other.code, 1)
    }

    func testALinkedTaskIsCheckedOnMergeAndNotUncheckedOnReopen() throws {
        let w = try Workspace()
        let gh = try FakeGH(in: w)
        let task = w.id(from: try w.teamflow("task", "add", "방 생성 API", "--json"))
        let other = w.id(from: try w.teamflow("task", "add", "손으로 끝낸 일", "--json"))
        XCTAssertEqual(try w.teamflow("task", "link", task, "--pr", "#95").code, 0)
        XCTAssertEqual(try w.teamflow("task", "link", other, "--pr", "95").code, 0)
        XCTAssertEqual(try w.teamflow("task", "link", task, "--pr", "95").code, 1, "already linked")
        XCTAssertEqual(try w.teamflow("task", "link", task, "--pr", "95", "--issue", "3").code, 64)
        XCTAssertEqual(try w.teamflow("task", "link", task, "--commit", "not-a-sha").code, 64)
        try gh.answer(Self.pr())
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "95", environment: gh.environment).code, 0)
        let shown = try w.teamflow("task", "show", task)
        XCTAssertTrue(shown.stdout.contains("#95 (https://github.com/team/app/pull/95)"), shown.stdout)
        let links = try XCTUnwrap(try json(try w.teamflow("task", "show", task, "--json"))["links"] as? [[String: Any]])
        XCTAssertEqual(links.map { $0["label"] as? String }, ["#95"])
        XCTAssertEqual(links.map { $0["url"] as? String }, ["https://github.com/team/app/pull/95"])
        XCTAssertEqual(try w.teamflow("task", "check", other).code, 0)
        XCTAssertTrue(try w.teamflow("task", "list").stdout.contains("#95"))
        XCTAssertTrue(try w.teamflow("week").stdout.contains("방 생성 API  #95"), "the terminal board ends task lines with their links")
        XCTAssertEqual(try w.teamflow("wiki", "export", "--out", "wiki").code, 0)
        let pages = try filesUnder(w.path + "/wiki").values.map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(pages.contains { $0.contains("방 생성 API [\\#95](https://github.com/team/app/pull/95)") }, "\(pages)")
        XCTAssertEqual(try w.teamflow("site", "--out", "public").code, 0)
        let site = try filesUnder(w.path + "/public").values.map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(site.contains { $0.contains("<a href=\"https://github.com/team/app/pull/95\">#95</a>") })

        try gh.answer(Self.pr(state: "MERGED", mergedAt: #""2024-11-20T00:00:00Z""#))
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "95", environment: gh.environment).code, 0)
        XCTAssertEqual(try json(try w.teamflow("task", "show", task, "--json"))["done"] as? Bool, true)
        let checkEvent = try w.git("log", "-1", "-p", "--format=", "refs/teamflow/events")
        XCTAssertTrue(checkEvent.contains("source: github"), checkEvent)
        XCTAssertTrue(checkEvent.contains("pr: 95"), checkEvent)

        try gh.answer(Self.pr(state: "OPEN"))
        XCTAssertEqual(try w.teamflow("review", "sync", "--pr", "95", environment: gh.environment).code, 0)
        XCTAssertEqual(try json(try w.teamflow("task", "show", task, "--json"))["done"] as? Bool, true, "a reopen never unchecks")
        XCTAssertEqual(try json(try w.teamflow("task", "show", other, "--json"))["done"] as? Bool, true)
        XCTAssertEqual(try w.teamflow("task", "link", task, "--pr", "95", "--unlink").code, 0)
        XCTAssertEqual((try json(try w.teamflow("task", "show", task, "--json"))["links"] as? [Any])?.count, 0)
    }

    /// `--open`: every listed PR is recorded; a recorded PR that leaves the list is asked for
    /// by number, and its merge checks the linked task (source github); a reopen never unchecks.
    func testSyncOpenRecordsListedPRsAndRechecksTheOnesThatLeftTheList() throws {
        let w = try Workspace()
        let gh = try FakeGH(in: w)
        let task = w.id(from: try w.teamflow("task", "add", "방 생성 API", "--json"))
        XCTAssertEqual(try w.teamflow("task", "link", task, "--pr", "95").code, 0)
        let other = Self.pr().replacingOccurrences(of: "\"number\": 95", with: "\"number\": 96")
            .replacingOccurrences(of: "pull/95", with: "pull/96").replacingOccurrences(of: "IC_1", with: "IC_9")
            .replacingOccurrences(of: "PRR_1", with: "PRR_9")
        try gh.answerList("[\(Self.pr()), \(other)]")
        let first = try w.teamflow("review", "sync", "--open", "--repo", "team/app", "--json", environment: gh.environment)
        XCTAssertEqual(first.code, 0, first.stderr)
        let recorded = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(recorded.map { $0["pr"] as? Int }, [95, 96])
        XCTAssertEqual(try gh.runs(), [["pr", "list", "--state", "open", "--limit", "100", "--json",
                                        "number,title,body,author,url,headRefName,createdAt,state,mergedAt,comments,reviews",
                                        "--repo", "team/app"]])
        let same = head(w)
        XCTAssertEqual(try w.teamflow("review", "sync", "--open", environment: gh.environment).code, 0)
        XCTAssertEqual(head(w), same, "nothing new, nothing appended")

        // PR 95 merged: it leaves the open list and is asked for with pr view.
        try gh.answerList("[\(other)]")
        try gh.answer(Self.pr(state: "MERGED", mergedAt: #""2024-11-20T00:00:00Z""#))
        let merged = try w.teamflow("review", "sync", "--open", environment: gh.environment)
        XCTAssertEqual(merged.code, 0, merged.stderr)
        XCTAssertEqual(try gh.runs().last, ["pr", "view", "--json",
                                            "number,title,body,author,url,headRefName,createdAt,state,mergedAt,comments,reviews", "--", "95"])
        XCTAssertEqual(try json(try w.teamflow("task", "show", task, "--json"))["done"] as? Bool, true)
        let checkEvent = try w.git("log", "-1", "-p", "--format=", "refs/teamflow/events")
        XCTAssertTrue(checkEvent.contains("source: github") && checkEvent.contains("pr: 95"), checkEvent)
        let runs = try gh.runs().count
        XCTAssertEqual(try w.teamflow("review", "sync", "--open", environment: gh.environment).code, 0)
        XCTAssertEqual(try gh.runs().count, runs + 1, "a merged PR is not asked for again")

        // gh failing: exit 1, nothing appended.
        var failing = gh.environment
        failing["FAKE_GH_FAIL"] = "gh: To get started with GitHub CLI, please run:  gh auth login"
        let before = head(w)
        let failed = try w.teamflow("review", "sync", "--open", environment: failing)
        XCTAssertEqual(failed.code, 1)
        XCTAssertTrue(failed.stderr.contains("gh auth login"), failed.stderr)
        XCTAssertEqual(head(w), before)
        XCTAssertEqual(try w.teamflow("review", "sync", "--open", "--pr", "95", environment: gh.environment).code, 64)
        try gh.answerList("{not json")
        XCTAssertEqual(try w.teamflow("review", "sync", "--open", environment: gh.environment).code, 1)
        XCTAssertEqual(head(w), before)
    }
}
