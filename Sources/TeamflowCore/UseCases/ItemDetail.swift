/// What `task show` prints: every field with names resolved, the sub-tasks and the history.
public struct TaskDetail: Sendable, Equatable {
    public var task: TeamTask
    public var memberName: String?
    public var epicTitle: String?
    /// The project of the task's epic.
    public var projectName: String?
    public var sprintName: String?
    public var parent: TeamTask?
    /// Live sub-tasks, nested.
    public var subtasks: [TaskNode]
    /// The events that named the task, oldest first (the first one created it).
    public var history: [HistoryEntry]
    /// Its links with the address of each when known (a PR's, from its review).
    public var links: [TaskLinkView] = []

    /// The event that created the task.
    public var created: HistoryEntry? { history.first { $0.event == task.id.rawValue } }
}

/// What `goal show` prints.
public struct GoalDetail: Sendable, Equatable {
    public var goal: Goal
    public var sprintName: String?
    /// The events that named the goal, oldest first.
    public var history: [HistoryEntry]
}

extension Queries {
    /// The live task `text` names (id prefix or exact title), with its history.
    public func taskDetail(_ text: String) throws -> TaskDetail {
        let state = try repository.state()
        let task = try state.task(named: text)
        let history = ItemHistory.entries(of: task.id, in: try repository.events()) {
            ItemHistory.fields(of: $0.tasks[task.id], names: state)
        }
        let epic = task.epic.flatMap { state.epics[$0] }
        let subtasks = state.descendants(of: task.id)
        return TaskDetail(task: task, memberName: task.member.flatMap { state.members[$0]?.name }, epicTitle: epic?.title,
                          projectName: epic?.project.flatMap { state.projects[$0]?.name },
                          sprintName: task.sprint.flatMap { state.sprints[$0]?.name },
                          parent: task.parent.flatMap { state.tasks[$0] },
                          subtasks: TaskNode.tree(subtasks, in: state), history: history,
                          links: state.linkViews(of: task))
    }

    /// The live goal `idPrefix` names, with its history.
    public func goalDetail(_ idPrefix: String) throws -> GoalDetail {
        let goal = try GoalUseCases(repository: repository, session: session).find(idPrefix)
        let state = try repository.state()
        let history = ItemHistory.entries(of: goal.id, in: try repository.events()) {
            ItemHistory.fields(of: $0.goals[goal.id], names: state)
        }
        return GoalDetail(goal: goal, sprintName: goal.sprint.flatMap { state.sprints[$0]?.name }, history: history)
    }
}
