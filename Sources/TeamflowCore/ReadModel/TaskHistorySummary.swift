/// A task's history as the state knows it: when it was added, each carry to a later week, when
/// and by whom it was last made done, when it was removed, and its due day. The site shows it
/// under every task line of a week page.
///
/// It is read from the fields the folds keep on `TeamTask` (`createdAt`, `carries`, `doneAt`,
/// `doneBy`, `removedAt`, `due`), never from a replay of the events, so a page of a long history
/// costs no more than its board. Edits, starts and unchecks are not kept in the state: the
/// event-by-event history is `teamflow task show` (`TaskDetail.history`).
public struct TaskHistorySummary: Sendable, Equatable {
    /// One fact of the summary. Times are RFC 3339 as the event was written (the author's own
    /// offset); a view shows them in the team's zone.
    public enum Line: Sendable, Equatable {
        /// The task was added.
        case added(at: String)
        /// `week carry` moved it out of `from` into `to`.
        case carried(from: String, to: String, at: String)
        /// It was made done (the last time), by `by` when the event's author is known.
        case done(at: String, by: Author?)
        /// It was removed.
        case removed(at: String)
        /// The day it is due.
        case due(Day)

        /// When a dated line happened (nil for the due day).
        public var at: String? {
            switch self {
            case .added(let at), .carried(_, _, let at), .done(let at, _), .removed(let at): return at
            case .due: return nil
            }
        }
    }

    /// The task's id, for the hint to its full history (`teamflow task show ID`).
    public var taskID: TeamTask.ID
    /// Added, each carry oldest first, done, removed, then the due day: in time order for any
    /// history the commands record (only open tasks are carried, and a done task that is made
    /// open again loses its `doneAt`). A fact the state does not hold is left out.
    public var lines: [Line]

    /// The summary of `task`, from its folded fields alone.
    public init(task: TeamTask) {
        var lines: [Line] = []
        lines.reserveCapacity(task.carries.count + 4)
        if !task.createdAt.isEmpty { lines.append(.added(at: task.createdAt)) }
        for carry in task.carries { lines.append(.carried(from: carry.from, to: carry.to, at: carry.at)) }
        if task.done, let at = task.doneAt {
            // Folds without an author (a snapshot older than `doneBy`) leave the name unknown.
            let by = task.doneBy.flatMap { $0.name.isEmpty ? nil : $0 }
            lines.append(.done(at: at, by: by))
        }
        if task.removed, let at = task.removedAt { lines.append(.removed(at: at)) }
        // In time order even when a synced change folded after a later one.
        lines = ItemHistory.inTimeOrder(lines) { $0.at ?? "" }
        if let due = task.due { lines.append(.due(due)) }
        self.taskID = task.id
        self.lines = lines
    }
}

extension TaskNode {
    /// The task's history as the state knows it (see `TaskHistorySummary`); the same for every
    /// line of the task, on whichever week's board it is shown.
    public var history: TaskHistorySummary { TaskHistorySummary(task: task) }
}
