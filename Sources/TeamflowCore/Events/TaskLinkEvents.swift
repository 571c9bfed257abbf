/// `task.linked` / `task.unlinked`: a task's link to a PR, an issue or a commit.
public protocol TaskLinkEvent: TeamEvent {
    var task: EntityID<TeamTask> { get }
    var kind: String { get }
    var ref: String { get }
    init(task: EntityID<TeamTask>, kind: String, ref: String)
}

extension TaskLinkEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("task"), EventSchema.r("kind"), EventSchema.r("ref")] }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task"), let kind = data.string("kind"), let ref = data.string("ref") else { return nil }
        self.init(task: task, kind: kind, ref: ref)
    }

    public var data: Fields { ["task": .string(task.rawValue), "kind": .string(kind), "ref": .string(ref)] }
}

/// `task.linked`: adds a link (once); ignored when the task is removed.
public struct TaskLinked: TaskLinkEvent {
    public static let type = EventType.taskLinked
    public static let concurrentWrites: ConcurrentWrites = .none
    public var task: EntityID<TeamTask>
    public var kind: String
    public var ref: String

    public init(task: EntityID<TeamTask>, kind: String, ref: String) {
        self.task = task
        self.kind = kind
        self.ref = ref
    }

    public func fold(into state: inout TeamState, event: Event) {
        let link = TaskLink(kind: kind, ref: ref)
        guard var item = state.tasks[task], !item.removed, !item.links.contains(link) else { return }
        item.links.append(link)
        state.tasks[task] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.tasks[task], !prior.links.contains(TaskLink(kind: kind, ref: ref)) else { return nil }
        return EventDraft(TaskUnlinked(task: task, kind: kind, ref: ref), summary: "undo: \(Self.type) \(kind) \(ref)")
    }
}

/// `task.unlinked`: removes a link; ignored when the task is removed.
public struct TaskUnlinked: TaskLinkEvent {
    public static let type = EventType.taskUnlinked
    public static let concurrentWrites: ConcurrentWrites = .none
    public var task: EntityID<TeamTask>
    public var kind: String
    public var ref: String

    public init(task: EntityID<TeamTask>, kind: String, ref: String) {
        self.task = task
        self.kind = kind
        self.ref = ref
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.tasks[task], !item.removed else { return }
        item.links.removeAll { $0 == TaskLink(kind: kind, ref: ref) }
        state.tasks[task] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.tasks[task], prior.links.contains(TaskLink(kind: kind, ref: ref)) else { return nil }
        return EventDraft(TaskLinked(task: task, kind: kind, ref: ref), summary: "undo: \(Self.type) \(kind) \(ref)")
    }
}
