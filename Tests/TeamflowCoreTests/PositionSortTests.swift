import TeamflowTestSupport
import XCTest
@testable import TeamflowCore

/// `sortedByPosition` sorts positions and then puts the elements in place by swaps along the
/// permutation's cycles: it must give what a stable `sorted(by:)` gives, for any order.
final class PositionSortTests: XCTestCase {
    /// A record with references (so a wrong move would also show in what the strings read).
    struct Record: Equatable {
        var key: Int
        var label: String
        var tags: [String]
    }

    func testItGivesWhatAStableSortGivesForRandomOrdersAndTies() {
        var generator = SplitMix(seed: 5)
        for trial in 0..<500 {
            let count = Int(generator.next() % 40)
            let records = (0..<count).map { i in
                Record(key: Int(generator.next() % 8), label: "record \(i) of trial \(trial)", tags: i % 3 == 0 ? ["t\(i)"] : [])
            }
            // Stable: equal keys keep their positions' order, as `sorted(by:)` promises.
            let expected = records.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
            XCTAssertEqual(records.sortedByPosition { $0.key < $1.key }, expected, "trial \(trial)")
        }
    }

    func testTheCopyTheCallerKeepsIsNotTouched() {
        let records = (0..<20).map { Record(key: 20 - $0, label: "r\($0)", tags: []) }
        let kept = records
        let sorted = records.sortedByPosition { $0.key < $1.key }
        XCTAssertEqual(sorted.map(\.key), Array(1...20))
        XCTAssertEqual(records, kept, "sorting consumed only its own copy of the array")
        XCTAssertEqual(records.first?.key, 20)
    }

    /// Tasks by clock then id, as the lists show them: the clocks compared from their own
    /// array must give the order a stable sort comparing whole tasks gives, ties included.
    func testTasksByClockAreInTheOrderOfAStableSortByClockThenID() {
        var generator = SplitMix(seed: 9)
        for trial in 0..<300 {
            let tasks = (0..<Int(generator.next() % 60)).map { i in
                TeamTask(id: EntityID("t\(generator.next() % 30)"), title: "task \(i)", member: nil, epic: nil, parent: nil,
                         week: "2024-W47", sprint: nil, due: nil, status: .todo, removed: false, clock: Int(generator.next() % 12))
            }
            let expected = tasks.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
            XCTAssertEqual(tasks.sortedByClock(), expected, "trial \(trial)")
        }
    }
}
