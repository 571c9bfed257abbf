/// `task.added`: a member's task for a week (or a sprint); sub-tasks name their parent.
public struct TaskAdded: TeamEvent {
    public static let type = EventType.taskAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("title"), EventSchema.r("week"), EventSchema.o("member"), EventSchema.o("epic"),
                              EventSchema.o("parent"), EventSchema.o("due"), EventSchema.o("sprint"), EventSchema.o("done", .bool),
                              EventSchema.o("note"), EventSchema.o("points", .int), EventSchema.o("labels", .list)]
    public static let bodyKeys: Set<String> = ["note"]

    public var title: String
    public var week: String
    /// Ids of the member, epic, parent task and sprint.
    public var member: EntityID<Member>?
    public var epic: EntityID<Epic>?
    public var parent: EntityID<TeamTask>?
    public var due: Day?
    public var sprint: String?
    /// Written by `import markdown`, which cannot name the new task's id in a check event.
    public var done: Bool
    /// Lines a pasted page kept under the item (`⇒ …`, indented text): Markdown, several lines.
    public var note: String?
    /// The estimate (a non-negative number; Jira's story points).
    public var points: Int?
    /// Labels, in the order given (GitHub Projects' labels).
    public var labels: [String] = []

    public init(title: String, week: String, member: EntityID<Member>? = nil, epic: EntityID<Epic>? = nil, parent: EntityID<TeamTask>? = nil,
                due: Day? = nil, sprint: String? = nil, done: Bool = false, note: String? = nil,
                points: Int? = nil, labels: [String] = []) {
        self.title = title
        self.week = week
        self.member = member
        self.epic = epic
        self.parent = parent
        self.due = due
        self.sprint = sprint
        self.done = done
        self.note = note
        self.points = points
        self.labels = labels
    }

    public init?(data: Fields) {
        guard let title = data.string("title"), let week = data.string("week") else { return nil }
        self.init(title: title, week: week, member: data.id("member"), epic: data.id("epic"),
                  parent: data.id("parent"), due: data.string("due").flatMap(Day.init(parsing:)),
                  sprint: data.string("sprint"), done: data.bool("done") == true, note: data.string("note"),
                  points: data.int("points").flatMap { $0 >= 0 ? $0 : nil }, labels: data.strings("labels") ?? [])
    }

    public var data: Fields {
        var data: Fields = ["title": .string(title), "week": .string(week)]
        data.put("member", member)
        data.put("epic", epic)
        data.put("parent", parent)
        data.put("due", due?.description)
        data.put("sprint", sprint)
        if done { data["done"] = .bool(true) }
        data.put("note", note)
        if let points { data["points"] = .int(points) }
        if !labels.isEmpty { data["labels"] = .list(labels.map(Value.string)) }
        return data
    }

    /// A parent that would close a cycle (only a hand-written history can name one) is
    /// dropped, as an edit's would be: the task is folded top-level instead of vanishing.
    public func fold(into state: inout TeamState, event: Event) {
        let parent = parent.flatMap { state.wouldCycle(task: .init(event.id), parent: $0) ? nil : $0 }
        state.tasks[event.id as String] = TeamTask(id: .init(event.id), title: title, member: member, epic: epic, parent: parent, week: week,
                                         sprint: sprint, due: due, status: done ? .done : .todo, removed: false,
                                         clock: event.clock,
                                         createdAt: event.at, doneAt: done ? event.at : nil, doneBy: done ? event.author : nil,
                                         note: note, points: points, labels: labels)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(TaskRemoved.type, key: "task", id: event.id, undoing: event)
    }
}

/// `task.edited`: per-field last writer wins; `null` clears; removal wins. A parent that
/// would make the task its own ancestor is ignored (the later event loses, on every replica).
public struct TaskEdited: TeamEvent {
    public static let type = EventType.taskEdited
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "task")
    public static let keys = [EventSchema.r("task"), EventSchema.o("title"), EventSchema.o("week"), EventSchema.o("due"),
                              EventSchema.o("epic"), EventSchema.o("parent"), EventSchema.o("sprint"), EventSchema.o("points", .int),
                              EventSchema.o("labels", .list)]

    public var task: EntityID<TeamTask>
    public var title: String?
    public var week: String?
    public var due: Patch<Day>
    public var epic: Patch<EntityID<Epic>>
    public var parent: Patch<EntityID<TeamTask>>
    public var sprint: Patch<String>
    /// The estimate: a number sets it, `null` clears it.
    public var points: Patch<Int> = .unchanged
    /// The whole new list of labels (nil: unchanged; empty: none).
    public var labels: [String]? = nil

    public init(task: EntityID<TeamTask>, title: String? = nil, week: String? = nil, due: Patch<Day> = .unchanged,
                epic: Patch<EntityID<Epic>> = .unchanged, parent: Patch<EntityID<TeamTask>> = .unchanged, sprint: Patch<String> = .unchanged,
                points: Patch<Int> = .unchanged, labels: [String]? = nil) {
        self.task = task
        self.title = title
        self.week = week
        self.due = due
        self.epic = epic
        self.parent = parent
        self.sprint = sprint
        self.points = points
        self.labels = labels
    }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task") else { return nil }
        let points: Patch<Int> = data["points"].map { value in value.int.flatMap { $0 >= 0 ? Patch.set($0) : nil } ?? .cleared } ?? .unchanged
        self.init(task: task, title: data.string("title"), week: data.string("week"),
                  due: data.patch("due", Day.init(parsing:)), epic: data.patch("epic"), parent: data.patch("parent"),
                  sprint: data.patch("sprint"), points: points,
                  labels: data["labels"].map { _ in data.strings("labels") ?? [] })
    }

    public var data: Fields {
        var data: Fields = ["task": .string(task.rawValue)]
        data.put("title", title)
        data.put("week", week)
        data.put("due", due, \.description)
        data.put("epic", epic)
        data.put("parent", parent)
        data.put("sprint", sprint)
        switch points {
        case .unchanged: break
        case .cleared: data["points"] = .null
        case .set(let value): data["points"] = .int(value)
        }
        if let labels { data["labels"] = .list(labels.map(Value.string)) }
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.tasks[task], !item.removed else { return }
        if let title { item.title = title }
        if let week { item.week = week }
        due.apply(to: &item.due)
        epic.apply(to: &item.epic)
        sprint.apply(to: &item.sprint)
        points.apply(to: &item.points)
        if let labels { item.labels = labels }
        if case .set(let newParent) = parent, state.wouldCycle(task: task, parent: newParent) {
            // ignored: the task would become its own ancestor
        } else {
            parent.apply(to: &item.parent)
        }
        state.tasks[task] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let prior = before.tasks[task].map { t -> Fields in
            ["title": .string(t.title), "week": .string(t.week), "due": Compensation.optional(t.due?.description),
             "epic": Compensation.optional(t.epic), "parent": Compensation.optional(t.parent),
             "sprint": Compensation.optional(t.sprint), "points": t.points.map(Value.int) ?? .null,
             "labels": .list(t.labels.map(Value.string))]
        }
        return Compensation.edit(event, key: "task", id: task, prior: prior)
    }
}

/// `task.assigned`: the assignee; `null` unassigns. Ignored when removed.
public struct TaskAssigned: TeamEvent {
    public static let type = EventType.taskAssigned
    public static let concurrentWrites: ConcurrentWrites = .key(of: "task", field: "member", from: "member")
    public static let keys = [EventSchema.r("task"), EventSchema.o("member")]

    public var task: EntityID<TeamTask>
    /// The member's id; nil unassigns (written as `null`).
    public var member: EntityID<Member>?

    public init(task: EntityID<TeamTask>, member: EntityID<Member>?) {
        self.task = task
        self.member = member
    }

    public init?(data: Fields) {
        guard let task: EntityID<TeamTask> = data.id("task") else { return nil }
        self.init(task: task, member: data.id("member"))
    }

    public var data: Fields { ["task": .string(task.rawValue), "member": Compensation.optional(member)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.tasks.contains(task, where: { !$0.removed }) else { return }
        state.tasks[task]?.member = member
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.tasks[task] else { return nil }
        return Compensation.draft(Self.type, key: "task", id: task, ["member": Compensation.optional(prior.member)],
                                  undoing: event)
    }
}
