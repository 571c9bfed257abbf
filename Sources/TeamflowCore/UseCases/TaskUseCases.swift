/// Members' tasks: add (sub-tasks any depth), check, uncheck, start, assign, edit, remove, list.
public struct TaskUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What `task add` may give besides the title.
    public struct NewTask: Sendable {
        public var member: String?
        public var epic: String?
        public var week: String?
        public var due: String?
        public var parent: String?
        public var sprint: String?

        public init(member: String? = nil, epic: String? = nil, week: String? = nil, due: String? = nil,
                    parent: String? = nil, sprint: String? = nil) {
            self.member = member
            self.epic = epic
            self.week = week
            self.due = due
            self.parent = parent
            self.sprint = sprint
        }
    }

    /// Adds a task. A sub-task takes its parent's week, member and epic unless given; a sprint
    /// task's week is the sprint's first week; otherwise the week defaults to the current one.
    @discardableResult
    public func add(title: String, _ options: NewTask = NewTask()) throws -> TeamTask {
        let title = try Validate.text(title, what: "task title", example: "teamflow task add \"로그인 API 연결\" --member 민수")
        let state = try repository.state()
        let parent = try options.parent.map(state.task(named:))
        let sprint = try options.sprint.map(state.sprint(named:))
        let week = try options.week.map { try session.week($0).description }
            ?? sprint.map { ISOWeek(containing: $0.from).description } ?? parent?.week ?? session.currentWeek.description
        var added = TaskAdded(title: title, week: week)
        added.member = try options.member.map({ try state.member(named: $0).id }) ?? parent?.member
        added.epic = try options.epic.map({ try state.epic(named: $0).id }) ?? parent?.epic
        added.parent = parent?.id
        added.due = try options.due.map(session.day)
        added.sprint = sprint?.id
        let (event, after) = try context.append(added, summary: "task: add \"\(title)\" (\(week))")
        return try readBack(after.tasks[event.id], "task")
    }

    @discardableResult
    public func check(_ text: String) throws -> TeamTask { try setStatus(text, .done) }

    @discardableResult
    public func uncheck(_ text: String) throws -> TeamTask { try setStatus(text, .todo) }

    @discardableResult
    public func start(_ text: String) throws -> TeamTask { try setStatus(text, .doing) }

    /// Assigns a task to a member (by name, handle or id prefix).
    @discardableResult
    public func assign(_ text: String, to who: String) throws -> TeamTask {
        let state = try repository.state()
        let task = try state.task(named: text)
        let member = try state.member(named: who)
        let (_, after) = try context.append(TaskAssigned(task: task.id, member: member.id),
                                            summary: "task: assign \"\(task.title)\" to \(member.name)")
        return try readBack(after.tasks[task.id], "task")
    }

    /// What `task edit` may change; `none` clears due, epic and parent.
    public struct Changes: Sendable {
        public var title: String?
        public var week: String?
        public var due: String?
        public var epic: String?
        public var parent: String?

        // Sprints (issue 13): `--sprint NAME` files the task in a sprint, `--no-sprint` takes it out.
        public var sprint: String?
        public var noSprint = false

        public init(title: String? = nil, week: String? = nil, due: String? = nil, epic: String? = nil, parent: String? = nil,
                    sprint: String? = nil, noSprint: Bool = false) {
            self.title = title
            self.week = week
            self.due = due
            self.epic = epic
            self.parent = parent
            self.sprint = sprint
            self.noSprint = noSprint
        }
    }

    /// Edits a task's fields; a parent that would make it its own ancestor is refused.
    @discardableResult
    public func edit(_ text: String, _ changes: Changes) throws -> TeamTask {
        let state = try repository.state()
        let task = try state.task(named: text)
        var edit = TaskEdited(task: task.id)
        if let title = changes.title {
            edit.title = try Validate.text(title, what: "task title", example: "teamflow task edit 3f2a --title \"새 제목\"")
        }
        if let week = changes.week { edit.week = try session.week(week).description }
        if let due = changes.due { edit.due = Validate.isClearing(due) ? .cleared : .set(try session.day(due)) }
        if let epic = changes.epic { edit.epic = Validate.isClearing(epic) ? .cleared : .set(try state.epic(named: epic).id) }
        if let parentText = changes.parent {
            if Validate.isClearing(parentText) {
                edit.parent = .cleared
            } else {
                let parent = try state.task(named: parentText)
                guard !state.wouldCycle(task: task.id, parent: parent.id) else {
                    throw TeamflowError(.conflict, "a task cannot be its own ancestor: \(parent.shortID) '\(parent.title)' is \(parent.id == task.id ? "the task itself" : "under \(task.shortID) '\(task.title)'")",
                                        hints: ["Pick a parent outside this task's sub-tasks."])
                }
                edit.parent = .set(parent.id)
            }
        }
        edit.sprint = try SprintUseCases.patch(changes.sprint, clear: changes.noSprint, in: state)
        let after = try context.appendEdit(edit, summary: "task: edit \"\(task.title)\"",
                                           hint: "Give --title, --week, --due, --epic, --parent, --sprint or --no-sprint.")
        return try readBack(after.tasks[task.id], "task")
    }

    /// Removes a task and its sub-tasks in one event (the history keeps them).
    @discardableResult
    public func remove(_ text: String) throws -> TeamTask {
        let state = try repository.state()
        let task = try context.findForRemoval(text, kind: "task", removed: state.tasks.values { !state.isLive($0) },
                                              id: \.id, names: { [$0.title] }, find: { try state.task(named: text) })
        let subtasks = state.descendants(of: task.id).map(\.id)
        let removal = TaskRemoved(task: task.id, subtasks: subtasks.isEmpty ? nil : subtasks)
        // Not read back: the removed task and its sub-tasks are known, and reading would fold for nothing.
        _ = try context.record([EventDraft(removal, summary: "task: remove \"\(task.title)\"")])
        var removed = task
        removed.removed = true
        return removed
    }

    /// Filters for `task list`; `week` nil means the current week, `"all"` every week.
    public struct Filter: Sendable {
        public var member: String?
        public var week: String?
        public var epic: String?
        /// true: only done, false: only open, nil: both.
        public var done: Bool?
        /// Only the sprint's tasks (`TeamState.tasks(in:)`); the week then defaults to all.
        public var sprint: String?

        public init(member: String? = nil, week: String? = nil, epic: String? = nil, done: Bool? = nil, sprint: String? = nil) {
            self.member = member
            self.week = week
            self.epic = epic
            self.done = done
            self.sprint = sprint
        }
    }

    /// Live tasks matching the filter, in the order they were added.
    public func list(_ filter: Filter = Filter()) throws -> [TeamTask] {
        let state = try repository.state()
        let member = try filter.member.map { try state.member(named: $0).id }
        let epic = try filter.epic.map { try state.epic(named: $0).id }
        // With a sprint, no --week means every week of it rather than this week.
        let allWeeks = filter.week?.lowercased() == "all" || (filter.sprint != nil && filter.week == nil)
        let week: String? = allWeeks ? nil : try session.week(filter.week).description
        let matches = { (task: TeamTask) in
            (member == nil || task.member == member) && (epic == nil || task.epic == epic)
                && (week == nil || task.week == week) && (filter.done == nil || task.done == filter.done)
        }
        if let name = filter.sprint {
            return state.tasks(in: try SprintUseCases(context: context).find(name)).filter(matches)
        }
        return state.liveTasks(where: matches)
    }

    public func find(_ text: String) throws -> TeamTask { try repository.state().task(named: text) }

    private func setStatus(_ text: String, _ status: WorkStatus) throws -> TeamTask {
        let task = try repository.state().task(named: text)
        let summary: (String) -> String = { "task: \($0) \"\(task.title)\"" }
        let draft = switch status {
        case .done: EventDraft(TaskChecked(task: task.id), summary: summary("check"))
        case .todo: EventDraft(TaskUnchecked(task: task.id), summary: summary("uncheck"))
        case .doing: EventDraft(TaskStarted(task: task.id), summary: summary("start"))
        }
        let (_, after) = try context.append(draft)
        return try readBack(after.tasks[task.id], "task")
    }
}
