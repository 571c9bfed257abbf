import TeamflowTestSupport
import XCTest
@testable import TeamflowCore

/// A history may nest sub-tasks arbitrarily deep (hand-written, or arriving by sync). Boards,
/// removal and listing must neither overflow the stack nor take quadratic time on it.
final class DeepTaskTreeTests: XCTestCase {
    private static let depth = 3_000

    /// One task per level, each the parent of the next, all in one week.
    private static let state: TeamState = {
        let author = Author(name: "A", email: "a@example.com")
        var events = [Event(id: "t000000", type: EventType.taskAdded, at: "2024-11-18T10:00:00Z", author: author, clock: 1,
                            data: ["title": "level 0", "week": "2024-W47"])]
        for level in 1..<depth {
            events.append(Event(id: "t" + String(format: "%06d", level), type: EventType.taskAdded, at: "2024-11-18T10:00:00Z",
                                author: author, clock: level + 1,
                                data: ["title": .string("level \(level)"), "week": "2024-W47",
                                       "parent": .string("t" + String(format: "%06d", level - 1))]))
        }
        var state = TeamState()
        state.apply(events)
        return state
    }()

    func testListingADeepTreeIsLinear() {
        let live = Self.state.liveTasks
        XCTAssertEqual(live.count, Self.depth)
        XCTAssertEqual(Self.state.liveTasks { $0.title.hasSuffix("999") }.count, 3)
    }

    /// Folds nest at most `maxTaskNesting` levels: the next task of the chain is folded
    /// top-level (as a parent that would close a cycle is dropped) and starts a new chain.
    func testFoldsCutChainsDeeperThanTheLimit() {
        let segment = TeamState.maxTaskNesting + 1
        let all = Self.state.descendants(of: "t000000")
        XCTAssertEqual(all.count, TeamState.maxTaskNesting)
        XCTAssertEqual(all.first?.id, "t000001")
        XCTAssertEqual(all.last?.id.rawValue, "t" + String(format: "%06d", segment - 1))
        XCTAssertNil(Self.state.tasks["t" + String(format: "%06d", segment)]?.parent)
        XCTAssertEqual(Self.state.tasks["t" + String(format: "%06d", segment + 1)]?.parent?.rawValue, "t" + String(format: "%06d", segment))
        XCTAssertEqual(Self.state.parentProblem(task: "new", parent: EntityID("t" + String(format: "%06d", segment - 1))), .tooDeep)
        XCTAssertNil(Self.state.parentProblem(task: "new", parent: EntityID("t" + String(format: "%06d", segment - 2))))
        XCTAssertEqual(Self.state.parentProblem(task: "t000000", parent: "t000005"), .cycle)
    }

    /// 30,000 levels fold in linear time (each parent check walks at most the limit).
    func testAThirtyThousandDeepChainFoldsQuickly() {
        let author = Author(name: "A", email: "a@example.com")
        var events: [Event] = []
        events.reserveCapacity(30_000)
        for level in 0..<30_000 {
            var data: Fields = ["title": "t", "week": "2024-W47"]
            if level > 0 { data["parent"] = .string("d" + String(level - 1)) }
            events.append(Event(id: "d" + String(level), type: EventType.taskAdded, at: "2024-11-18T10:00:00Z",
                                author: author, clock: level + 1, data: data))
        }
        var state = TeamState()
        state.apply(events)
        let roots = TaskNode.tree(state.liveTasks, in: state)
        XCTAssertEqual(roots.count, (30_000 + TeamState.maxTaskNesting) / (TeamState.maxTaskNesting + 1))
    }

    func testBoardNestsAtMostMaxDepthAndShowsEveryTask() {
        let roots = TaskNode.tree(Self.state.liveTasks, in: Self.state)
        let segment = TeamState.maxTaskNesting + 1
        XCTAssertEqual(roots.count, (Self.depth + segment - 1) / segment)
        var shown = 0
        var deepest = 0
        var stack = roots.map { ($0, 0) }
        while let (node, level) = stack.popLast() {
            shown += 1
            deepest = max(deepest, level)
            stack.append(contentsOf: node.subtasks.map { ($0, level + 1) })
        }
        XCTAssertEqual(shown, Self.depth, "every task is on the board")
        XCTAssertEqual(deepest, TaskNode.maxDepth)
    }

    /// Shallow trees are unchanged: order kept, sub-tasks under their parents.
    func testShallowTreesNestAsBefore() {
        let author = Author(name: "A", email: "a@example.com")
        func added(_ id: String, _ clock: Int, parent: String? = nil) -> Event {
            var data: Fields = ["title": .string(id), "week": "2024-W47"]
            if let parent { data["parent"] = .string(parent) }
            return Event(id: id, type: EventType.taskAdded, at: "2024-11-18T10:00:00Z", author: author, clock: clock, data: data)
        }
        let state = TeamState.derive(from: [added("aaaa", 1), added("bbbb", 2, parent: "aaaa"), added("cccc", 3),
                                            added("dddd", 4, parent: "bbbb"), added("eeee", 5, parent: "aaaa")])
        let roots = TaskNode.tree(state.liveTasks, in: state)
        XCTAssertEqual(roots.map(\.task.id), ["aaaa", "cccc"])
        XCTAssertEqual(roots[0].subtasks.map(\.task.id), ["bbbb", "eeee"])
        XCTAssertEqual(roots[0].subtasks[0].subtasks.map(\.task.id), ["dddd"])
    }

    /// The use cases refuse a parent the fold would drop, instead of filing the task top-level.
    func testAddAndEditRefuseAParentAtTheLimit() throws {
        let fixture = Fixture()
        var parent = try fixture.tasks.add(title: "level 0")
        for level in 1...TeamState.maxTaskNesting {
            parent = try fixture.tasks.add(title: "level \(level)", .init(parent: parent.id.rawValue))
        }
        let events = try fixture.eventCount()
        let error = assertError(.conflict) { try fixture.tasks.add(title: "too deep", .init(parent: parent.id.rawValue)) }
        XCTAssertTrue(error?.message.contains("at most \(TeamState.maxTaskNesting) levels") == true, "\(String(describing: error))")
        let loose = try fixture.tasks.add(title: "loose")
        assertError(.conflict) { try fixture.tasks.edit(loose.id.rawValue, .init(parent: parent.id.rawValue)) }
        XCTAssertEqual(try fixture.eventCount(), events + 1, "only the loose task was added")
    }
}
