import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// A week's selection of tasks kept across changes (the web board's) gives the board a full
/// scan gives, following the tables' write logs without scanning again, and never follows a
/// log that another copy of the state wrote to.
final class WeekTaskSelectionTests: XCTestCase {
    static let weeks = [ISOWeek(year: 2024, week: 47), ISOWeek(year: 2024, week: 48), ISOWeek(year: 2024, week: 49)]
    // A Wednesday of W48: W47 work due before it is overdue.
    static let today = Day(year: 2024, month: 11, day: 27) ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .gmt)

    /// Random work through the use cases (adds with due dates and parents, status changes,
    /// reassignments, week and due edits, removals, carries, undo), then its events folded in
    /// small batches into a state kept decoded, as the board's store does.
    func testASelectionKeptAcrossChangesGivesTheBoardAFullScanGives() throws {
        for seed in UInt64(1)...10 {
            var rng = SplitMix(state: seed)
            let events = try Self.randomWork(&rng)
            var state = TeamState()
            state.decodeAll()
            var selections = Self.weeks.map { WeekTaskSelection(week: $0, today: Self.today, state: state) }
            var folded = 0
            while folded < events.count {
                let end = min(events.count, folded + 1 + Int(rng.next() % 4))
                for event in events[folded..<end] { state.apply(event) }
                folded = end
                for index in selections.indices {
                    selections[index].update(to: state)
                    XCTAssertEqual(WeekBoard(state: state, selection: selections[index]),
                                   WeekBoard(state: state, week: Self.weeks[index], today: Self.today),
                                   "seed \(seed), \(folded) of \(events.count) events, \(Self.weeks[index])")
                }
            }
            XCTAssertEqual(selections.map { $0.scans }, [1, 1, 1], "seed \(seed): the logs were followed, never a second scan")
            XCTAssertGreaterThan(Self.weeks.map { WeekBoard(state: state, week: $0, today: Self.today).allTaskNodes.count }.reduce(0, +), 3,
                                 "seed \(seed): the boards have something to compare")
        }
    }

    /// A copy of the state that moves a task out of the week writes to a log of its own: the
    /// selection that followed the copy scans again when it is shown the original.
    func testACopyThatDivergedIsNeverFollowed() throws {
        var f = Fixture()
        f.session.now = Timestamp.parse("2024-11-27T10:00:00+09:00") ?? f.session.now
        let task = try f.tasks.add(title: "화면간 연결", .init(week: "2024-W48"))
        let other = try f.tasks.add(title: "DI", .init(week: "2024-W48"))
        var state = TeamState()
        state.decodeAll()
        for event in try f.repository.events() { state.apply(event) }
        let week = ISOWeek(year: 2024, week: 48)
        var selection = WeekTaskSelection(week: week, today: Self.today, state: state)

        var copy = state
        copy.tasks[task.id]?.week = "2024-W49"
        selection.update(to: copy)
        XCTAssertEqual(WeekBoard(state: copy, selection: selection).allTaskNodes.map(\.task.title), ["DI"])

        // The original changes another task: the moved one must come back from a scan.
        state.tasks[other.id]?.title = "DI ✨"
        selection.update(to: state)
        XCTAssertEqual(WeekBoard(state: state, selection: selection), WeekBoard(state: state, week: week, today: Self.today))
        XCTAssertEqual(WeekBoard(state: state, selection: selection).allTaskNodes.map(\.task.title), ["화면간 연결", "DI ✨"])
        XCTAssertEqual(selection.scans, 2, "the first scan (the copy continued the log it had read), then the original, which diverged")
    }

    /// Every event of random work on two members' tasks across three weeks.
    static func randomWork(_ rng: inout SplitMix) throws -> [Event] {
        var f = Fixture()
        f.session.now = Timestamp.parse("2024-11-19T10:00:00+09:00") ?? f.session.now
        try f.members.add(name: "지혜", handle: "jihye")
        try f.members.add(name: "건우", handle: "geonwoo")
        var ids: [String] = []
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        let weeks = ["2024-W47", "2024-W48", "2024-W49"]
        let dues: [String?] = [nil, nil, "2024-11-20", "2024-11-26", "2024-11-29", "2024-12-06"]
        for _ in 0..<80 {
            let id = ids.isEmpty ? "" : pick(ids)
            // Failures (a parent removed, nothing to carry) are part of random work.
            switch rng.next() % 12 {
            case 0, 1, 2:
                let parent: String? = !ids.isEmpty && rng.next() % 4 == 0 ? pick(ids) : nil
                if let task = try? f.tasks.add(title: "일 \(ids.count)", .init(member: pick([nil, "jihye", "geonwoo"]), week: pick(weeks),
                                                                              due: pick(dues), parent: parent)) {
                    ids.append(task.id.rawValue)
                }
            case 3: _ = try? f.tasks.check(id)
            case 4: _ = try? f.tasks.uncheck(id)
            case 5: _ = try? f.tasks.start(id)
            case 6: _ = try? f.tasks.assign(id, to: pick(["jihye", "geonwoo"]))
            case 7: _ = try? f.tasks.edit(id, .init(week: pick(weeks)))
            case 8: _ = try? f.tasks.edit(id, .init(due: pick(["2024-11-20", "2024-11-28", "2024-12-06"])))
            case 9: _ = try? f.tasks.remove(id)
            case 10:
                let from = Int(rng.next() % 2)
                _ = try? WeekUseCases(repository: f.repository, session: f.session).carry(from: weeks[from], to: weeks[from + 1])
            default: _ = try? f.undo.undo()
            }
        }
        return try f.repository.events()
    }
}
