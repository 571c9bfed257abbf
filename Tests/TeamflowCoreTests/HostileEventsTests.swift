import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// The rules a synced event is folded by: carries only forward and at most 520 weeks, in the
/// weeks the command line accepts. And the same rules refusing input before anything is written.
final class HostileEventsTests: XCTestCase {
    private func event(_ id: String, _ type: String, clock: Int, _ data: Fields,
                       author: Author = Author(name: "Other", email: "o@example.com")) -> Event {
        Event(id: id, type: type, at: "2024-11-20T10:00:00+09:00", author: author, clock: clock, data: data)
    }

    private func carry(_ from: String, _ to: String) -> TaskCarried { TaskCarried(from: from, to: to, tasks: ["t1"]) }

    // MARK: Carries

    func testACarryIsValidOnlyForwardWithinTenYearsInsideTheSupportedWeeks() {
        XCTAssertNil(carry("2024-W47", "2024-W48").invalidReason)
        XCTAssertNil(carry("2024-W47", "2034-W45").invalidReason, "520 weeks")
        XCTAssertNil(carry("9999-W50", "9999-W51").invalidReason, "into the last supported week")
        XCTAssertNil(carry("2020-W52", "2020-W53").invalidReason)
        for (from, to) in [("2024-W47", "2034-W46"), ("2024-W47", "2024-W47"), ("2024-W47", "2024-W46"),
                           ("2024-W47", "9999-W52"), ("9999-W52", "0001-W01"), ("2024-W47", "2024-w48"),
                           ("2024-W47", "2024-11-25"), ("2024-W47", "2024-W53"), ("", "2024-W48"), ("2024-W47", "soon")] {
            XCTAssertNotNil(carry(from, to).invalidReason, "\(from) → \(to)")
            XCTAssertNotNil(TaskUncarried(from: from, to: to, tasks: ["t1"]).invalidReason, "uncarry \(from) → \(to)")
        }
        XCTAssertEqual(carry("2024-W47", "2034-W46").invalidReason,
                       "2024-W47 → 2034-W46 is 521 weeks ahead; a carry goes at most 520 weeks ahead")
        XCTAssertEqual(ISOWeek.supported.upperBound.description, "9999-W51")
        XCTAssertNil(ISOWeek(parsing: "9999-W52"), "the command line refuses what a carry may not reach")
    }

    func testTheFoldIgnoresInvalidCarriesAndUndoCannotTakeThemBack() throws {
        let added = event("t1", EventType.taskAdded, clock: 1, ["title": "화면간 연결", "week": "2024-W47"])
        for carries in [[carry("2024-W47", "2024-W46")], [carry("2024-W47", "2999-W01")],
                        [carry("2024-W47", "9999-W52"), carry("9999-W52", "0001-W01")]] {
            let events = [added] + carries.enumerated().map { index, carry in
                event("c\(index)", EventType.taskCarried, clock: 2 + index, carry.data)
            }
            let state = TeamState.derive(from: events)
            XCTAssertEqual(state.tasks["t1"]?.week, "2024-W47", "\(carries)")
            XCTAssertEqual(state.tasks["t1"]?.carries, [], "\(carries)")
            XCTAssertNil(UndoUseCase.compensation(for: events[1], before: TeamState.derive(from: [added])))
            XCTAssertNotNil(EventCatalog.byType[EventType.taskCarried]?.invalidReason(events[1].data))
        }
        let valid = TeamState.derive(from: [added, event("c0", EventType.taskCarried, clock: 2, carry("2024-W47", "2024-W48").data)])
        XCTAssertEqual(valid.tasks["t1"]?.week, "2024-W48")
    }

    func testAUseCaseRefusesToWriteAnInvalidCarry() throws {
        let f = Fixture()
        try f.tasks.add(title: "화면간 연결", .init(week: "2024-W47"))
        let count = try f.eventCount()
        let error = assertError(.usage) { try f.repository.record([EventDraft(carry("2024-W47", "2024-W46"), summary: "x")], session: f.session) }
        XCTAssertEqual(error?.message, "task.carried: 2024-W47 → 2024-W46 goes back in time; a carry goes to a later week")
        assertError(.usage) { try WeekUseCases(repository: f.repository, session: f.session).carry(from: "2024-W47", to: "2034-W46") }
        XCTAssertEqual(try f.eventCount(), count)
    }
}
