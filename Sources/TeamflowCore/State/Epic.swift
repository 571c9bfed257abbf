/// An epic: a group of tasks, optionally inside a project.
public struct Epic: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var title: String
    public var project: String?
    public var status: WorkStatus
    public var removed: Bool
    public var clock: Int

    public var shortID: String { ShortID.of(id) }
}

/// An epic with its progress: done tasks over all live tasks.
public struct EpicProgress: Sendable, Equatable {
    public var epic: Epic
    public var done: Int
    public var total: Int

    public init(epic: Epic, done: Int, total: Int) {
        self.epic = epic
        self.done = done
        self.total = total
    }
}

extension TeamState {
    /// Live epics in the order they were added.
    public var liveEpics: [Epic] {
        epics.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a live epic by title (case-insensitive, NFC) or id prefix.
    public func epic(named text: String) throws -> Epic {
        try Lookup.resolve(text, in: liveEpics, kind: "epic", id: \.id, names: { [$0.title] }, label: { $0.title })
    }

    /// Progress of an epic over its live tasks (sub-tasks included).
    public func progress(of epic: Epic) -> EpicProgress {
        let tasks = liveTasks { $0.epic == epic.id }
        return EpicProgress(epic: epic, done: tasks.filter(\.done).count, total: tasks.count)
    }

    /// Progress of several epics, counting the live tasks once.
    public func progress(of epics: [Epic]) -> [EpicProgress] {
        var done: [String: Int] = [:], total: [String: Int] = [:]
        for task in tasks.values where isLive(task) {
            guard let epic = task.epic else { continue }
            total[epic, default: 0] += 1
            if task.done { done[epic, default: 0] += 1 }
        }
        return epics.map { EpicProgress(epic: $0, done: done[$0.id] ?? 0, total: total[$0.id] ?? 0) }
    }
}
