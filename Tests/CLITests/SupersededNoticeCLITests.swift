import Foundation
import XCTest

/// When a sync resolves two clones' edits of the same field, the author whose write lost is
/// told on their next board or sync, once; `teamflow conflicts` lists it with both values.
final class SupersededNoticeCLITests: XCTestCase {
    private let notice = "superseded your"

    /// Both orders: whoever merges, and whoever lost, the loser (and only the loser) is told once.
    func testTheAuthorWhoseEditLostIsToldOnceInBothOrders() throws {
        for mergerIsAlice in [true, false] {
            let remote = try Workspace(gitInit: false)
            try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
            let alice = try Workspace.clone(of: remote.path, user: "Alice")
            let bob = try Workspace.clone(of: remote.path, user: "Bob")
            XCTAssertEqual(try alice.teamflow("task", "add", "방 나가기").code, 0)
            try alice.sync()
            try bob.sync()
            XCTAssertEqual(try alice.teamflow("task", "check", "방 나가기", environment: ["TEAMFLOW_NOW": "2024-11-19T14:00:00+09:00"]).code, 0)
            XCTAssertEqual(try bob.teamflow("task", "start", "방 나가기", environment: ["TEAMFLOW_NOW": "2024-11-19T14:30:00+09:00"]).code, 0)
            let (first, merger) = mergerIsAlice ? (bob, alice) : (alice, bob)
            try first.sync()
            let merge = try merger.sync()
            XCTAssertTrue(merge.stdout.contains("superseded by"), merge.stdout)
            let received = try first.sync() // receives the merge: its author may be told here
            // Who lost follows (clock, id); the notices must name exactly that author.
            let conflicts = try merger.teamflow("conflicts", "--json")
            let merges = try JSONSerialization.jsonObject(with: Data(conflicts.stdout.utf8)) as? [[String: Any]] ?? []
            let edit = (merges.first?["superseded"] as? [[String: Any]])?.first
            let loserEmail = ((edit?["lost"] as? [String: Any])?["email"] as? String) ?? "?"
            XCTAssertEqual(edit?["label"] as? String, "방 나가기")
            let (loser, winner) = loserEmail == "alice@example.com" ? (alice, bob) : (bob, alice)
            let told = (loser === merger ? merge.stderr : received.stderr) + (try loser.teamflow("week").stderr)
            XCTAssertTrue(told.contains(notice) && told.contains("'방 나가기'"), "\(mergerIsAlice): \(told)")
            XCTAssertFalse(try loser.teamflow("week").stderr.contains(notice), "told once")
            XCTAssertFalse(try winner.teamflow("week").stderr.contains(notice), "the winner is not told")
            let text = try alice.teamflow("conflicts").stdout
            XCTAssertTrue(text.contains("won over"), text)
            XCTAssertEqual(try bob.teamflow("conflicts").stdout, text, "every clone lists the same")
        }
    }
}
