/// Members' tasks: add (sub-tasks any depth), check, uncheck, start, assign, edit, remove, list.
public struct TaskUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

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
        var data: Fields = ["title": .string(title), "week": .string(week)]
        if let member = try options.member.map({ try state.member(named: $0).id }) ?? parent?.member {
            data["member"] = .string(member)
        }
        if let epic = try options.epic.map({ try state.epic(named: $0).id }) ?? parent?.epic { data["epic"] = .string(epic) }
        if let parent { data["parent"] = .string(parent.id) }
        if let due = options.due { data["due"] = .string(try session.day(due).description) }
        if let sprint { data["sprint"] = .string(sprint.id) }
        let (event, after) = try repository.recordAndFold(
            EventDraft(type: EventType.taskAdded, data: data, summary: "task: add \"\(title)\" (\(week))"), session: session)
        return try read(after, event.id)
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
        let (_, after) = try repository.recordAndFold(
            EventDraft(type: EventType.taskAssigned, data: ["task": .string(task.id), "member": .string(member.id)],
                       summary: "task: assign \"\(task.title)\" to \(member.name)"), session: session)
        return try read(after, task.id)
    }

    /// What `task edit` may change; `none` clears due, epic and parent.
    public struct Changes: Sendable {
        public var title: String?
        public var week: String?
        public var due: String?
        public var epic: String?
        public var parent: String?

        public init(title: String? = nil, week: String? = nil, due: String? = nil, epic: String? = nil, parent: String? = nil) {
            self.title = title
            self.week = week
            self.due = due
            self.epic = epic
            self.parent = parent
        }
    }

    /// Edits a task's fields; a parent that would make it its own ancestor is refused.
    @discardableResult
    public func edit(_ text: String, _ changes: Changes) throws -> TeamTask {
        let state = try repository.state()
        let task = try state.task(named: text)
        var data: Fields = ["task": .string(task.id)]
        if let title = changes.title {
            data["title"] = .string(try Validate.text(title, what: "task title", example: "teamflow task edit 3f2a --title \"새 제목\""))
        }
        if let week = changes.week { data["week"] = .string(try session.week(week).description) }
        if let due = changes.due { data["due"] = Validate.isClearing(due) ? .null : .string(try session.day(due).description) }
        if let epic = changes.epic { data["epic"] = Validate.isClearing(epic) ? .null : .string(try state.epic(named: epic).id) }
        if let parentText = changes.parent {
            if Validate.isClearing(parentText) {
                data["parent"] = .null
            } else {
                let parent = try state.task(named: parentText)
                guard !state.wouldCycle(task: task.id, parent: parent.id) else {
                    throw TeamflowError(.conflict, "a task cannot be its own ancestor: \(parent.shortID) '\(parent.title)' is \(parent.id == task.id ? "the task itself" : "under \(task.shortID) '\(task.title)'")",
                                        hints: ["Pick a parent outside this task's sub-tasks."])
                }
                data["parent"] = .string(parent.id)
            }
        }
        guard data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give --title, --week, --due, --epic or --parent."])
        }
        let (_, after) = try repository.recordAndFold(
            EventDraft(type: EventType.taskEdited, data: data, summary: "task: edit \"\(task.title)\""), session: session)
        return try read(after, task.id)
    }

    /// Removes a task and its sub-tasks in one event (the history keeps them).
    @discardableResult
    public func remove(_ text: String) throws -> TeamTask {
        let state = try repository.state()
        let task: TeamTask
        do {
            task = try state.task(named: text)
        } catch {
            throw Lookup.explainRemoved(error, text, removed: state.tasks.values { !state.isLive($0) }, kind: "task",
                                        id: \.id, names: { [$0.title] })
        }
        var data: Fields = ["task": .string(task.id)]
        let subtasks = state.descendants(of: task.id)
        if !subtasks.isEmpty { data["subtasks"] = .list(subtasks.map { .string($0.id) }) }
        _ = try repository.record([EventDraft(type: EventType.taskRemoved, data: data, summary: "task: remove \"\(task.title)\"")],
                                  session: session)
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

        public init(member: String? = nil, week: String? = nil, epic: String? = nil, done: Bool? = nil) {
            self.member = member
            self.week = week
            self.epic = epic
            self.done = done
        }
    }

    /// Live tasks matching the filter, in the order they were added.
    public func list(_ filter: Filter = Filter()) throws -> [TeamTask] {
        let state = try repository.state()
        let member = try filter.member.map { try state.member(named: $0).id }
        let epic = try filter.epic.map { try state.epic(named: $0).id }
        let week: String? = filter.week?.lowercased() == "all" ? nil : try session.week(filter.week).description
        return state.liveTasks { task in
            (member == nil || task.member == member) && (epic == nil || task.epic == epic)
                && (week == nil || task.week == week) && (filter.done == nil || task.done == filter.done)
        }
    }

    public func find(_ text: String) throws -> TeamTask { try repository.state().task(named: text) }

    private func setStatus(_ text: String, _ status: WorkStatus) throws -> TeamTask {
        let task = try repository.state().task(named: text)
        let (type, verb) = switch status {
        case .done: (EventType.taskChecked, "check")
        case .todo: (EventType.taskUnchecked, "uncheck")
        case .doing: (EventType.taskStarted, "start")
        }
        let (_, after) = try repository.recordAndFold(
            EventDraft(type: type, data: ["task": .string(task.id)], summary: "task: \(verb) \"\(task.title)\""), session: session)
        return try read(after, task.id)
    }

    private func read(_ state: TeamState, _ id: String) throws -> TeamTask {
        guard let task = state.tasks[id] else {
            throw TeamflowError(.failure, "the task was written but could not be read back")
        }
        return task
    }
}
