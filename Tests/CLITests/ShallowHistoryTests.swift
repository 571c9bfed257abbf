import Foundation
import XCTest

/// An events ref fetched with `--depth 1`: doctor and sync say what happened and how to fix
/// it instead of a raw "object not found", and the fix they print works.
final class ShallowHistoryTests: XCTestCase {
    func testDoctorAndSyncExplainAShallowEventsHistoryAndTheirFixWorks() throws {
        let remote = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", remote.path], in: remote.path)
        let alice = try Workspace.clone(of: remote.path, user: "Alice")
        for title in ["one", "two", "three"] { XCTAssertEqual(try alice.teamflow("goal", "add", title).code, 0) }
        try alice.sync()

        let bob = try Workspace.clone(of: remote.path, user: "Bob")
        try bob.git("fetch", "-q", "--depth", "1", "origin", "\(eventsRef):\(eventsRef)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: bob.path + "/.git/shallow"))
        let fix = "git fetch --unshallow origin \(eventsRef)"

        let doctor = try bob.teamflow("doctor")
        XCTAssertEqual(doctor.code, 1, doctor.stderr)
        XCTAssertFalse((doctor.stdout + doctor.stderr).contains("object not found"), doctor.stderr)
        XCTAssertTrue(doctor.stdout.contains("\(eventsRef): error: the history is shallow (fetched with --depth)"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains(fix), doctor.stdout)

        // Reading and appending need only the tree, so they keep working.
        XCTAssertEqual(try bob.teamflow("goal", "add", "four").code, 0)
        let before = bob.tip()
        let sync = try bob.teamflow("sync")
        XCTAssertEqual(sync.code, 1, sync.stderr)
        XCTAssertTrue(sync.stderr.hasPrefix("error: the history of \(eventsRef) here is shallow (fetched with --depth)"), sync.stderr)
        XCTAssertTrue(sync.stderr.contains("\n  \(fix)\n"), sync.stderr)
        XCTAssertFalse(sync.stderr.contains("object not found"), sync.stderr)
        XCTAssertEqual(bob.tip(), before, "nothing moved")
        XCTAssertNotEqual(try runGit(["rev-parse", eventsRef], in: remote.path), before, "nothing was pushed")

        // The printed fix, run as is, makes both work.
        try runGit(fix.split(separator: " ").dropFirst().map(String.init), in: bob.path)
        XCTAssertTrue(try bob.sync().stdout.contains("push 1 event"))
        let healed = try bob.teamflow("doctor")
        XCTAssertEqual(healed.code, 0, healed.stdout + healed.stderr)
        XCTAssertEqual(healed.stdout, "4 events, no problems.\n")
    }
}
