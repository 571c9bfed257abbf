import Foundation
import TeamflowKit
import XCTest
@testable import WebBoard

/// The site's other pages in the live board (dashboard, reviews with their comment form, wiki
/// pages, sprints, charts), the explicit "as" field, and the board's words in `teamflow.lang`.
final class LivePagesTests: XCTestCase {
    var fixture: BoardFixture!
    var server: WebBoardServer!
    var client: HTTPClient { HTTPClient(port: server.port) }

    override func setUpWithError() throws {
        fixture = try BoardFixture()
        let team = try fixture.openTeam()
        try team.reviews.add(.init(pr: 95, title: "Room <create>", sections: []))
        try team.wikiPages.save(title: "Dev journal", body: "Step 1: <script>alert(1)</script>")
        try team.sprints.add(name: "Sprint 12", from: "2024-11-18", to: "2024-11-29")
        try team.members.edit("minsu", .init(email: "minsu@example.com"))
        server = try fixture.serve()
    }

    override func tearDown() {
        server?.stop(grace: 1)
        server = nil
        fixture = nil
        super.tearDown()
    }

    func testTheDashboardReviewWikiSprintAndChartPagesAreServedEscaped() throws {
        let browser = try BrowserSession(client: client)
        let index = try browser.get("/index.html")
        XCTAssertEqual(index.status, 200, index.body)
        XCTAssertTrue(index.body.contains("href=\"review-95.html\""), index.body)
        let review = try browser.get("/review-95.html")
        XCTAssertEqual(review.status, 200)
        XCTAssertTrue(review.body.contains("Room &lt;create&gt;"), review.body)
        XCTAssertFalse(review.body.contains("Room <create>"))
        XCTAssertTrue(review.body.contains("action=\"/reviews/95/comment\""), review.body)
        let pageLink = try XCTUnwrap(index.body.range(of: "href=\"page-").map { range in
            String(index.body[range.upperBound...].prefix { $0 != "\"" })
        })
        let wiki = try browser.get("/page-" + pageLink)
        XCTAssertEqual(wiki.status, 200)
        XCTAssertTrue(wiki.body.contains("Dev journal"))
        XCTAssertFalse(wiki.body.contains("<script>alert(1)"), wiki.body)
        let sprints = try browser.get("/sprints.html")
        XCTAssertEqual(sprints.status, 200)
        XCTAssertTrue(sprints.body.contains("Sprint 12"))
        let charts = try browser.get("/charts.html")
        XCTAssertEqual(charts.status, 200)
        XCTAssertTrue(charts.body.contains("charts/velocity.svg"), charts.body)
        let svg = try browser.get("/charts/velocity.svg")
        XCTAssertEqual(svg.status, 200)
        XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
        XCTAssertTrue(svg.body.contains("<svg"))
        let icon = try browser.get("/icon.svg")
        XCTAssertEqual(icon.status, 200)
        XCTAssertEqual(icon.headers["content-type"], "image/svg+xml")
        XCTAssertTrue(index.body.contains("<link rel=\"icon\" href=\"/icon.svg\""), "named, so no request for /favicon.ico")
        for path in ["/review-96.html", "/nothing.html", "/charts/../Package.swift", "/charts/nothing.svg", "/..%2Findex.html"] {
            XCTAssertEqual(try browser.get(path).status, 404, path)
        }
        XCTAssertEqual(try browser.get("/week-2024-W47.html").status, 200, "the site's week links reach the live week page")
    }

    func testTheCommentFormPostsAReviewCommentAsOneCommit() throws {
        let browser = try BrowserSession(client: client)
        let before = try fixture.commitCount()
        let response = try browser.post("/reviews/95/comment", "text=Looks+good+%3Cb%3E&back=%2Freview-95.html")
        XCTAssertEqual(response.status, 303, response.body)
        XCTAssertEqual(response.headers["location"], "/review-95.html")
        XCTAssertEqual(try fixture.commitCount(), before + 1)
        let review = try fixture.openTeam().reviews.find("95")
        XCTAssertEqual(review.comments.map(\.text), ["Looks good <b>"])
        XCTAssertEqual(review.comments.first?.author, "Kim")
        let page = try browser.get("/review-95.html")
        XCTAssertTrue(page.body.contains("Looks good &lt;b&gt;"), page.body)
        let empty = try browser.post("/reviews/95/comment", "text=&back=%2Freview-95.html")
        XCTAssertEqual(empty.status, 422)
        XCTAssertTrue(empty.body.contains("the comment is empty"), empty.body)
        XCTAssertEqual(try browser.post("/reviews/96/comment", "text=x&back=%2Freview-95.html").status, 404)
    }

    func testTheAsFieldWritesAsTheMemberAndRecordsWhoWroteIt() throws {
        let browser = try BrowserSession(client: client)
        XCTAssertEqual(try browser.post("/tasks", "title=Mine&back=%2F").status, 303)
        XCTAssertEqual(try browser.post("/tasks", "title=For+Minsu&member=minsu&back=%2F").status, 303)
        XCTAssertEqual(try browser.post("/tasks", "title=By+Minsu&as=minsu&back=%2F").status, 303)
        let events = try fixture.openTeam().store.events()
        func added(_ title: String) throws -> Event {
            try XCTUnwrap(events.first { $0.type == "task.added" && $0.data["title"]?.string == title }, title)
        }
        XCTAssertEqual(try added("Mine").author, BoardFixture.author)
        XCTAssertNil(try added("Mine").recordedBy)
        XCTAssertEqual(try added("For Minsu").author, BoardFixture.author, "assigning is not writing as")
        XCTAssertNil(try added("For Minsu").recordedBy)
        XCTAssertEqual(try added("By Minsu").author, Author(name: "Minsu", email: "minsu@example.com"))
        XCTAssertEqual(try added("By Minsu").recordedBy, BoardFixture.author)
        let log = try BoardFixture.git(["log", "-1", "--format=%an <%ae>", "refs/teamflow/events"], in: fixture.folder)
        XCTAssertEqual(log.trimmingCharacters(in: .newlines), "Minsu <minsu@example.com>")
        // The envelope key is in the event file, readable by any YAML reader.
        let file = try BoardFixture.git(["show", "refs/teamflow/events:" + (try eventPath(try added("By Minsu").id))], in: fixture.folder)
        XCTAssertTrue(file.contains("recordedBy:"), file)
        // A member without an email cannot be an author: refused, nothing written.
        let before = try fixture.commitCount()
        let refused = try browser.post("/tasks", "title=By+Jiwoo&as=jiwoo&back=%2F")
        XCTAssertEqual(refused.status, 422, refused.body)
        XCTAssertTrue(refused.body.contains("Jiwoo has no email"), refused.body)
        XCTAssertEqual(try fixture.commitCount(), before)
        // The API takes the same field.
        let api = try client.api("POST", "/api/v1/tasks/\(fixture.taskID)/check", json: "{\"as\": \"minsu\"}")
        XCTAssertEqual(api.status, 200, api.body)
        let checked = try XCTUnwrap(try fixture.openTeam().store.events().last { $0.type == "task.checked" })
        XCTAssertEqual(checked.author.name, "Minsu")
        XCTAssertEqual(checked.recordedBy, BoardFixture.author)
    }

    func testTheBoardsWordsAndFormsFollowTeamflowLang() throws {
        try BoardFixture.git(["config", "teamflow.lang", "ko"], in: fixture.folder)
        server.stop(grace: 1)
        server = try fixture.serve()
        let browser = try BrowserSession(client: client)
        let page = try browser.get("/")
        XCTAssertTrue(page.body.contains("<html lang=\"ko\">"))
        for word in ["작업 추가", "목표 추가", "회고 추가", "내 마지막 변경 되돌리기", "이번 주", "대시보드"] {
            XCTAssertTrue(page.body.contains(word), word)
        }
        for word in ["Add task", "Add goal", "Undo my last change", "Change the board", ">Edit<"] {
            XCTAssertFalse(page.body.contains(word), word)
        }
        let refused = try browser.post("/tasks", "title=&back=%2F")
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.body.contains("오류:"), refused.body)
        XCTAssertTrue(try browser.get("/review-95.html").body.contains("코멘트 남기기"))
    }

    /// `events/<xx>/<id>.yaml` as the tree holds it.
    private func eventPath(_ id: String) throws -> String {
        let tree = try BoardFixture.git(["ls-tree", "-r", "--name-only", "refs/teamflow/events"], in: fixture.folder)
        return try XCTUnwrap(tree.split(separator: "\n").map(String.init).first { $0.hasSuffix("/\(id).yaml") })
    }
}
