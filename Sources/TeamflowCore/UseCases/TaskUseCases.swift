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
        /// The estimate, a non-negative number.
        public var points: Int?
        public var labels: [String] = []

        public init(member: String? = nil, epic: String? = nil, week: String? = nil, due: String? = nil,
                    parent: String? = nil, sprint: String? = nil, points: Int? = nil, labels: [String] = []) {
            self.member = member
            self.epic = epic
            self.week = week
            self.due = due
            self.parent = parent
            self.sprint = sprint
            self.points = points
            self.labels = labels
        }
    }

    /// Adds a task. A sub-task takes its parent's week, member and epic unless given; a sprint
    /// task's week is the sprint's first week; otherwise the week defaults to the current one.
    /// Without a member (given or from the parent) the task goes to `me` when the caller is
    /// linked to a member, else it stays unassigned.
    @discardableResult
    public func add(title: String, _ options: NewTask = NewTask()) throws -> TeamTask {
        let title = try Validate.text(title, field: .title, of: .task)
        let state = try repository.state()
        let parent = try options.parent.map(state.task(named:))
        // A new task cannot close a cycle (nothing names its id yet; "" stands for it), but
        // the fold would drop a parent that nests it too deep: say so instead.
        if let parent, state.parentProblem(task: "", parent: parent.id) == .tooDeep { throw Self.tooDeep(parent) }
        let sprint = try options.sprint.map(state.sprint(named:))
        let week = try options.week.map { try session.week($0).description }
            ?? sprint.map { ISOWeek(containing: $0.from).description } ?? parent?.week ?? session.currentWeek.description
        var added = TaskAdded(title: title, week: week)
        // No --member: the parent's member, else me when git's identity is linked to one.
        added.member = try options.member.map({ try session.member($0, in: state).id }) ?? parent?.member
            ?? (try? session.linkedMember(in: state))?.id
        added.epic = try options.epic.map({ try state.epic(named: $0).id }) ?? parent?.epic
        added.parent = parent?.id
        added.due = try options.due.map(session.day)
        added.sprint = sprint?.id.rawValue
        added.points = try options.points.map(Validate.points)
        added.labels = try Validate.labels(options.labels)
        let (event, after) = try context.append(added, summary: "task: add \"\(title)\" (\(week))")
        return try readBack(after.tasks[event.id], "task")
    }

    /// Refusal of a parent already `TeamState.maxTaskNesting` levels down.
    static func tooDeep(_ parent: TeamTask) -> TeamflowError {
        TeamflowError(.conflict, "sub-tasks nest at most \(TeamState.maxTaskNesting) levels: \(parent.shortID) '\(parent.title)' is already that deep",
                      hints: ["Pick a parent higher up."])
    }

    @discardableResult
    public func check(_ text: String) throws -> TeamTask { try one(setStatus([text], .done)) }

    @discardableResult
    public func uncheck(_ text: String) throws -> TeamTask { try one(setStatus([text], .todo)) }

    @discardableResult
    public func start(_ text: String) throws -> TeamTask { try one(setStatus([text], .doing)) }

    /// Marks several tasks done in one commit; any unknown or ambiguous id writes nothing.
    @discardableResult
    public func check(_ texts: [String]) throws -> [TeamTask] { try setStatus(texts, .done) }

    /// Marks several tasks open (todo) in one commit.
    @discardableResult
    public func uncheck(_ texts: [String]) throws -> [TeamTask] { try setStatus(texts, .todo) }

    /// Marks several tasks in progress (doing) in one commit.
    @discardableResult
    public func start(_ texts: [String]) throws -> [TeamTask] { try setStatus(texts, .doing) }

    /// Moves several tasks to a status (`todo`, `doing` or `done`) in one commit.
    @discardableResult
    public func move(_ texts: [String], to statusText: String) throws -> [TeamTask] {
        try setStatus(texts, try WorkStatus.parse(statusText))
    }

    /// Assigns a task to a member (by name, handle or id prefix).
    @discardableResult
    public func assign(_ text: String, to who: String) throws -> TeamTask {
        let state = try repository.state()
        let task = try state.task(named: text)
        let member = try session.member(who, in: state)
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

        // Sprints: `--sprint NAME` files the task in a sprint, `--no-sprint` takes it out.
        public var sprint: String?
        public var noSprint = false
        /// A new estimate (`none` clears it).
        public var points: String?
        /// Labels to add and to take off.
        public var addLabels: [String] = []
        public var removeLabels: [String] = []

        public init(title: String? = nil, week: String? = nil, due: String? = nil, epic: String? = nil, parent: String? = nil,
                    sprint: String? = nil, noSprint: Bool = false, points: String? = nil,
                    addLabels: [String] = [], removeLabels: [String] = []) {
            self.title = title
            self.week = week
            self.due = due
            self.epic = epic
            self.parent = parent
            self.sprint = sprint
            self.noSprint = noSprint
            self.points = points
            self.addLabels = addLabels
            self.removeLabels = removeLabels
        }
    }

    /// Edits a task's fields; a parent that would make it its own ancestor is refused.
    @discardableResult
    public func edit(_ text: String, _ changes: Changes) throws -> TeamTask { try one(edit([text], changes)) }

    /// Applies the same changes to several tasks in one commit; any unknown or ambiguous id,
    /// or any refused parent, writes nothing.
    @discardableResult
    public func edit(_ texts: [String], _ changes: Changes) throws -> [TeamTask] {
        let state = try repository.state()
        let tasks = try context.resolveAll(texts, id: \TeamTask.id, find: state.task(named:))
        guard changes.title == nil || tasks.count == 1 else {
            throw TeamflowError(.usage, "a new title names one task, not \(tasks.count)", hints: ["Edit titles one task at a time."])
        }
        let edits = try tasks.map { try edit(of: $0, changes, in: state) }
        guard let first = edits.first, first.data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give a title, week, due date, epic, parent, sprint, points or a label."],
                                reason: .nothingToChange([.title, .week, .due, .epic, .parent, .sprint, .noSprint, .points, .label]))
        }
        let drafts = zip(tasks, edits).map { pair in EventDraft(pair.1, summary: "task: edit \"\(pair.0.title)\"") }
        let after = try context.appendBatch(drafts, state: state)
        return try tasks.map { try readBack(after.tasks[$0.id], "task") }
    }

    /// The edit event of one task; the cycle check reads the state before the command.
    private func edit(of task: TeamTask, _ changes: Changes, in state: TeamState) throws -> TaskEdited {
        var edit = TaskEdited(task: task.id)
        if let title = changes.title {
            edit.title = try Validate.text(title, field: .title, of: .task)
        }
        if let week = changes.week { edit.week = try session.week(week).description }
        if let due = changes.due { edit.due = Validate.isClearing(due) ? .cleared : .set(try session.day(due)) }
        if let epic = changes.epic { edit.epic = Validate.isClearing(epic) ? .cleared : .set(try state.epic(named: epic).id) }
        if let parentText = changes.parent {
            if Validate.isClearing(parentText) {
                edit.parent = .cleared
            } else {
                let parent = try state.task(named: parentText)
                switch state.parentProblem(task: task.id, parent: parent.id) {
                case .cycle?:
                    throw TeamflowError(.conflict, "a task cannot be its own ancestor: \(parent.shortID) '\(parent.title)' is \(parent.id == task.id ? "the task itself" : "under \(task.shortID) '\(task.title)'")",
                                        hints: ["Pick a parent outside this task's sub-tasks."])
                case .tooDeep?: throw Self.tooDeep(parent)
                case nil: break
                }
                edit.parent = .set(parent.id)
            }
        }
        edit.sprint = try SprintUseCases.patch(changes.sprint, clear: changes.noSprint, in: state)
        if let points = changes.points {
            edit.points = Validate.isClearing(points) ? .cleared : .set(try Validate.points(points))
        }
        if !changes.addLabels.isEmpty || !changes.removeLabels.isEmpty {
            let added = try Validate.labels(changes.addLabels), removed = Set(try Validate.labels(changes.removeLabels).map(Lookup.normalize))
            let kept = task.labels.filter { !removed.contains(Lookup.normalize($0)) }
            let labels = kept + added.filter { label in !kept.contains { Lookup.normalize($0) == Lookup.normalize(label) } }
            if labels != task.labels { edit.labels = labels }
        }
        return edit
    }

    /// Removes a task and its sub-tasks in one event (the history keeps them).
    @discardableResult
    public func remove(_ text: String) throws -> TeamTask { try one(remove([text])) }

    /// Removes several tasks (each with its sub-tasks) in one commit. A task under another
    /// one given is removed with it, not twice; one already removed or unknown writes nothing.
    @discardableResult
    public func remove(_ texts: [String]) throws -> [TeamTask] {
        let state = try repository.state()
        let removed = state.tasks.values { !state.isLive($0) }
        let tasks = try context.resolveAll(texts, id: \TeamTask.id) { text in
            try context.findForRemoval(text, kind: .task, removed: removed, id: \.id, names: { [$0.title] },
                                       find: { try state.task(named: text) })
        }
        var covered = Set<TeamTask.ID>()
        var drafts: [EventDraft] = []
        for task in tasks {
            let subtasks = state.descendants(of: task.id).map(\.id)
            covered.formUnion(subtasks)
            drafts.append(EventDraft(TaskRemoved(task: task.id, subtasks: subtasks.isEmpty ? nil : subtasks),
                                     summary: "task: remove \"\(task.title)\""))
        }
        // A task given beside its ancestor is already in the ancestor's `subtasks`.
        let kept = zip(tasks, drafts).filter { !covered.contains($0.0.id) }
        // Not read back: the removed tasks are known, and reading would fold for nothing.
        _ = try context.record(Batch.mark(kept.map { $0.1 }, state: state, session: session))
        return tasks.map { task in
            var gone = task
            gone.removed = true
            return gone
        }
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
        /// Only tasks with this label (case-insensitive).
        public var label: String?

        public init(member: String? = nil, week: String? = nil, epic: String? = nil, done: Bool? = nil, sprint: String? = nil,
                    label: String? = nil) {
            self.member = member
            self.week = week
            self.epic = epic
            self.done = done
            self.sprint = sprint
            self.label = label
        }
    }

    /// Live tasks matching the filter, in the order they were added.
    public func list(_ filter: Filter = Filter()) throws -> [TeamTask] {
        try list(filter, in: try repository.state())
    }

    /// `list(_:)` over `state`.
    public func list(_ filter: Filter, in state: TeamState) throws -> [TeamTask] {
        let query = try resolve(filter, in: state)
        if let sprint = query.sprint { return state.tasks(in: sprint).filter(query.matches) }
        // Where the state keeps lists, only the week's (or the member's) tasks are read.
        if let picks = query.picks { return state.liveTasks(listedUnder: picks, where: query.matches) }
        return state.liveTasks(where: query.matches)
    }

    /// A filter with its names resolved in a state: what `list` tests and reads.
    private struct ResolvedFilter {
        var member: Member.ID?, epic: Epic.ID?, week: String?, done: Bool?, label: String?
        var sprint: Sprint?

        func matches(_ task: TeamTask) -> Bool {
            (member == nil || task.member == member) && (epic == nil || task.epic == epic)
                && (week == nil || task.week == week) && (done == nil || task.done == done)
                && (label == nil || task.labels.contains { Lookup.normalize($0) == label })
        }

        /// The state's lists to read instead of every task: the week's, else the member's.
        var picks: ((IndexKey) -> Bool)? {
            if let week { return IndexKey.picking(.week, week) }
            if let member { return IndexKey.picking(.member, member.rawValue) }
            return nil
        }
    }

    private func resolve(_ filter: Filter, in state: TeamState) throws -> ResolvedFilter {
        let member = try filter.member.map { try session.member($0, in: state).id }
        let epic = try filter.epic.map { try state.epic(named: $0).id }
        // With a sprint, no --week means every week of it rather than this week.
        let allWeeks = filter.week?.lowercased() == "all" || (filter.sprint != nil && filter.week == nil)
        let week: String? = allWeeks ? nil : try session.week(filter.week).description
        let label = filter.label.map(Lookup.normalize)
        let sprint = try filter.sprint.map { try SprintUseCases(context: context).find($0) }
        return ResolvedFilter(member: member, epic: epic, week: week, done: filter.done, label: label, sprint: sprint)
    }

    public func find(_ text: String) throws -> TeamTask { try repository.state().task(named: text) }

    private func setStatus(_ texts: [String], _ status: WorkStatus) throws -> [TeamTask] {
        let state = try repository.state()
        let tasks = try context.resolveAll(texts, id: \TeamTask.id, find: state.task(named:))
        let drafts = tasks.map { task in
            let summary = "task: \(status == .done ? "check" : status == .todo ? "uncheck" : "start") \"\(task.title)\""
            return switch status {
            case .done: EventDraft(TaskChecked(task: task.id), summary: summary)
            case .todo: EventDraft(TaskUnchecked(task: task.id), summary: summary)
            case .doing: EventDraft(TaskStarted(task: task.id), summary: summary)
            }
        }
        let after = try context.appendBatch(drafts, state: state)
        return try tasks.map { try readBack(after.tasks[$0.id], "task") }
    }

    /// The one result of a command given one id.
    private func one(_ tasks: [TeamTask]) throws -> TeamTask { try readBack(tasks.first, "task") }
}
