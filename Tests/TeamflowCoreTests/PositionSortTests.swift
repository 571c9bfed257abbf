import TeamflowTestSupport
import XCTest
@testable import TeamflowCore

/// `sortedByClock` sorts positions by the tasks' clocks and then puts the tasks in place by
/// swaps along the permutation's cycles: it must give what a stable sort by (clock, id) gives.
final class PositionSortTests: XCTestCase {
    static func task(_ id: String, clock: Int, title: String = "") -> TeamTask {
        TeamTask(id: EntityID(id), title: title, member: nil, epic: nil, parent: nil,
                 week: "2024-W47", sprint: nil, due: nil, status: .todo, removed: false, clock: clock)
    }

    func testTheCopyTheCallerKeepsIsNotTouched() {
        let tasks = (0..<20).map { Self.task("t\($0)", clock: 20 - $0) }
        let kept = tasks
        let sorted = tasks.sortedByClock()
        XCTAssertEqual(sorted.map(\.clock), Array(1...20))
        XCTAssertEqual(tasks, kept, "sorting consumed only its own copy of the array")
        XCTAssertEqual(tasks.first?.clock, 20)
    }

    /// Tasks by clock then id, as the lists show them: the clocks compared from their own
    /// array must give the order a stable sort comparing whole tasks gives, ties included.
    func testTasksByClockAreInTheOrderOfAStableSortByClockThenID() {
        var generator = SplitMix(seed: 9)
        for trial in 0..<300 {
            let tasks = (0..<Int(generator.next() % 60)).map { i in
                // Ids repeat, so equal (clock, id) pairs must keep their order (their titles differ).
                Self.task("t\(generator.next() % 30)", clock: Int(generator.next() % 12), title: "task \(i)")
            }
            let expected = tasks.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
            XCTAssertEqual(tasks.sortedByClock(), expected, "trial \(trial)")
        }
    }
}
