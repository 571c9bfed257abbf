import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// The rules a synced event is folded by: carries only forward and at most 520 weeks, in the
/// weeks the command line accepts; fields cut to `FieldLimits`. And the same rules refusing
/// input before anything is written.
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

    // MARK: Field sizes

    func testCutKeepsWholeCharactersAndEndsWithinTheLimit() {
        XCTAssertEqual(FieldLimits.cut("short", to: 4096), "short")
        let exact = String(repeating: "a", count: 4096)
        XCTAssertEqual(FieldLimits.cut(exact, to: 4096), exact, "the limit itself is kept")
        let over = FieldLimits.cut(exact + "b", to: 4096)
        XCTAssertEqual(over, String(repeating: "a", count: 4093) + "…")
        XCTAssertEqual(over.utf8.count, 4096)
        // Hangul is 3 bytes, a family emoji 25 (7 scalars): neither is split.
        let hangul = FieldLimits.cut(String(repeating: "방", count: 2000), to: 4096)
        XCTAssertEqual(hangul, String(repeating: "방", count: 1364) + "…")
        let family = "👨‍👩‍👧‍👦"
        let emoji = FieldLimits.cut(String(repeating: family, count: 200), to: 4096)
        XCTAssertEqual(emoji, String(repeating: family, count: 163) + "…")
        XCTAssertEqual(FieldLimits.cut("abcdef", to: 2), "…")
    }

    func testAnOversizedSyncedTitleIsFoldedCutAndReported() throws {
        let huge = String(repeating: "x", count: 50_000)
        let added = event("t1", EventType.taskAdded, clock: 1, ["title": .string(huge), "week": "2024-W47"],
                          author: Author(name: String(repeating: "n", count: 5000), email: "o@example.com"))
        let state = TeamState.derive(from: [added])
        XCTAssertEqual(state.tasks["t1"]?.title, String(repeating: "x", count: 4093) + "…")
        XCTAssertEqual(FieldLimits.violations(in: added).map(\.field), ["title", "author name"])
        XCTAssertEqual(FieldLimits.violations(in: added).map(\.bytes), [50_000, 5000])
        let edited = TeamState.derive(from: [added, event("e1", EventType.taskEdited, clock: 2, ["task": "t1", "title": .string(huge + "y")])])
        XCTAssertEqual(edited.tasks["t1"]?.title.utf8.count, 4096)
        XCTAssertEqual(FieldLimits.fitted(added).author.name.utf8.count, 4096)
    }

    /// Bodies share 1 MiB per event, in the order written; one-line fields inside them (a
    /// heading) are one-line fields.
    func testBodiesShareAMebibytePerEvent() throws {
        let half = String(repeating: "b", count: 700_000)
        let sections: Value = .list([
            .map(["kind": "work", "heading": .string("## " + String(repeating: "h", count: 5000)), "body": .string(half)]),
            .map(["kind": "notes", "heading": "## notes", "body": .string(half)]),
        ])
        let review = event("v1", EventType.reviewAdded, clock: 1, ["pr": 7, "title": "t", "week": "2024-W47", "sections": sections])
        XCTAssertEqual(FieldLimits.violations(in: review).map(\.field), ["sections.heading", "sections.body"])
        let folded = try XCTUnwrap(TeamState.derive(from: [review]).reviews["v1"])
        XCTAssertEqual(folded.sections.map(\.heading.utf8.count), [4096, 8])
        XCTAssertEqual(folded.sections[0].body, half)
        XCTAssertEqual(folded.sections[1].body.utf8.count, (1 << 20) - 700_000)
        XCTAssertTrue(folded.sections[1].body.hasSuffix("…"))

        let page = event("w1", EventType.wikiSaved, clock: 2, ["title": "Page", "body": .string(String(repeating: "p", count: 1 << 20))])
        XCTAssertEqual(FieldLimits.violations(in: page), [], "exactly 1 MiB fits")
        XCTAssertEqual(TeamState.derive(from: [page]).wiki[WikiPage.key("Page")]?.body.utf8.count, 1 << 20)
    }

    func testCommandsRefuseOversizedFieldsAndWriteNothing() throws {
        let f = Fixture()
        let count = try f.eventCount()
        let title = assertError(.usage) { try f.tasks.add(title: String(repeating: "x", count: 4097)) }
        XCTAssertEqual(title?.message, "the title of task.added is 4097 bytes; a one-line field holds at most 4096 bytes (4 KiB)")
        assertError(.usage) { try f.members.add(name: "민수", handle: String(repeating: "h", count: 4097)) }
        assertError(.usage) { try f.projects.add(name: "앱", description: String(repeating: "d", count: (1 << 20) + 1)) }
        assertError(.usage) { try WikiUseCases(repository: f.repository, session: f.session).save(title: "P", body: String(repeating: "p", count: (1 << 20) + 1)) }
        XCTAssertEqual(try f.eventCount(), count)
        XCTAssertEqual(try f.tasks.add(title: String(repeating: "x", count: 4096)).title.utf8.count, 4096)
        try f.projects.add(name: "앱", description: String(repeating: "d", count: 10_000))
    }
}
