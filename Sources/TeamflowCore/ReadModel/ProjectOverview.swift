/// Projects with their epics, and the epics of no project, each with its progress and status
/// as `project list` and `epic list` show them: what the wiki's and the site's project views
/// render. One pass over the tasks for all of it.
public struct ProjectOverview: Sendable, Equatable {
    /// A live project, its progress over its epics' tasks, and its live epics in order.
    public struct Entry: Sendable, Equatable {
        public var progress: ProjectProgress
        public var epics: [EpicProgress]
        public var project: Project { progress.project }
    }

    public var projects: [Entry]
    /// Live epics whose project is missing or removed.
    public var looseEpics: [EpicProgress]
    /// Each live epic's live tasks, in the order they were added (for project pages).
    public var tasksByEpic: [Epic.ID: [TeamTask]]

    public init(state: TeamState) {
        let epics = state.liveEpics
        let tasks = state.liveTasks { $0.epic != nil }
        var done: [Epic.ID: Int] = [:], total: [Epic.ID: Int] = [:], doing: [Epic.ID: Int] = [:]
        var byEpic: [Epic.ID: [TeamTask]] = [:]
        for task in tasks {
            guard let epic = task.epic else { continue }
            total[epic, default: 0] += 1
            if task.done { done[epic, default: 0] += 1 }
            if task.status == .doing { doing[epic, default: 0] += 1 }
            byEpic[epic, default: []].append(task)
        }
        let progress = epics.map { EpicProgress(epic: $0, done: done[$0.id] ?? 0, total: total[$0.id] ?? 0, doing: doing[$0.id] ?? 0) }
        let live = state.liveProjects
        let ids = Set(live.map(\.id))
        projects = live.map { project in
            let own = progress.filter { $0.epic.project == project.id }
            return Entry(progress: ProjectProgress(project: project, done: own.reduce(0) { $0 + $1.done },
                                                   total: own.reduce(0) { $0 + $1.total }),
                         epics: own)
        }
        looseEpics = progress.filter { $0.epic.project.map { !ids.contains($0) } ?? true }
        tasksByEpic = byEpic
    }

    /// The entry of project `id`, if it is live.
    public func entry(_ id: Project.ID) -> Entry? { projects.first { $0.project.id == id } }
}
