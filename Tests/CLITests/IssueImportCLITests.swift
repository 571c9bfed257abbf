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

        try gh.answer(#"[{"number": 12, "title": "로그인 오류 고치기", "state": "CLOSED"}]"#)
        XCTAssertEqual(try w.teamflow("issue", "import", environment: gh.environment).code, 0)
        let task = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", id, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(task["title"] as? String, "로그인 오류 고치기")
        XCTAssertEqual(task["done"] as? Bool, true)
        XCTAssertEqual((task["links"] as? [[String: Any]])?.map { $0["label"] as? String }, ["#12"])

        try gh.answer(#"[{"number": 12, "title": "로그인 오류 고치기", "state": "OPEN"}]"#)
        XCTAssertEqual(try w.teamflow("issue", "import", environment: gh.environment).code, 0)
        let reopened = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", id, "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(reopened["done"] as? Bool, true, "a reopened issue never unchecks")
        XCTAssertEqual(try w.teamflow("issue", "import", "--limit", "-5", environment: gh.environment).code, 64)
    }
}
