import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import XCTest

final class SyncTests: XCTestCase {
    func testFirstSyncPushesAndAFreshCloneAdoptsByPath() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let goal = try alice.addGoal("배포 꼭 하기")
        let pushed = try alice.sync()
        XCTAssertEqual(pushed.action, .pushed)
        XCTAssertEqual(pushed.sent, 1)
        XCTAssertEqual(try remote.tip(), try alice.git("rev-parse", GitEventStore.defaultRef))
        XCTAssertEqual(try alice.git("rev-parse", "refs/teamflow/remotes/origin/events"), try remote.tip())

        let bob = try TestRepository.clone(of: remote.path)
        let adopted = try bob.sync()
        XCTAssertEqual(adopted.action, .adopted)
        XCTAssertEqual(adopted.received, 1)
        XCTAssertEqual(try bob.store().events().map(\.id), [goal.id])
        XCTAssertEqual(try bob.sync().action, .upToDate)
    }

    func testBothMovedWritesAMergeWithBothParentsOverFileURL() throws {
        let remote = try BareRemote()
        let url = "file://" + remote.path
        let alice = try TestRepository.clone(of: url)
        let bob = try TestRepository.clone(of: url)
        try alice.addGoal("A1")
        try alice.sync()
        try bob.sync()
        try alice.addGoal("A2")
        try alice.sync()
        try bob.addGoal("B1")
        try bob.addGoal("B2")

        let dry = try bob.sync(options: SyncOptions(dryRun: true))
        XCTAssertEqual(dry.action, .merged)
        XCTAssertEqual([dry.received, dry.sent], [1, 2])
        XCTAssertEqual(try bob.store().events().count, 3, "a dry run changes nothing")

        let merged = try bob.sync()
        XCTAssertEqual(merged.action, .merged)
        let parents = try bob.git("log", "-1", "--format=%P", GitEventStore.defaultRef).split(separator: " ")
        XCTAssertEqual(parents.count, 2)
        XCTAssertEqual(try remote.tip(), merged.tip)
        XCTAssertEqual(try alice.sync().action, .fastForwarded)
        XCTAssertEqual(try alice.eventPaths(), try bob.eventPaths())
        XCTAssertEqual(try alice.eventPaths().count, 4)
        XCTAssertEqual(try alice.store().state(), try bob.store().state())
        try remote.git("fsck", "--strict")
        try bob.git("fsck", "--strict")
    }

    func testStateCacheAfterAMergeEqualsAFreshRebuild() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let bob = try TestRepository.clone(of: remote.path)
        // Bob's events get low clocks, so after the merge they sort before Alice's cached ones.
        try bob.addGoal("B1")
        try bob.sync()
        for index in 0..<3 { try alice.addGoal("A\(index)") }
        _ = try alice.store().state() // cache keyed by Alice's tip
        // Two clones that started apart meet without --allow-unrelated: only rewrites are refused.
        XCTAssertEqual(try alice.sync().action, .merged)
        let served = try alice.store().state()
        try FileManager.default.removeItem(atPath: alice.path + "/.git/teamflow")
        let rebuilt = try alice.store().state()
        XCTAssertEqual(served, rebuilt)
        XCTAssertEqual(rebuilt.eventCount, 4)
    }

    func testConcurrentPushBetweenFetchAndPushIsMergedOnRetry() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let bob = try TestRepository.clone(of: remote.path)
        try alice.addGoal("base")
        try alice.sync()
        try bob.sync()
        try alice.addGoal("alice")
        var seam: SeamTransport?
        let report = try alice.sync(transport: { inner in
            let transport = SeamTransport(inner)
            transport.beforePush = { index in
                guard index == 0 else { return }
                // Bob pushes after Alice fetched: her lease must fail instead of dropping his event.
                try bob.addGoal("bob")
                try bob.sync()
            }
            seam = transport
            return transport
        })
        XCTAssertEqual(report.attempts, 2)
        XCTAssertEqual(seam?.pushes, 2)
        XCTAssertEqual(report.action, .merged)
        try bob.sync()
        let titles = try bob.store().state().goals.values.map(\.title).sorted()
        XCTAssertEqual(titles, ["alice", "base", "bob"])
        XCTAssertEqual(try alice.eventPaths(), try bob.eventPaths())
    }

    func testARemoteThatKeepsMovingFailsClearlyAfterBoundedAttempts() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let bob = try TestRepository.clone(of: remote.path)
        try bob.addGoal("seed")
        try bob.sync()
        try alice.sync()
        try alice.addGoal("mine")
        XCTAssertThrowsError(try alice.sync(options: SyncOptions(maxAttempts: 3), transport: { inner in
            let transport = SeamTransport(inner)
            transport.beforePush = { index in
                try bob.addGoal("bob \(index)")
                try bob.sync()
            }
            return transport
        })) { error in
            let message = (error as? TeamflowError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("kept moving") && message.contains("3 attempts"), message)
        }
        XCTAssertTrue(try alice.store().state().goals.values.contains { $0.title == "mine" }, "nothing lost locally")
        XCTAssertEqual(try alice.sync().action, .merged)
        try bob.sync()
        XCTAssertEqual(try alice.eventPaths(), try bob.eventPaths())
    }

    func testSamePathWithDifferentContentStopsAndPushesNothing() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let mallory = try TestRepository.clone(of: remote.path)
        let goal = try alice.addGoal("original")
        try alice.sync()
        try mallory.sync()
        let path = "events/\(goal.id.prefix(1))/\(goal.id.dropFirst().prefix(2))/\(goal.id).yaml"
        try mallory.rewriteOnRef(path, contents: "v: 1\nid: \(goal.id)\n")
        try mallory.git("push", "-q", "origin", "\(GitEventStore.defaultRef):\(GitEventStore.defaultRef)")
        try alice.addGoal("later")
        let aliceTip = try alice.git("rev-parse", GitEventStore.defaultRef)
        let remoteTip = try remote.tip()
        XCTAssertThrowsError(try alice.sync()) { error in
            let message = (error as? TeamflowError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("event \(goal.id)") && message.contains(path), message)
        }
        XCTAssertEqual(try alice.git("rev-parse", GitEventStore.defaultRef), aliceTip)
        XCTAssertEqual(try remote.tip(), remoteTip)
    }

    func testUnrelatedHistoryIsRefusedUnlessAllowed() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let other = try TestRepository.clone(of: remote.path)
        try alice.addGoal("ours")
        try alice.sync()
        try other.addGoal("theirs", at: "2024-11-19T12:00:00+09:00")
        try other.git("push", "-q", "--force", "origin", "\(GitEventStore.defaultRef):\(GitEventStore.defaultRef)")
        try alice.addGoal("ours 2")
        let before = try alice.git("rev-parse", GitEventStore.defaultRef)
        XCTAssertThrowsError(try alice.sync()) { error in
            let failure = error as? TeamflowError
            XCTAssertTrue(failure?.message.contains("share no history") ?? false, "\(error)")
            XCTAssertEqual(failure?.reason, .unrelatedHistories(remote: "origin"))
        }
        XCTAssertEqual(try alice.git("rev-parse", GitEventStore.defaultRef), before)
        let merged = try alice.sync(options: SyncOptions(allowUnrelated: true))
        XCTAssertEqual(merged.action, .merged)
        XCTAssertEqual(Set(try alice.store().state().goals.values.map(\.title)), ["ours", "ours 2", "theirs"])
        XCTAssertEqual(try remote.tip(), merged.tip)
    }

    func testUnreachableRemoteFailsWithGitsReasonAndTouchesNothing() throws {
        let alice = try TestRepository.clone(of: NSTemporaryDirectory() + "missing-" + UUID().uuidString + ".git")
        try alice.addGoal("kept")
        let before = try alice.git("rev-parse", GitEventStore.defaultRef)
        XCTAssertThrowsError(try alice.sync()) { error in
            let message = (error as? TeamflowError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("cannot fetch") && message.contains("does not appear to be a git repository"), message)
        }
        XCTAssertEqual(try alice.git("rev-parse", GitEventStore.defaultRef), before)
    }

    func testAClonedRepositoryWithoutEventsAndAnEmptyRemoteIsEmpty() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        XCTAssertEqual(try alice.sync().action, .empty)
        XCTAssertNil(try remote.tip())
    }
}
