import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// The keys a task is listed under (`TeamTask.indexKeys`) cover every rule that reads through
/// the lists: over random work folded from events (carries, parents, due dates, undo), the
/// week's board, the task lists and the sprint's tasks read through lists built from those
/// keys equal a full scan, for every week and several days.
final class IndexKeyListsTests: XCTestCase {
    /// Entries sorted by key bytes with lists built from their `indexKeys`, as the snapshot's.
    final class ListedStorage: EntityStorageTests.ArrayStorage<TeamTask>, @unchecked Sendable {
        private(set) var lists: [IndexKey: [Int]] = [:]

        init(_ table: EntityTable<TeamTask>) {
            super.init(Dictionary(table.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }), showsTitles: false)
            for (index, entry) in entries.enumerated() {
                for key in entry.entity.indexKeys { lists[key, default: []].append(index) }
            }
        }

        override func indices(listedUnder picks: (IndexKey) -> Bool) -> [Int]? {
            Array(Set(lists.filter { picks($0.key) }.values.joined())).sorted()
        }
    }

    static let weeks = (44...52).map { ISOWeek(year: 2024, week: $0) }
    static let days = [Day(year: 2024, month: 11, day: 21), Day(year: 2024, month: 11, day: 27),
                       Day(year: 2024, month: 12, day: 9)].compactMap { $0 }

    func testBoardsThroughListsOfTheTasksKeysEqualAFullScan() throws {
        for seed in UInt64(1)...10 {
            var rng = SplitMix(state: seed)
            var f = Fixture()
            f.session.now = Timestamp.parse("2024-11-19T10:00:00+09:00") ?? f.session.now
            let sprint = try f.sprints.add(name: "Sprint 7", from: "2024-11-18", to: "2024-11-29")
            let events = try WeekTaskSelectionTests.randomWork(&rng) + f.repository.events()
            var scanned = TeamState()
            for event in events.sorted(by: { ($0.clock, $0.id) < ($1.clock, $1.id) }) { scanned.apply(event) }
            var listed = scanned
            listed.tasks = EntityTable(storage: ListedStorage(scanned.tasks))
            // Changes after the lists were made are tested whatever their keys.
            if let (id, task) = scanned.tasks.first(where: { !$0.value.done }) {
                var moved = task
                moved.week = "2024-W44"
                moved.due = Day(year: 2024, month: 11, day: 1)
                listed.tasks[id] = moved
                scanned.tasks[id] = moved
            }
            var shown = 0
            for week in Self.weeks {
                for day in Self.days {
                    let board = WeekBoard(state: listed, week: week, today: day)
                    XCTAssertEqual(board, WeekBoard(state: scanned, week: week, today: day), "seed \(seed), \(week) on \(day)")
                    shown += board.allTaskNodes.count
                }
                let text = week.description
                XCTAssertEqual(listed.liveTasks(listedUnder: IndexKey.picking(.week, text)) { $0.week == text },
                               scanned.liveTasks { $0.week == text }, "seed \(seed), tasks of \(text)")
            }
            for member in scanned.members.values {
                let id = member.id
                XCTAssertEqual(listed.liveTasks(listedUnder: IndexKey.picking(.member, id.rawValue)) { $0.member == id },
                               scanned.liveTasks { $0.member == id }, "seed \(seed), tasks of \(member.name)")
            }
            if let sprint = scanned.sprints[sprint.id] {
                XCTAssertEqual(listed.tasks(in: sprint), scanned.tasks(in: sprint), "seed \(seed), the sprint's tasks")
            }
            XCTAssertGreaterThan(shown, 0, "seed \(seed): the boards have something to compare")
        }
    }

    func testOddTextsAndOpenTasksWithADueDateGoToTheCatchAll() {
        func task(week: String, member: String? = nil, due: Day? = nil, status: WorkStatus = .todo, parent: String? = nil) -> TeamTask {
            TeamTask(id: "t1", title: "일", member: member.map { EntityID($0) }, epic: nil, parent: parent.map { EntityID($0) },
                     week: week, sprint: nil, due: due, status: status, removed: false, clock: 1)
        }
        XCTAssertEqual(task(week: "2024-W48", member: "m1").indexKeys, [.week("2024-W48"), .member("m1")])
        XCTAssertEqual(task(week: "2024-w48").indexKeys, [.unsure(.week)])
        XCTAssertEqual(task(week: "2024-W48", member: "사람").indexKeys, [.week("2024-W48"), .unsure(.member)])
        let due = Day(year: 2024, month: 11, day: 20)
        XCTAssertEqual(task(week: "2024-W48", due: due).indexKeys, [.week("2024-W48"), .unsure(.week)])
        XCTAssertEqual(task(week: "2024-W48", due: due, status: .done).indexKeys, [.week("2024-W48")])
        XCTAssertEqual(task(week: "2024-W48", parent: "t0").indexKeys, [.week("2024-W48"), .unsure(.sprint)])
        var carried = task(week: "2024-W49")
        carried.carries = [TaskCarry(from: "2024-W47", to: "2024-W48", at: ""), TaskCarry(from: "2024-W48", to: "2024-W49", at: "")]
        XCTAssertEqual(carried.indexKeys, [.week("2024-W49"), .week("2024-W47"), .week("2024-W48")])
    }
}
