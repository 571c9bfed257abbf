import Foundation
import XCTest

/// `issue import` through the fake gh of `ReviewSyncCLITests`.
final class IssueImportCLITests: XCTestCase {
    func testOneTaskPerIssueOnceThenRetitleAndCheck() throws {
        let w = try Workspace()
        let gh = try ReviewSyncCLITests.FakeGH(in: w)
        try gh.answer(#"[{"number": 12, "title": "로그인 오류", "state": "OPEN"}, {"number": 13, "title": "옛 이슈", "state": "CLOSED"}]"#)
        let first = try w.teamflow("issue", "import", "--repo", "team/app", "--limit", "20", "--json", environment: gh.environment)
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertEqual(try gh.runs(), [["issue", "list", "--state", "all", "--limit", "20", "--json",
                                        "number,title,body,state,labels,assignees,url", "--repo", "team/app"]])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let added = try XCTUnwrap(object["added"] as? [[String: Any]])
        XCTAssertEqual(added.map { $0["title"] as? String }, ["로그인 오류"], "a closed issue never seen is left out")
        let id = try XCTUnwrap(added.first?["id"] as? String)

        let head = try w.git("rev-parse", "refs/teamflow/events")
        let again = try w.teamflow("issue", "import", environment: gh.environment)
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("Nothing new"), again.stdout)
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), head, "a second identical import appends nothing")

        try gh.answer(#"[{"number": 12, "title": "로그인 오류 고치기", "state": "OPEN"}]"#)
        XCTAssertTrue(try w.teamflow("issue", "import", environment: gh.environment).stdout.hasPrefix("Retitled #12"))
        try gh.answer(#"[{"number": 12, "title": "닫힌 뒤 제목", "state": "CLOSED"}]"#)
        XCTAssertEqual(try w.teamflow("issue", "import", environment: gh.environment).code, 0)
        let task = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", id, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(task["title"] as? String, "로그인 오류 고치기", "a closed issue's title is not taken")
        XCTAssertEqual(task["done"] as? Bool, true)
        XCTAssertEqual((task["links"] as? [[String: Any]])?.map { $0["label"] as? String }, ["#12"])

        try gh.answer(#"[{"number": 12, "title": "로그인 오류 고치기", "state": "OPEN"}]"#)
        XCTAssertEqual(try w.teamflow("issue", "import", environment: gh.environment).code, 0)
        let reopened = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", id, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(reopened["done"] as? Bool, true, "a reopened issue never unchecks")
        XCTAssertEqual(try w.teamflow("issue", "import", "--limit", "-5", environment: gh.environment).code, 64)
    }

    /// `--label`, `--state open`, `--week`, `--dry-run`; assignees to members by handle, labels as labels.
    func testLabelStateWeekDryRunAssigneesAndLabels() throws {
        let w = try Workspace()
        let gh = try ReviewSyncCLITests.FakeGH(in: w)
        XCTAssertEqual(try w.teamflow("member", "add", "김민수", "--handle", "minsu").code, 0)
        try gh.answer(#"[{"number": 3, "title": "방 목록 깨짐", "state": "OPEN", "labels": [{"name": "bug", "color": "d73a4a"}], "assignees": [{"login": "MinSu", "name": "x"}]}]"#)
        let before = try w.git("rev-parse", "refs/teamflow/events")
        let dry = try w.teamflow("issue", "import", "--label=--state=x", "--state", "open", "--dry-run", environment: gh.environment)
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertEqual(dry.stdout, "Would add #3: 방 목록 깨짐\n")
        XCTAssertEqual(try gh.runs(), [["issue", "list", "--state", "open", "--limit", "100", "--json",
                                        "number,title,body,state,labels,assignees,url", "--label=--state=x"]],
                       "the label is one word: it can never become an option")
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), before, "a dry run writes nothing")

        let real = try w.teamflow("issue", "import", "--week", "2024-W48", "--json", environment: gh.environment)
        XCTAssertEqual(real.code, 0, real.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(real.stdout.utf8)) as? [String: Any])
        let added = try XCTUnwrap((object["added"] as? [[String: Any]])?.first)
        XCTAssertEqual(added["week"] as? String, "2024-W48")
        XCTAssertEqual(added["labels"] as? [String], ["bug"])
        XCTAssertEqual(added["member"] as? String, "김민수", "the assignee MinSu is the member with handle minsu")
        XCTAssertEqual(try w.teamflow("issue", "import", "--state", "closed", environment: gh.environment).code, 64)

        try gh.answer(#"[{"number": 3, "title": "방 목록 깨짐", "state": "OPEN", "labels": [{"name": "bug"}, {"name": "p1"}], "assignees": []}]"#)
        XCTAssertTrue(try w.teamflow("issue", "import", environment: gh.environment).stdout.hasPrefix("Relabeled #3"))
        let offline = w.path + "/issues.json"
        try Data(#"[{"number": 4, "title": "다른 것", "state": "OPEN", "labels": [{"name": "ui"}]}]"#.utf8).write(to: URL(fileURLWithPath: offline))
        XCTAssertEqual(try w.teamflow("issue", "import", "--from-gh-json", offline, "--label", "bug").stdout, "Nothing new in 0 issues.\n")
    }
}
