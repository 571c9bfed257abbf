/// `task.checked` / `task.unchecked` / `task.started`: status `done` / `todo` / `doing`.
/// Ignored when the task is removed.
public protocol TaskStatusEvent: TeamEvent {
    static var status: WorkStatus { get }
    var task: EntityID<TeamTask> { get }
    init(task: EntityID<TeamTask>)
}

extension TaskStatusEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("task")] }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task") else { return nil }
        self.init(task: task)
    }

    public var data: Fields { ["task": .string(task.rawValue)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.tasks.contains(task, where: { !$0.removed }) else { return }
        state.tasks[task]?.setStatus(Self.status, at: event.at, by: event.author)
    }

    /// The event of the status the task had.
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.tasks[task] else { return nil }
        return Compensation.draft(TaskStatus.type(of: prior.status), key: "task", id: task, undoing: event)
    }
}

extension TeamTask {
    /// History: the event that made the task done dates it (a second check keeps
    /// the first date); leaving `done` clears it.
    mutating func setStatus(_ status: WorkStatus, at: String, by author: Author) {
        if status != .done {
            doneAt = nil
            doneBy = nil
        } else if self.status != .done || doneAt == nil {
            doneAt = at
            doneBy = author
        }
        self.status = status
    }

    /// History: the first removal dates it; a restore clears the date.
    mutating func setRemoved(_ removed: Bool, at: String) {
        self.removed = removed
        removedAt = removed ? removedAt ?? at : nil
    }
}

/// The status events by status.
public enum TaskStatus {
    /// The type of the event that sets `status`.
    public static func type(of status: WorkStatus) -> String {
        switch status {
        case .done: return TaskChecked.type
        case .todo: return TaskUnchecked.type
        case .doing: return TaskStarted.type
        }
    }
}

/// `task.checked`: status `done`.
public struct TaskChecked: TaskStatusEvent {
    public static let type = EventType.taskChecked
    public static let concurrentWrites: ConcurrentWrites = .value(of: "task", field: "status", "done")
    public static let status = WorkStatus.done
    public static let keys = [EventSchema.r("task"), EventSchema.o("source"), EventSchema.o("pr", .int), EventSchema.o("merged"),
                              EventSchema.o("issue", .int), EventSchema.o("commit")]
    public var task: EntityID<TeamTask>
    /// Why, when not by hand: `github` when a sync saw its linked PR `pr` merged at `merged`,
    /// or an import saw its linked `issue` closed.
    public var source: String?
    public var pr: Int?
    public var merged: String?
    public var issue: Int?
    /// The commit whose `Teamflow-Done:` trailer named the task (source `commit`).
    public var commit: String?
    public init(task: EntityID<TeamTask>) { self.task = task }

    public init(task: EntityID<TeamTask>, source: String?, pr: Int? = nil, merged: String? = nil, issue: Int? = nil, commit: String? = nil) {
        self.task = task
        self.source = source
        self.pr = pr
        self.merged = merged
        self.issue = issue
        self.commit = commit
    }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task") else { return nil }
        self.init(task: task, source: data.string("source"), pr: data.int("pr"), merged: data.string("merged"),
                  issue: data.int("issue"), commit: data.string("commit"))
    }

    public var data: Fields {
        var data: Fields = ["task": .string(task.rawValue)]
        data.put("source", source)
        if let pr { data["pr"] = .int(pr) }
        data.put("merged", merged)
        if let issue { data["issue"] = .int(issue) }
        data.put("commit", commit)
        return data
    }
}

/// `task.unchecked`: status `todo`.
public struct TaskUnchecked: TaskStatusEvent {
    public static let type = EventType.taskUnchecked
    public static let concurrentWrites: ConcurrentWrites = .value(of: "task", field: "status", "todo")
    public static let status = WorkStatus.todo
    public var task: EntityID<TeamTask>
    public init(task: EntityID<TeamTask>) { self.task = task }
}

/// `task.started`: status `doing`.
public struct TaskStarted: TaskStatusEvent {
    public static let type = EventType.taskStarted
    public static let concurrentWrites: ConcurrentWrites = .value(of: "task", field: "status", "doing")
    public static let status = WorkStatus.doing
    public static let keys = [EventSchema.r("task"), EventSchema.o("source"), EventSchema.o("commit")]
    public var task: EntityID<TeamTask>
    /// Why, when not by hand: `commit` when a `Teamflow-Start:` trailer of `commit` named it.
    public var source: String?
    public var commit: String?
    public init(task: EntityID<TeamTask>) { self.task = task }

    public init(task: EntityID<TeamTask>, source: String?, commit: String?) {
        self.task = task
        self.source = source
        self.commit = commit
    }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task") else { return nil }
        self.init(task: task, source: data.string("source"), commit: data.string("commit"))
    }

    public var data: Fields {
        var data: Fields = ["task": .string(task.rawValue)]
        data.put("source", source)
        data.put("commit", commit)
        return data
    }
}

/// `task.removed` / `task.restored`: the task and the sub-tasks listed in `subtasks` (its
/// live sub-tasks, any depth, when it was removed), so one undo brings them all back.
public protocol TaskRemovalEvent: TeamEvent {
    static var removes: Bool { get }
    static var opposite: String { get }
    var task: EntityID<TeamTask> { get }
    var subtasks: [TeamTask.ID]? { get }
    init(task: EntityID<TeamTask>, subtasks: [TeamTask.ID]?)
}

extension TaskRemovalEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("task"), EventSchema.o("subtasks", .list)] }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task") else { return nil }
        self.init(task: task, subtasks: data.ids("subtasks"))
    }

    public var data: Fields {
        var data: Fields = ["task": .string(task.rawValue)]
        data.put("subtasks", subtasks)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        state.tasks[task]?.setRemoved(Self.removes, at: event.at)
        for id in subtasks ?? [] { state.tasks[id]?.setRemoved(Self.removes, at: event.at) }
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(Self.opposite, key: "task", id: task, Compensation.carried(event), undoing: event)
    }
}

/// `task.removed`: hides the task and the listed sub-tasks.
public struct TaskRemoved: TaskRemovalEvent {
    public static let type = EventType.taskRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let removes = true, opposite = EventType.taskRestored
    public var task: EntityID<TeamTask>
    public var subtasks: [TeamTask.ID]?
    public init(task: EntityID<TeamTask>, subtasks: [TeamTask.ID]? = nil) {
        self.task = task
        self.subtasks = subtasks
    }
}

/// `task.restored` (written by undo): shows them again.
public struct TaskRestored: TaskRemovalEvent {
    public static let type = EventType.taskRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let removes = false, opposite = EventType.taskRemoved
    public var task: EntityID<TeamTask>
    public var subtasks: [TeamTask.ID]?
    public init(task: EntityID<TeamTask>, subtasks: [TeamTask.ID]? = nil) {
        self.task = task
        self.subtasks = subtasks
    }
}
