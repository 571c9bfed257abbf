/// A project with an optional due date and a todo / doing / done state.
public struct Project: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<Project>
    public var name: String
    public var description: String?
    public var due: Day?
    public var status: WorkStatus
    public var removed: Bool
    public var clock: Int

    public var shortID: String { id.short }

    /// Overdue: due before `today` (the local day in `TZ`) and not done.
    public func isOverdue(today: Day) -> Bool {
        guard let due, status != .done else { return false }
        return due < today
    }
}

extension TeamState {
    /// Live projects in the order they were added.
    public var liveProjects: [Project] {
        projects.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a live project by name (case-insensitive, NFC) or id prefix.
    public func project(named text: String) throws -> Project {
        try Lookup.resolve(text, in: liveProjects, kind: .project, id: \.id, names: { [$0.name] },
                           label: { $0.name })
    }

    /// Live projects overdue on `today`, earliest due first.
    public func overdueProjects(today: Day) -> [Project] {
        liveProjects.filter { $0.isOverdue(today: today) }
            .sorted { ($0.due ?? today, $0.clock, $0.id) < ($1.due ?? today, $1.clock, $1.id) }
    }
}

/// A project with its progress: done tasks over all live tasks of its live epics.
public struct ProjectProgress: Sendable, Equatable {
    public var project: Project
    public var done: Int
    public var total: Int

    public init(project: Project, done: Int, total: Int) {
        self.project = project
        self.done = done
        self.total = total
    }

    /// Whole percent of the tasks done (rounded down); nil for a project without tasks.
    public var percent: Int? { ProgressMath.percent(done, total) }
}

extension TeamState {
    /// Progress of several projects over the tasks of their live epics, counting each task once.
    public func progress(of projects: [Project]) -> [ProjectProgress] {
        var projectOfEpic: [Epic.ID: Project.ID] = [:]
        for epic in liveEpics { if let project = epic.project { projectOfEpic[epic.id] = project } }
        var done: [Project.ID: Int] = [:], total: [Project.ID: Int] = [:]
        for task in tasks.values where isLive(task) {
            guard let project = task.epic.flatMap({ projectOfEpic[$0] }) else { continue }
            total[project, default: 0] += 1
            if task.done { done[project, default: 0] += 1 }
        }
        return projects.map { ProjectProgress(project: $0, done: done[$0.id] ?? 0, total: total[$0.id] ?? 0) }
    }
}
