import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Recurring goals: one instance a week, with an id derived from the rule
/// and the week; virtual until changed.
final class RecurringGoalTests: XCTestCase {
    private let w46 = ISOWeek(year: 2024, week: 46), w47 = ISOWeek(year: 2024, week: 47)
    private let w48 = ISOWeek(year: 2024, week: 48), w49 = ISOWeek(year: 2024, week: 49)

    func testEachWeekShowsOneInstanceWithADerivedID() throws {
        let f = Fixture() // Tuesday of 2024-W47
        let rule = try f.goals.addRecurring(title: "PR 리뷰 24시간 안에", every: "week", until: "2024-W49")
        XCTAssertEqual(try f.eventCount(), 1, "instances are virtual: only the rule is written")
        XCTAssertEqual(rule.from, "2024-W47")
        let state = try f.state()
        XCTAssertEqual(state.goals(in: w46), [])
        for week in [w47, w48, w49] {
            XCTAssertEqual(state.goals(in: week).map(\.id), [GoalRule.instanceID(rule: rule.id, week: week)])
            XCTAssertEqual(state.goals(in: week).first?.title, "PR 리뷰 24시간 안에")
        }
        XCTAssertEqual(state.goals(in: ISOWeek(year: 2024, week: 50)), [], "--until is the last week")
        XCTAssertEqual(try f.goals.list().map(\.week), ["2024-W47"])
        let ids = Set([w46, w47, w48, w49].map { GoalRule.instanceID(rule: rule.id, week: $0) })
        XCTAssertEqual(ids.count, 4)
        XCTAssertTrue(ids.allSatisfy { $0.rawValue.count == 24 && $0.rawValue.allSatisfy(\.isHexDigit) })
        XCTAssertEqual(GoalRule.instanceID(rule: rule.id, week: w47), GoalRule.instanceID(rule: rule.id, week: w47))
    }

    func testBadPeriodsAndSpansAreWrongUsage() throws {
        let f = Fixture()
        assertError(.usage) { try f.goals.addRecurring(title: "x", every: "month") }
        assertError(.usage) { try f.goals.addRecurring(title: "x", every: "week", week: "2024-W48", until: "2024-W47") }
        assertError(.usage) { try f.goals.addRecurring(title: "x", every: "week", sprint: "Sprint 1") }
        XCTAssertEqual(try f.eventCount(), 0)
    }

    func testChangingAnInstanceMaterialisesOnlyThatWeek() throws {
        let f = Fixture()
        let rule = try f.goals.addRecurring(title: "PR 리뷰", every: "week")
        let this = GoalRule.instanceID(rule: rule.id, week: w47), next = GoalRule.instanceID(rule: rule.id, week: w48)
        let checked = try f.goals.check(String(this.rawValue.prefix(8)))
        XCTAssertTrue(checked.done)
        XCTAssertEqual(try f.repository.events().map(\.type), ["goal.repeated", "goal.instantiated", "goal.checked"])
        try f.goals.edit(next.rawValue, title: "PR 리뷰 (휴가 주간)", week: nil)
        try f.goals.check(this.rawValue) // materialised already: no second goal.instantiated
        XCTAssertEqual(try f.repository.events().filter { $0.type == "goal.instantiated" }.count, 2)
        let state = try f.state()
        XCTAssertEqual(state.goals(in: w47).map(\.done), [true])
        XCTAssertEqual(state.goals(in: w48).map(\.title), ["PR 리뷰 (휴가 주간)"])
        XCTAssertEqual(state.goals(in: w49).map(\.title), ["PR 리뷰"])
        XCTAssertEqual(state.goals(in: w49).map(\.done), [false])

        try f.goals.remove(next.rawValue)
        XCTAssertEqual(try f.state().goals(in: w48), [], "removing an instance removes that week's only")
        XCTAssertEqual(try f.state().goals(in: w49).count, 1)
    }

    func testStopEndsTheRuleFromThisWeekOn() throws {
        let f = Fixture()
        let rule = try f.goals.addRecurring(title: "회고 쓰기", every: "week", week: "2024-W45")
        try f.goals.check(GoalRule.instanceID(rule: rule.id, week: w47).rawValue)
        // Named by one of its instances' ids, as a user reads it on the board.
        let stopped = try f.goals.stop(String(GoalRule.instanceID(rule: rule.id, week: w46).rawValue.prefix(8)))
        XCTAssertEqual(stopped.stoppedFrom, "2024-W47")
        let state = try f.state()
        XCTAssertEqual(state.goals(in: w46).count, 1, "earlier weeks keep theirs")
        XCTAssertEqual(state.goals(in: w47), [], "this week's goes, even though it was checked")
        XCTAssertEqual(state.goals(in: w48), [])
        assertError(.conflict) { try f.goals.stop("회고 쓰기") }
        assertError(.notFound) { try f.goals.stop("없는 목표") }
        XCTAssertEqual(try f.goals.rules().map(\.id), [rule.id])
    }

    func testUndoTakesBackTheChangeThenTheRule() throws {
        let f = Fixture()
        let rule = try f.goals.addRecurring(title: "PR 리뷰", every: "week")
        let this = GoalRule.instanceID(rule: rule.id, week: w47)
        try f.goals.check(this.rawValue)
        try f.undo.undo()
        XCTAssertEqual(try f.state().goals(in: w47).map(\.done), [false], "the check is undone, the instance stays")
        try f.undo.undo() // passes over goal.instantiated to the rule itself
        XCTAssertEqual(try f.state().goals(in: w47), [])
        XCTAssertEqual(try f.state().goals(in: w48), [])
        XCTAssertEqual(try f.goals.rules(), [])
    }

    /// Two clones that both materialise and change this week's instance converge to one
    /// instance carrying both changes, in either merge order.
    func testTwoClonesMaterialisingTheSameWeekMergeIntoOneInstance() throws {
        let origin = Fixture()
        let rule = try origin.goals.addRecurring(title: "PR 리뷰", every: "week")
        let shared = try origin.repository.events()
        let a = Fixture(author: Author(name: "건우", email: "gw@example.com"), events: shared)
        let b = Fixture(author: Author(name: "석영", email: "sy@example.com"), events: shared)
        let id = GoalRule.instanceID(rule: rule.id, week: w47)
        try a.goals.check(id.rawValue)
        try b.goals.edit(id.rawValue, title: "PR 리뷰 하루 안에", week: nil)
        let merged = [try a.repository.events(), try b.repository.events()]
        for order in [merged, merged.reversed()] {
            var seen = Set<String>()
            let union = order.flatMap { $0 }.filter { seen.insert($0.id).inserted }
            let state = TeamState.derive(from: union)
            XCTAssertEqual(state.goals(in: w47).map(\.id), [id])
            XCTAssertEqual(state.goals(in: w47).first?.done, true)
            XCTAssertEqual(state.goals(in: w47).first?.title, "PR 리뷰 하루 안에")
            XCTAssertEqual(state.goals.values { _ in true }.count, 1)
        }
    }
}
