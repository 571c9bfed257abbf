/// An epic: a group of tasks, optionally inside a project.
public struct Epic: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<Epic>
    public var title: String
    public var project: EntityID<Project>?
    public var status: WorkStatus
    public var removed: Bool
    public var clock: Int

    public var shortID: String { id.short }
}

/// An epic with its progress: done tasks over all live tasks.
public struct EpicProgress: Sendable, Equatable {
    public var epic: Epic
    public var done: Int
    public var total: Int
    /// Tasks in progress (`doing`): they make an epic nobody moved show as `doing`.
    public var doing: Int

    public init(epic: Epic, done: Int, total: Int, doing: Int = 0) {
        self.epic = epic
        self.done = done
        self.total = total
        self.doing = doing
    }

    /// Whole percent of the tasks done (rounded down); nil for an epic without tasks.
    public var percent: Int? { ProgressMath.percent(done, total) }

    /// Whether `status` is derived from the tasks rather than set with `epic move`.
    ///
    /// An epic's stored status is `todo` until someone moves it; while it is, the tasks
    /// decide (so an epic whose tasks are all done shows as done without a manual move). A
    /// status of `doing` or `done` set with `epic move` always wins.
    public var isDerived: Bool { epic.status == .todo && total > 0 && (done > 0 || doing > 0) }

    /// The status to show: `done` when every task is, `doing` when any is done or started,
    /// unless `epic move` set `doing` or `done` (see `isDerived`).
    public var status: WorkStatus {
        guard isDerived else { return epic.status }
        return done == total ? .done : .doing
    }
}

/// Progress arithmetic shared by epics, projects and boards.
public enum ProgressMath {
    /// `done` of `total` in whole percent, rounded down; nil when `total` is 0.
    public static func percent(_ done: Int, _ total: Int) -> Int? {
        guard total > 0 else { return nil }
        // Counts of things in memory: far below Int.max / 100, so the product cannot trap.
        return min(max(done, 0), total) * 100 / total
    }
}

extension TeamState {
    /// Live epics in the order they were added.
    public var liveEpics: [Epic] {
        epics.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a live epic by title (case-insensitive, NFC) or id prefix.
    public func epic(named text: String) throws -> Epic {
        try Lookup.resolve(text, in: liveEpics, kind: .epic, id: \.id, names: { [$0.title] }, label: { $0.title })
    }

    /// Progress of an epic over its live tasks (sub-tasks included).
    public func progress(of epic: Epic) -> EpicProgress {
        let tasks = liveTasks { $0.epic == epic.id }
        return EpicProgress(epic: epic, done: tasks.filter(\.done).count, total: tasks.count,
                            doing: tasks.filter { $0.status == .doing }.count)
    }

    /// Progress of several epics, counting the live tasks once.
    public func progress(of epics: [Epic]) -> [EpicProgress] {
        var done: [Epic.ID: Int] = [:], total: [Epic.ID: Int] = [:], doing: [Epic.ID: Int] = [:]
        for task in tasks.values where isLive(task) {
            guard let epic = task.epic else { continue }
            total[epic, default: 0] += 1
            if task.done { done[epic, default: 0] += 1 }
            if task.status == .doing { doing[epic, default: 0] += 1 }
        }
        return epics.map { EpicProgress(epic: $0, done: done[$0.id] ?? 0, total: total[$0.id] ?? 0, doing: doing[$0.id] ?? 0) }
    }
}
