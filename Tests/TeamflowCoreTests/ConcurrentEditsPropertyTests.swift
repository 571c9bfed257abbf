import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Two clones edit the same tasks independently, then merge by union: every interleaving that
/// respects each clone's own order must derive the same state, byte for byte.
final class ConcurrentEditsPropertyTests: XCTestCase {
    func testAnyInterleavingOfTwoClonesDerivesTheSameState() throws {
        XCTAssertEqual(try divergingSeeds(brokenMerge: false), [])
    }

    /// The property has teeth: a replica that folds events in arrival order (ignoring the
    /// (clock, id) rule, as a naive cache would) diverges for some interleavings.
    func testABrokenMergeRuleIsCaught() throws {
        XCTAssertFalse(try divergingSeeds(brokenMerge: true).isEmpty, "folding in arrival order went unnoticed")
    }

    /// Seeds for which some replica, folding the events incrementally in its own arrival order
    /// (as the cache does: in place when the event sorts last, else from scratch), ends in a
    /// state other than the reference.
    private func divergingSeeds(brokenMerge: Bool) throws -> [Int] {
        var diverging: [Int] = []
        for seed in 1...40 {
            var rng = SplitMix(state: UInt64(seed))
            let base = Fixture()
            try base.members.add(name: "민수")
            try base.members.add(name: "지우")
            var ids: [String] = []
            for n in 0..<4 { ids.append(try base.tasks.add(title: "일 \(n)").id.rawValue) }
            let baseEvents = try base.repository.events()

            let cloneA = clone(baseEvents, author: "A")
            let cloneB = clone(baseEvents, author: "B")
            for _ in 0..<12 {
                randomEdit(cloneA, ids: ids, rng: &rng)
                randomEdit(cloneB, ids: ids, rng: &rng)
            }
            let ownA = try cloneA.repository.events().filter { !baseEvents.contains($0) }
            let ownB = try cloneB.repository.events().filter { !baseEvents.contains($0) }
            // Edits that fail (a removed task, say) are fine; a clone that wrote nothing is not.
            XCTAssertGreaterThanOrEqual(ownA.count, 3, "seed \(seed): clone A barely wrote")
            XCTAssertGreaterThanOrEqual(ownB.count, 3, "seed \(seed): clone B barely wrote")
            // The reference folds each clone's history in (clock, id) order, one event at a time.
            var reference = TeamState()
            for event in (baseEvents + ownA + ownB).sorted(by: Event.precedes) { reference.apply(event) }

            for _ in 0..<15 {
                let merged = baseEvents + interleave(ownA, ownB, rng: &rng)
                var replica = TeamState()
                var seen: [Event] = []
                for event in merged {
                    seen.append(event)
                    if brokenMerge || replica.canAppend(event) {
                        replica.apply(event)
                    } else {
                        replica = TeamState()
                        for earlier in seen.sorted(by: Event.precedes) { replica.apply(earlier) }
                    }
                }
                if replica != reference {
                    diverging.append(seed)
                    break
                }
            }
        }
        return diverging
    }

    func testConcurrentReparentingCannotMakeACycle() throws {
        let author = Author(name: "A", email: "a@x")
        func event(_ id: String, _ type: String, _ clock: Int, _ data: Fields) -> Event {
            Event(id: id, type: type, at: "2024-11-19T10:00:00+09:00", author: author, clock: clock, data: data)
        }
        let events = [
            event("t1", EventType.taskAdded, 1, ["title": "x", "week": "2024-W47"]),
            event("t2", EventType.taskAdded, 2, ["title": "y", "week": "2024-W47"]),
            event("e1", EventType.taskEdited, 3, ["task": "t1", "parent": "t2"]),  // clone A
            event("e2", EventType.taskEdited, 3, ["task": "t2", "parent": "t1"]),  // clone B, loses
            event("r1", EventType.taskRemoved, 4, ["task": "t1"]),                 // clone A removes
            event("e3", EventType.taskEdited, 5, ["task": "t1", "title": "late"]), // clone B edits later
        ]
        let state = TeamState.derive(from: events.reversed())
        XCTAssertEqual(state.tasks["t1"]?.parent, "t2")
        XCTAssertNil(state.tasks["t2"]?.parent)
        XCTAssertEqual(state.tasks["t1"]?.title, "x", "removal wins over a later edit")
        XCTAssertTrue(state.tasks["t1"]?.removed ?? false)
    }

    private func clone(_ events: [Event], author: String) -> Fixture {
        Fixture(author: Author(name: author, email: "\(author.lowercased())@example.com"), events: events)
    }

    private func randomEdit(_ f: Fixture, ids: [String], rng: inout SplitMix) {
        let id = ids[Int(rng.next() % UInt64(ids.count))]
        let other = ids[Int(rng.next() % UInt64(ids.count))]
        let members = ["민수", "지우"]
        do {
            switch rng.next() % 8 {
            case 0: try f.tasks.check(id)
            case 1: try f.tasks.uncheck(id)
            case 2: try f.tasks.start(id)
            case 3: try f.tasks.edit(id, .init(title: "제목 \(rng.next() % 100) ✨"))
            case 4: try f.tasks.assign(id, to: members[Int(rng.next() % 2)])
            case 5: try f.tasks.edit(id, .init(parent: other))
            case 6: try f.tasks.remove(id)
            default: try f.undo.undo()
            }
        } catch let error as TeamflowError where [.notFound, .conflict, .usage].contains(error.kind) {
            // An edit of a removed task, a cycle, nothing left to undo: refused, as it should be.
        } catch {
            XCTFail("unexpected error from a random edit: \(error)")
        }
    }

    private func interleave(_ a: [Event], _ b: [Event], rng: inout SplitMix) -> [Event] {
        var i = 0, j = 0, out: [Event] = []
        while i < a.count || j < b.count {
            if j >= b.count || (i < a.count && rng.next() % 2 == 0) { out.append(a[i]); i += 1 } else { out.append(b[j]); j += 1 }
        }
        return out
    }

    private func encode(_ state: TeamState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(state)
    }
}
