import Foundation
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// Over real git: a merge reports the concurrent edits it resolved (part 10), and two
/// clones that both change this week's recurring goal instance converge to one (part 8).
final class SyncMergeReportTests: XCTestCase {
    private func session(_ name: String) -> Session {
        Session(author: Author(name: name, email: name == "건우" ? "gw@example.com" : "sy@example.com"),
                now: Timestamp.parse("2024-11-19T10:00:00+09:00") ?? Date(timeIntervalSince1970: 0),
                timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    }

    func testAMergeListsTheTitleThatLostAndWhoseWon() throws {
        let remote = try BareRemote()
        let alice = try TestRepository.clone(of: remote.path)
        let bob = try TestRepository.clone(of: remote.path)
        let task = try TaskUseCases(repository: alice.store(), session: session("건우")).add(title: "방 참가 실패 에러 처리")
        try alice.sync()
        try bob.sync()
        try TaskUseCases(repository: alice.store(), session: session("건우")).edit(task.id.rawValue, .init(title: "에러 처리 (건우)"))
        try TaskUseCases(repository: bob.store(), session: session("석영")).edit(task.id.rawValue, .init(title: "에러 처리 (석영)"))
        try TaskUseCases(repository: bob.store(), session: session("석영")).check(task.id.rawValue)
        XCTAssertEqual(try alice.sync().superseded, [], "a push resolves nothing")

        let dry = try bob.sync(options: SyncOptions(dryRun: true))
        XCTAssertEqual(dry.superseded.map(\.field), ["title"], "a dry run says what would be superseded")
        let report = try bob.sync()
        XCTAssertEqual(report.action, .merged)
        XCTAssertEqual(report.superseded.count, 1)
        let edit = try XCTUnwrap(report.superseded.first)
        XCTAssertEqual(edit.kind, "task")
        XCTAssertEqual(edit.id, task.id.rawValue)
        let merged = try bob.store().state()
        XCTAssertEqual(edit.won.value, merged.tasks[task.id]?.title, "the value that won is the merged state's")
        XCTAssertEqual(Set([edit.won.author, edit.lost.author]), ["건우", "석영"])
        XCTAssertEqual(Set([edit.won.value, edit.lost.value]), ["에러 처리 (건우)", "에러 처리 (석영)"])
        XCTAssertEqual(edit.won.remote, edit.won.author == "건우", "the remote side is Alice's")
        XCTAssertEqual(try alice.sync().superseded, [], "the fast-forward on the other side reports nothing again")
    }

    /// Property-style: for several seeds, each clone makes random changes to this week's
    /// instance of a shared recurring goal; synced in either order, both end with one instance
    /// and the same state.
    func testTwoClonesChangingThisWeeksInstanceConvergeToOneInEitherOrder() throws {
        let week = ISOWeek(year: 2024, week: 47)
        for seed: UInt64 in [1, 2, 3, 4] {
            for aliceFirst in [true, false] {
                let remote = try BareRemote()
                let alice = try TestRepository.clone(of: remote.path)
                let bob = try TestRepository.clone(of: remote.path)
                let rule = try GoalUseCases(repository: alice.store(), session: session("건우"))
                    .addRecurring(title: "PR 리뷰 24시간 안에", every: "week")
                try alice.sync()
                try bob.sync()
                let id = GoalRule.instanceID(rule: rule.id, week: week)
                var random = seed
                for (clone, name) in [(alice, "건우"), (bob, "석영")] {
                    let goals = GoalUseCases(repository: try clone.store(), session: session(name))
                    for step in 0..<3 {
                        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        switch (random >> 33) % 3 {
                        case 0: try goals.check(id.rawValue)
                        case 1: try goals.uncheck(id.rawValue)
                        default: try goals.edit(id.rawValue, title: "PR 리뷰 \(name) \(step)", week: nil)
                        }
                    }
                }
                let (first, second) = aliceFirst ? (alice, bob) : (bob, alice)
                try first.sync()
                try second.sync()
                try first.sync()
                let states = try [alice.store().state(), bob.store().state()]
                XCTAssertEqual(states[0], states[1], "seed \(seed)")
                for state in states {
                    XCTAssertEqual(state.goals(in: week).map(\.id), [id], "seed \(seed): one instance")
                    XCTAssertEqual(state.goals.values { _ in true }.map(\.id), [id], "seed \(seed): materialised once")
                }
                XCTAssertEqual(try alice.eventPaths(), try bob.eventPaths())
            }
        }
    }
}
