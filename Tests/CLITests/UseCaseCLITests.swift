import Foundation
import XCTest

/// End-to-end tests of the member / project / epic / task / sprint / undo commands.
final class UseCaseCLITests: XCTestCase {
    func testMembersTasksAndUnicodeNames() throws {
        let repo = try TempRepo()
        try repo.tf("member", "add", "강지원", "--handle", "jiwon")
        // The same name typed on macOS (NFD) finds the member and is refused as a duplicate.
        let nfd = "강지원".decomposedStringWithCanonicalMapping
        try repo.tf("member", "add", nfd, expect: 1)
        let added = try repo.tf("task", "add", "배포 🚀", "--member", nfd)
        XCTAssertTrue(added.contains("@강지원"), added)
        try repo.tf("task", "add", "리뷰", "--member", "@JIWON")
        let list = try repo.tf("task", "list", "--member", "jiwon")
        XCTAssertEqual(list.split(separator: "\n").count, 2, list)
        let members = try repo.tf("member", "list", "--json")
        XCTAssertTrue(members.contains("\"handle\": \"jiwon\""), members)
        try repo.tf("member", "rename", "jiwon", "강지원B")
        XCTAssertTrue(try repo.tf("member", "list").contains("강지원B"))
    }

    func testBadInputExitCodes() throws {
        let repo = try TempRepo()
        try repo.tf("member", "add", "민수")
        try repo.tf("project", "add", "앱", "--due", "2024-11-01")
        // Unknown member, epic, project, parent: exit 1 naming what was not found and the nearest.
        let unknown = try repo.tf("task", "add", "x", "--member", "민쑤", expect: 1)
        XCTAssertTrue(unknown.hasPrefix("error: no member '민쑤'"), unknown)
        XCTAssertTrue(unknown.contains("민수"), unknown)
        try repo.tf("task", "add", "x", "--epic", "nope", expect: 1)
        try repo.tf("epic", "add", "x", "--project", "없음", expect: 1)
        try repo.tf("task", "add", "x", "--parent", "ffffffff", expect: 1)
        // Malformed date, unknown state, empty title: exit 64 with the right form.
        let date = try repo.tf("project", "add", "P", "--due", "2024-02-30", expect: 64)
        XCTAssertTrue(date.contains("YYYY-MM-DD"), date)
        let state = try repo.tf("project", "move", "앱", "later", expect: 64)
        XCTAssertTrue(state.contains("todo, doing, done"), state)
        let empty = try repo.tf("task", "add", "  ", expect: 64)
        XCTAssertTrue(empty.contains("Usage: teamflow task add"), empty)
        try repo.tf("task", "list", "--open", "--done", expect: 64)
        // A task cannot be its own ancestor.
        let a = try repo.id(of: "A", in: "task", "list")
        XCTAssertTrue(a.hasPrefix("missing"))
        try repo.tf("task", "add", "A")
        let parent = try repo.id(of: "A", in: "task", "list")
        try repo.tf("task", "add", "B", "--parent", String(parent.prefix(6)))
        let child = try repo.id(of: "B", in: "task", "list")
        try repo.tf("task", "edit", parent, "--parent", child, expect: 1)
        // Removing twice: exit 1, nothing appended.
        try repo.tf("task", "remove", parent)
        let before = try repo.tf("log", "--json")
        let again = try repo.tf("task", "remove", parent, expect: 1)
        XCTAssertTrue(again.contains("already removed"), again)
        XCTAssertEqual(try repo.tf("log", "--json"), before)
    }

    func testProjectsEpicsRemoveForceAndUndo() throws {
        let repo = try TempRepo()
        try repo.tf("project", "add", "앱 출시", "--due", "2024-11-15", "--description", "첫 버전")
        try repo.tf("project", "add", "Later", "--due", "2024-12-15")
        try repo.tf("epic", "add", "로그인", "--project", "앱 출시")
        XCTAssertEqual(try repo.tf("project", "list", "--overdue").split(separator: "\n").count, 1)
        let refused = try repo.tf("project", "remove", "앱 출시", expect: 1)
        XCTAssertTrue(refused.contains("--force"), refused)
        try repo.tf("project", "remove", "앱 출시", "--force")
        XCTAssertTrue(try repo.tf("epic", "list", "--json").contains("\"project\": null"))
        let undo = try repo.tf("undo")
        XCTAssertTrue(undo.contains("project.restored"), undo)
        XCTAssertFalse(try repo.tf("epic", "list", "--json").contains("\"project\": null"))
        try repo.tf("project", "move", "Later", "done")
        XCTAssertTrue(try repo.tf("project", "list", "--status", "done").contains("Later"))
    }

    func testSprintsAndCompletion() throws {
        let repo = try TempRepo()
        try repo.tf("sprint", "add", "Sprint 12", "--from", "2024-11-18", "--to", "2024-11-29")
        try repo.tf("sprint", "add", "bad", "--from", "2024-11-29", "--to", "2024-11-18", expect: 64)
        try repo.tf("member", "add", "민수")
        try repo.tf("task", "add", "스프린트 일", "--sprint", "sprint 12", "--member", "민수")
        let board = try repo.tf("sprint")
        XCTAssertTrue(board.hasPrefix("Sprint 12 (2024-11-18 – 2024-11-29) · 0/1 done · 9 days left\n") && board.contains("스프린트 일"), board)
        try repo.tf("sprint", "Sprint 99", expect: 1)
        XCTAssertTrue(try repo.tf("completion", "bash").contains("member"))
        XCTAssertTrue(try repo.tf("completion", "fish").contains("teamflow"))
        try repo.tf("completion", "tcsh", expect: 64)
        XCTAssertEqual(try repo.tf("__complete", "members"), "민수\n")
    }
}
