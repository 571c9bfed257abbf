import Foundation
import TeamflowKit
import XCTest
@testable import WebBoard

/// The board over real HTTP (libmicrohttpd on a free port, a raw socket client): who gets in,
/// what a browser must prove, and that every action is the CLI's one commit.
final class WebBoardHTTPTests: XCTestCase {
    var fixture: BoardFixture!
    var server: WebBoardServer!
    var client: HTTPClient { HTTPClient(port: server.port) }

    override func setUpWithError() throws {
        fixture = try BoardFixture()
        server = try fixture.serve()
    }

    override func tearDown() {
        server?.stop(grace: 1)
        server = nil
        fixture = nil
        super.tearDown()
    }

    func testTheURLCarriesTheTokenAndTheRealPort() {
        XCTAssertNotEqual(server.port, 0)
        XCTAssertEqual(server.url, "http://127.0.0.1:\(server.port)/?token=\(BoardFixture.token)")
        XCTAssertEqual(server.teamName, "BeStory")
    }

    func testNoTokenIs401() throws {
        XCTAssertEqual(try client.send("GET", "/").status, 401)
        XCTAssertEqual(try client.send("GET", "/api/v1/week").status, 401)
        XCTAssertEqual(try client.send("GET", "/?token=" + String(repeating: "cd", count: 32)).status, 401)
        XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: ["Authorization": "Bearer nope"]).status, 401)
    }

    func testAHostOtherThanTheBoundAddressIs421() throws {
        let headers = ["Authorization": "Bearer \(BoardFixture.token)"]
        XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: headers, host: "evil.example:\(server.port)").status, 421)
        XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: headers, host: "127.0.0.1:1").status, 421)
        XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: headers, host: "localhost:\(server.port)").status, 200)
    }

    func testTheFirstVisitTradesTheTokenForAStrictCookieAndDropsItFromTheURL() throws {
        let response = try client.send("GET", "/?token=\(BoardFixture.token)")
        XCTAssertEqual(response.status, 303)
        XCTAssertEqual(response.headers["location"], "/")
        let cookie = try XCTUnwrap(response.headers["set-cookie"])
        XCTAssertTrue(cookie.contains("HttpOnly"), cookie)
        XCTAssertTrue(cookie.contains("SameSite=Strict"), cookie)
        XCTAssertFalse(cookie.contains(BoardFixture.token), "the cookie is a session id, not the token")
        let page = try client.send("GET", "/", headers: ["Cookie": String(cookie.split(separator: ";")[0])])
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("Login API"))
        XCTAssertTrue(page.body.contains("Token storage &lt;b&gt;"), "titles go through the site's escaping")
        XCTAssertFalse(page.body.contains("Token storage <b>"))
    }

    /// The page formats the read model the API returns: the same goals and task lines, the
    /// same marks, nothing counted or picked by the page itself.
    func testThePageShowsTheItemsAndMarksTheWeekJSONHas() throws {
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks", json: #"{"title": "Sub", "member": "minsu"}"#).status, 200)
        let parent = String(fixture.taskID.prefix(8))
        try fixture.openTeam().tasks.add(title: "Nested", .init(member: "minsu", parent: parent))
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks/\(fixture.otherTaskID)/check").status, 200)
        let week = try object(try client.api("GET", "/api/v1/week"))
        func lines(_ tasks: [[String: Any]]) -> [(String, Bool)] {
            tasks.flatMap { [($0["short"] as? String ?? "", $0["done"] as? Bool ?? false)] + lines($0["subtasks"] as? [[String: Any]] ?? []) }
        }
        let members = week["members"] as? [[String: Any]] ?? []
        let expected = lines(members.flatMap { $0["tasks"] as? [[String: Any]] ?? [] } + (week["unassigned"] as? [[String: Any]] ?? []))
        let goals = (week["goals"] as? [[String: Any]] ?? []).compactMap { $0["short"] as? String }
        XCTAssertEqual(expected.count, 4)
        let page = try BrowserSession(client: client).get("/").body
        XCTAssertEqual(page.components(separatedBy: "<li id=\"task-").count - 1, expected.count)
        for (short, done) in expected {
            XCTAssertTrue(page.contains("<li id=\"task-\(short)\"" + (done ? " class=\"done" : "")), short)
        }
        XCTAssertEqual(page.components(separatedBy: "<li id=\"goal-").count - 1, goals.count)
        for short in goals { XCTAssertTrue(page.contains("<li id=\"goal-\(short)\""), short) }
    }

    func testEveryResponseCarriesTheSecurityHeadersAndNoCORS() throws {
        let response = try client.api("GET", "/api/v1/week")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-security-policy"]?.hasPrefix("default-src 'self'; frame-ancestors 'none'"), true)
        XCTAssertEqual(response.headers["x-content-type-options"], "nosniff")
        XCTAssertEqual(response.headers["referrer-policy"], "no-referrer")
        XCTAssertFalse(response.headers.keys.contains { $0.hasPrefix("access-control-") })
        XCTAssertEqual(try client.send("GET", "/").headers["x-content-type-options"], "nosniff")
    }

    func testACookiePostWithoutTheCSRFTokenIs403AndWritesNothing() throws {
        let browser = try BrowserSession(client: client)
        let before = try fixture.commitCount()
        XCTAssertEqual(try browser.post("/tasks/\(fixture.taskID)/check", "back=/", csrf: false).status, 403)
        XCTAssertEqual(try browser.post("/tasks/\(fixture.taskID)/check", "back=/&csrf=" + String(repeating: "0", count: 64), csrf: false).status, 403)
        XCTAssertEqual(try fixture.commitCount(), before)
        XCTAssertFalse(try fixture.openTeam().week().members.flatMap(\.tasks).contains { $0.task.done })
    }

    func testAFormPostWithTheCSRFTokenChecksTheTaskAndRedirectsBack() throws {
        let browser = try BrowserSession(client: client)
        let before = try fixture.commitCount()
        let response = try browser.post("/tasks/\(fixture.taskID)/check", "back=/")
        XCTAssertEqual(response.status, 303)
        XCTAssertEqual(response.headers["location"], "/")
        XCTAssertEqual(try fixture.commitCount(), before + 1)
        let page = try browser.get("/")
        XCTAssertTrue(page.body.contains("aria-pressed=\"true\" aria-label=\"Reopen task: Login API\""), page.body)
    }

    func testAnActionAnsweredWithGETIs405() throws {
        let browser = try BrowserSession(client: client)
        let response = try browser.get("/tasks/\(fixture.taskID)/check")
        XCTAssertEqual(response.status, 405)
        XCTAssertEqual(response.headers["allow"], "POST")
        XCTAssertEqual(try client.api("GET", "/api/v1/tasks/\(fixture.taskID)/check").status, 405)
        XCTAssertEqual(try client.api("GET", "/api/v1/undo").status, 405)
    }

    func testBearerCallsNeedNoCSRFAndCheckingATaskIsOneCommitTheWeekShows() throws {
        let before = try fixture.commitCount()
        let response = try client.api("POST", "/api/v1/tasks/\(fixture.taskID)/check")
        XCTAssertEqual(response.status, 200, response.body)
        let task = try object(response)
        XCTAssertEqual(task["done"] as? Bool, true)
        XCTAssertEqual(task["id"] as? String, fixture.taskID)
        XCTAssertEqual(task["member"] as? String, "Minsu")
        XCTAssertEqual(task["schema"] as? Int, 1)
        XCTAssertEqual(try fixture.commitCount(), before + 1)
        let log = try BoardFixture.git(["log", "-1", "--format=%an <%ae>", "refs/teamflow/events"], in: fixture.folder)
        XCTAssertEqual(log.trimmingCharacters(in: .whitespacesAndNewlines), "Kim <kim@example.com>")

        let week = try object(try client.api("GET", "/api/v1/week"))
        XCTAssertEqual(week["week"] as? String, "2024-W47")
        let members = try XCTUnwrap(week["members"] as? [[String: Any]])
        let minsu = try XCTUnwrap(members.first { $0["name"] as? String == "Minsu" })
        XCTAssertEqual(minsu["done"] as? Int, 1)
        XCTAssertEqual(try object(try client.api("GET", "/api/v1/week/2024-W47"))["week"] as? String, "2024-W47")
        let detail = try object(try client.api("GET", "/api/v1/tasks/\(String(fixture.taskID.prefix(8)))"))
        XCTAssertEqual(detail["done"] as? Bool, true)
        XCTAssertNotNil(detail["history"] as? [Any])
    }

    func testAddingATaskAndAGoalAndUndoingThroughTheAPI() throws {
        let task = try client.api("POST", "/api/v1/tasks", json: #"{"title": "Review the PR", "member": "jiwoo", "due": "2024-11-22"}"#)
        XCTAssertEqual(task.status, 200, task.body)
        XCTAssertEqual(try object(task)["member"] as? String, "Jiwoo")
        XCTAssertEqual(try object(task)["due"] as? String, "2024-11-22")
        let goal = try client.api("POST", "/api/v1/goals", json: #"{"title": "배포 꼭 하기"}"#)
        XCTAssertEqual(goal.status, 200, goal.body)
        XCTAssertEqual(try object(goal)["title"] as? String, "배포 꼭 하기")
        let undo = try client.api("POST", "/api/v1/undo")
        XCTAssertEqual(undo.status, 200, undo.body)
        XCTAssertEqual(try fixture.openTeam().week().goals.map(\.title), ["Ship the login screen"])
    }

    func testErrorsAreTheCLIsWithTheStatusThatFits() throws {
        let unknown = try client.api("POST", "/api/v1/tasks/ffffffff/check")
        XCTAssertEqual(unknown.status, 404, unknown.body)
        let error = try XCTUnwrap(try object(unknown)["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "not_found")
        XCTAssertNotNil(error["message"] as? String)
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks", json: #"{"title": ""}"#).status, 422)
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks", json: #"{"title": "x", "due": "someday"}"#).status, 422)
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks", json: "not json").status, 422)

        let browser = try BrowserSession(client: client)
        let page = try browser.post("/tasks/ffffffff/check", "back=/")
        XCTAssertEqual(page.status, 404)
        XCTAssertTrue(page.body.contains("class=\"notice error\""), page.body)
    }

    func testABodyOverTheLimitIs413() throws {
        let big = "{\"title\": \"" + String(repeating: "x", count: 70 * 1024) + "\"}"
        XCTAssertEqual(try client.api("POST", "/api/v1/tasks", json: big).status, 413)
    }

    func testTooManyRequestsFromOneClientAre429() throws {
        server.stop(grace: 1)
        server = try fixture.serve { $0.requestsPerSecond = 2 }
        let statuses = try (0..<10).map { _ in try client.api("GET", "/api/v1/week").status }
        XCTAssertTrue(statuses.contains(429), "\(statuses)")
        XCTAssertEqual(statuses.first, 200)
    }

    func testARateOfZeroLetsEveryRequestThrough() throws {
        server.stop(grace: 1)
        server = try fixture.serve { $0.requestsPerSecond = 0 }
        let statuses = try (0..<50).map { _ in try client.api("GET", "/api/v1/week").status }
        XCTAssertEqual(Set(statuses), [200])
    }

    func testNoFilePathIsEverServed() throws {
        let browser = try BrowserSession(client: client)
        for path in ["/../../etc/passwd", "/etc/passwd", "/.git/config", "/week-../../x", "/style.css/../Package.swift"] {
            XCTAssertEqual(try browser.get(path).status, 404, path)
        }
    }

    func testFortyConcurrentAPIWritersMakeFortyEventsAndACleanHistory() throws {
        let before = try fixture.commitCount()
        let port = server.port
        let statuses = ThreadSafe<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let status = (try? HTTPClient(port: port).api("POST", "/api/v1/tasks", json: "{\"title\": \"parallel \(index)\"}").status) ?? -1
            statuses.mutate { $0.append(status) }
        }
        XCTAssertEqual(statuses.value.filter { $0 == 200 }.count, 40, "\(statuses.value)")
        XCTAssertEqual(try fixture.commitCount(), before + 40)
        _ = try BoardFixture.git(["fsck", "--strict"], in: fixture.folder)
        let titles = try fixture.openTeam().tasks.list(.init(week: "all")).map(\.title).filter { $0.hasPrefix("parallel ") }
        XCTAssertEqual(titles.count, 40)
        XCTAssertEqual(Set(titles).count, 40, "no duplicates")
    }

    func testTheEventStreamAnnouncesTheTip() throws {
        let browser = try BrowserSession(client: client)
        let tip = try BoardFixture.git(["rev-parse", "refs/teamflow/events"], in: fixture.folder).trimmingCharacters(in: .whitespacesAndNewlines)
        let first = try StreamReader.firstEvent(port: server.port, cookie: browser.cookie)
        XCTAssertTrue(first.contains("event: tip\ndata: \(tip)"), first)
    }
}

/// A value shared by the threads of a test.
final class ThreadSafe<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
