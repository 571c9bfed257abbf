/// `epic.added`: an epic, optionally inside a project, status `todo`.
public struct EpicAdded: TeamEvent {
    public static let type = EventType.epicAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("title"), EventSchema.o("project")]

    public var title: String
    /// The project's id.
    public var project: EntityID<Project>?

    public init(title: String, project: EntityID<Project>? = nil) {
        self.title = title
        self.project = project
    }

    public init?(data: Fields) {
        guard let title = data.string("title") else { return nil }
        self.init(title: title, project: data.id("project"))
    }

    public var data: Fields {
        var data: Fields = ["title": .string(title)]
        data.put("project", project)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        state.epics[event.id as String] = Epic(id: .init(event.id), title: title, project: project, status: .todo, removed: false,
                                     clock: event.clock)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(EpicRemoved.type, key: "epic", id: event.id, undoing: event)
    }
}

/// `epic.edited`: last writer wins per field; `project: null` detaches; removal wins.
public struct EpicEdited: TeamEvent {
    public static let type = EventType.epicEdited
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "epic")
    public static let keys = [EventSchema.r("epic"), EventSchema.o("title"), EventSchema.o("project")]

    public var epic: EntityID<Epic>
    public var title: String?
    public var project: Patch<EntityID<Project>>

    public init(epic: EntityID<Epic>, title: String? = nil, project: Patch<EntityID<Project>> = .unchanged) {
        self.epic = epic
        self.title = title
        self.project = project
    }

    public init?(data: Fields) {
        guard let epic: EntityID<Epic> = data.id("epic") else { return nil }
        self.init(epic: epic, title: data.string("title"), project: data.patch("project"))
    }

    public var data: Fields {
        var data: Fields = ["epic": .string(epic.rawValue)]
        data.put("title", title)
        data.put("project", project)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.epics[epic], !item.removed else { return }
        if let title { item.title = title }
        project.apply(to: &item.project)
        state.epics[epic] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let prior = before.epics[epic].map { e -> Fields in
            ["title": .string(e.title), "project": Compensation.optional(e.project), "status": .string(e.status.rawValue)]
        }
        return Compensation.edit(event, key: "epic", id: epic, prior: prior)
    }
}

/// `epic.moved`: a new status; ignored when removed.
public struct EpicMoved: TeamEvent {
    public static let type = EventType.epicMoved
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "epic")
    public static let keys = [EventSchema.r("epic"), EventSchema.r("status")]

    public var epic: EntityID<Epic>
    public var status: WorkStatus

    public init(epic: EntityID<Epic>, status: WorkStatus) {
        self.epic = epic
        self.status = status
    }

    public init?(data: Fields) {
        guard let epic: EntityID<Epic> = data.id("epic"),
              let status = data.string("status").flatMap(WorkStatus.init(rawValue:)) else { return nil }
        self.init(epic: epic, status: status)
    }

    public var data: Fields { ["epic": .string(epic.rawValue), "status": .string(status.rawValue)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.epics.contains(epic, where: { !$0.removed }) else { return }
        state.epics[epic]?.status = status
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.epics[epic] else { return nil }
        return Compensation.draft(Self.type, key: "epic", id: epic, ["status": .string(prior.status.rawValue)], undoing: event)
    }
}

/// `epic.removed`: hides the epic.
public struct EpicRemoved: RemovalEvent {
    public static let type = EventType.epicRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "epic", removes = true, opposite = EventType.epicRestored
    public var id: Epic.ID
    public init(id: Epic.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Epic.ID, removed: Bool) { state.epics[id]?.removed = removed }
}

/// `epic.restored`: shows it again.
public struct EpicRestored: RemovalEvent {
    public static let type = EventType.epicRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "epic", removes = false, opposite = EventType.epicRemoved
    public var id: Epic.ID
    public init(id: Epic.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Epic.ID, removed: Bool) { state.epics[id]?.removed = removed }
}
