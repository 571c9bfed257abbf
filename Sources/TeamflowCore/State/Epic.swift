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

extension Epic {
    static func foldAdded(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title") else { return }
        state.epics[event.id] = Epic(id: event.id, title: title, project: event.data.string("project"),
                                     status: .todo, removed: false, clock: event.clock)
    }

    /// Field edits: last writer by (clock, id) wins; `project: null` detaches; removal wins.
    static func foldEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("epic"), var epic = state.epics[id], !epic.removed else { return }
        if let title = event.data.string("title") { epic.title = title }
        if let project = event.data["project"] { epic.project = project.string }
        state.epics[id] = epic
    }

    static func foldMoved(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("epic"), state.epics[id]?.removed == false,
              let status = event.data.string("status").flatMap(WorkStatus.init(rawValue:)) else { return }
        state.epics[id]?.status = status
    }

    static func foldRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("epic") else { return }
        state.epics[id]?.removed = removed
    }
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
