import Foundation
import XCTest

/// `teamflow wiki publish` into a bare wiki repository: owned pages only, commits only on change.
final class SyncWikiPublishTests: XCTestCase {
    func testPublishCommitsAsTheUserOnlyWhenSomethingChangedAndKeepsOtherPages() throws {
        let wiki = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", wiki.path], in: wiki.path)
        // Someone's hand-written page is already in the wiki; the export must leave it alone.
        let editor = try Workspace()
        try "Our rules\n".write(toFile: editor.path + "/Rules.md", atomically: true, encoding: .utf8)
        try editor.git("add", "Rules.md")
        try editor.git("commit", "-q", "-m", "rules")
        try editor.git("push", "-q", wiki.path, "HEAD:refs/heads/master")

        let team = try Workspace()
        try team.teamflow("goal", "add", "배포 꼭 하기")
        let first = try team.teamflow("wiki", "publish", wiki.path)
        XCTAssertEqual(first.code, 0, first.stderr)
        let files = try runGit(["ls-tree", "--name-only", "master"], in: wiki.path).split(separator: "\n")
        XCTAssertTrue(files.contains("Home.md") && files.contains("Week-2024-W47.md") && files.contains("Rules.md"), "\(files)")
        XCTAssertEqual(try runGit(["log", "-1", "--format=%an <%ae> %aI", "master"], in: wiki.path),
                       "건우 <gw@example.com> 2024-11-19T10:00:00+09:00")
        let week = try runGit(["show", "master:Week-2024-W47.md"], in: wiki.path)
        XCTAssertTrue(week.contains("- [ ] 배포 꼭 하기"), week)

        let again = try team.teamflow("wiki", "publish", wiki.path)
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(again.stdout.contains("up to date"), again.stdout)
        XCTAssertEqual(try runGit(["rev-list", "--count", "master"], in: wiki.path), "2", "no empty commit")

        try team.teamflow("goal", "add", "second")
        let url = "file://" + wiki.path
        let changed = try team.teamflow("wiki", "publish", url, "--json")
        let object = try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["pushed"] as? Bool, true, changed.stderr)
        XCTAssertEqual(try runGit(["rev-list", "--count", "master"], in: wiki.path), "3")
        XCTAssertEqual(try runGit(["show", "master:Rules.md"], in: wiki.path), "Our rules")
    }

    func testUnreachableWikiFailsAndALocalCheckoutIsCommittedInPlace() throws {
        let team = try Workspace()
        try team.teamflow("goal", "add", "goal")
        let missing = try team.teamflow("wiki", "publish", NSTemporaryDirectory() + "no-such-wiki-" + UUID().uuidString)
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("error: cannot clone"), missing.stderr)

        let checkout = try Workspace()
        let result = try team.teamflow("wiki", "publish", checkout.path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("not pushed: no upstream"), result.stdout)
        XCTAssertEqual(try checkout.git("status", "--porcelain"), "", "everything written is committed")
        XCTAssertTrue(try checkout.git("ls-files").contains("Home.md"))
    }
}
