import XCTest
@testable import TeamflowCore

/// The typed events fold every history exactly as the string-keyed folds did (`LegacyFolds`),
/// and undo writes the same compensating events (`LegacyUndo`): thousands of generated
/// histories, odd ones included (see `HistoryGenerator`).
final class TypedFoldsDifferentialTests: XCTestCase {
    func testTypedFoldsDeriveTheSameStateAsTheLegacyFolds() {
        var checked = 0
        for seed in 1...3_000 {
            var generator = HistoryGenerator(seed: UInt64(seed))
            let events = generator.history(count: 4 + seed % 40)
            let legacy = LegacyFolds.derive(from: events)
            let typed = Self.withoutHistory(TeamState.derive(from: events))
            if legacy != typed {
                XCTFail("seed \(seed): states differ\n\(events.map { "\($0.type) \($0.data)" }.joined(separator: "\n"))")
                return
            }
            checked += events.count
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    /// The state without what the legacy folds never knew: the items' history
    /// (`createdAt`/`doneAt`/`doneBy`/`removedAt` of tasks, `doneAt`/`removedAt` of goals; tested in
    /// InsightsTests and the standup tests), an imported item's `note` and a goal's owner (tested
    /// in PastedPageTests and GoalOwnerCarryTests), and what a GitHub sync keeps on a review (its
    /// PR state, its body's hash and its comments' GitHub ids and states; tested in ReviewSyncTests).
    static func withoutHistory(_ state: TeamState) -> TeamState {
        var out = state
        for (id, var task) in state.tasks {
            (task.createdAt, task.doneAt, task.removedAt, task.doneBy, task.note, task.points, task.labels, task.links) = ("", nil, nil, nil, nil, nil, [], [])
            out.tasks[id] = task
        }
        for (id, var goal) in state.goals {
            (goal.doneAt, goal.removedAt, goal.note, goal.member) = (nil, nil, nil, nil)
            out.goals[id] = goal
        }
        for (id, var review) in state.reviews {
            (review.prState, review.mergedAt, review.bodyHash) = (nil, nil, nil)
            for index in review.comments.indices {
                review.comments[index].github = nil
                // Legacy folds kept a state only on the comments of `review.added` (ids `<event>-<n>`).
                if !review.comments[index].id.contains("-") { review.comments[index].state = nil }
            }
            out.reviews[id] = review
        }
        return out
    }

    /// The generated histories reach the folds' interesting paths, so equality above means something.
    func testTheGeneratedHistoriesAreRich() {
        var goals = 0, doneTasks = 0, removedTasks = 0, detached = 0, comments = 0, pages = 0, parents = 0
        for seed in 1...300 {
            var generator = HistoryGenerator(seed: UInt64(seed))
            let state = LegacyFolds.derive(from: generator.history(count: 40))
            goals += state.goals.count
            doneTasks += state.tasks.values.filter(\.done).count
            removedTasks += state.tasks.values.filter(\.removed).count
            parents += state.tasks.values.filter { $0.parent != nil }.count
            detached += state.epics.values.filter { $0.project == nil }.count
            comments += state.reviews.values.map(\.comments.count).reduce(0, +)
            pages += state.wiki.count
        }
        for (name, count) in [("goals", goals), ("done tasks", doneTasks), ("removed tasks", removedTasks),
                              ("parents", parents), ("epics without project", detached), ("comments", comments),
                              ("pages", pages)] {
            XCTAssertGreaterThan(count, 5, name)
        }
    }

    /// Same compensations, except that an event whose data does not decode (a `*.added` the
    /// fold ignored, a `*.moved` to an unknown status) cannot be undone any more: before, undo
    /// wrote a compensation for a change that never happened.
    func testUndoWritesTheSameCompensationsAsBefore() {
        var compared = 0
        for seed in 1...600 {
            var generator = HistoryGenerator(seed: UInt64(seed))
            let events = generator.history(count: 4 + seed % 30)
            for (index, event) in events.enumerated() {
                let before = LegacyFolds.derive(from: Array(events[..<index]))
                let legacy = LegacyUndo.compensation(for: event, before: before)
                let typed = UndoUseCase.compensation(for: event, before: before)
                guard EventCatalog.byType[event.type]?.decodes(event.data) ?? true else {
                    XCTAssertNil(typed, "\(event.type) \(event.data)")
                    continue
                }
                if legacy != typed {
                    XCTFail("seed \(seed) \(event.type) \(event.data): \(String(describing: legacy)) vs \(String(describing: typed))")
                    return
                }
                if legacy != nil { compared += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 2_000)
    }

    /// `canUndo` now answers from the same catalog entry as `compensation`; it differs from
    /// before exactly for the three types that were offered to a plain `undo` and then refused.
    func testCanUndoAgreesWithTheInversesAndChangedOnlyForTypesThatWereAlwaysRefused() {
        var changed: Set<String> = []
        // Types added after the legacy code (recurring goals) have no legacy answer to compare.
        let legacyTypes = HistoryGenerator.types.filter { LegacyFolds.folds[$0] != nil || EventCatalog.byType[$0] == nil }
        for type in legacyTypes where UndoUseCase.canUndo(type) != LegacyUndo.canUndo(type) {
            changed.insert(type)
        }
        XCTAssertEqual(changed, [EventType.reviewEdited, EventType.reviewCommented, EventType.wikiAppended])
        for entry in EventCatalog.entries {
            XCTAssertEqual(UndoUseCase.canUndo(entry.type), entry.notUndoable == nil, entry.type)
        }
    }
}
