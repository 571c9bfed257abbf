/// `project.added`: a project, status `todo`.
public struct ProjectAdded: TeamEvent {
    public static let type = EventType.projectAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("name"), EventSchema.o("due"), EventSchema.o("description")]
    public static let bodyKeys: Set<String> = ["description"]

    public var name: String
    /// A `due` that is not a `YYYY-MM-DD` date reads as none, as it always has.
    public var due: Day?
    public var description: String?

    public init(name: String, due: Day? = nil, description: String? = nil) {
        self.name = name
        self.due = due
        self.description = description
    }

    public init?(data: Fields) {
        guard let name = data.string("name") else { return nil }
        self.init(name: name, due: data.string("due").flatMap(Day.init(parsing:)), description: data.string("description"))
    }

    public var data: Fields {
        var data: Fields = ["name": .string(name)]
        data.put("due", due?.description)
        data.put("description", description)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        state.projects[event.id as String] = Project(id: .init(event.id), name: name, description: description, due: due, status: .todo,
                                           removed: false, clock: event.clock)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(ProjectRemoved.type, key: "project", id: event.id, undoing: event)
    }
}

/// `project.edited`: per-field last writer wins; `null` clears; removal wins.
public struct ProjectEdited: TeamEvent {
    public static let type = EventType.projectEdited
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "project")
    public static let keys = [EventSchema.r("project"), EventSchema.o("name"), EventSchema.o("due"), EventSchema.o("description")]
    public static let bodyKeys: Set<String> = ["description"]

    public var project: EntityID<Project>
    public var name: String?
    public var due: Patch<Day>
    public var description: Patch<String>

    public init(project: EntityID<Project>, name: String? = nil, due: Patch<Day> = .unchanged, description: Patch<String> = .unchanged) {
        self.project = project
        self.name = name
        self.due = due
        self.description = description
    }

    public init?(data: Fields) {
        guard let project: EntityID<Project> = data.id("project") else { return nil }
        self.init(project: project, name: data.string("name"), due: data.patch("due", Day.init(parsing:)),
                  description: data.patch("description"))
    }

    public var data: Fields {
        var data: Fields = ["project": .string(project.rawValue)]
        data.put("name", name)
        data.put("due", due, \.description)
        data.put("description", description)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.projects[project], !item.removed else { return }
        if let name { item.name = name }
        description.apply(to: &item.description)
        due.apply(to: &item.due)
        state.projects[project] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.edit(event, key: "project", id: project, prior: before.projects[project].map(Self.prior))
    }

    /// A project's editable fields (and status) as event values.
    static func prior(_ p: Project) -> Fields {
        ["name": .string(p.name), "description": Compensation.optional(p.description),
         "due": Compensation.optional(p.due?.description), "status": .string(p.status.rawValue)]
    }
}

/// `project.moved`: a new status; ignored when removed.
public struct ProjectMoved: TeamEvent {
    public static let type = EventType.projectMoved
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "project")
    public static let keys = [EventSchema.r("project"), EventSchema.r("status")]

    public var project: EntityID<Project>
    public var status: WorkStatus

    public init(project: EntityID<Project>, status: WorkStatus) {
        self.project = project
        self.status = status
    }

    public init?(data: Fields) {
        guard let project: EntityID<Project> = data.id("project"),
              let status = data.string("status").flatMap(WorkStatus.init(rawValue:)) else { return nil }
        self.init(project: project, status: status)
    }

    public var data: Fields { ["project": .string(project.rawValue), "status": .string(status.rawValue)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.projects.contains(project, where: { !$0.removed }) else { return }
        state.projects[project]?.status = status
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        guard let prior = before.projects[project] else { return nil }
        return Compensation.draft(Self.type, key: "project", id: project, ["status": .string(prior.status.rawValue)],
                                  undoing: event)
    }
}

/// `project.removed` / `project.restored`: removal detaches the epics named in `detached`
/// (`--force`); restoring re-attaches the ones still detached.
public protocol ProjectRemovalEvent: TeamEvent {
    static var removes: Bool { get }
    static var opposite: String { get }
    var project: EntityID<Project> { get }
    /// Ids of the epics detached with the project.
    var detached: [Epic.ID]? { get }
    init(project: EntityID<Project>, detached: [Epic.ID]?)
}

extension ProjectRemovalEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("project"), EventSchema.o("detached", .list)] }

    public init?(data: Fields) {
        guard let project: EntityID<Project> = data.id("project") else { return nil }
        self.init(project: project, detached: data.ids("detached"))
    }

    public var data: Fields {
        var data: Fields = ["project": .string(project.rawValue)]
        data.put("detached", detached)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.projects[project] != nil else { return }
        let removed = Self.removes
        state.projects[project]?.removed = removed
        for epic in detached ?? [] {
            if removed, state.epics[epic]?.project == project { state.epics[epic]?.project = nil }
            if !removed, state.epics[epic]?.project == nil { state.epics[epic]?.project = project }
        }
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(Self.opposite, key: "project", id: project, Compensation.carried(event), undoing: event)
    }
}

/// `project.removed`: hides the project and detaches the epics listed.
public struct ProjectRemoved: ProjectRemovalEvent {
    public static let type = EventType.projectRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let removes = true, opposite = EventType.projectRestored
    public var project: EntityID<Project>
    public var detached: [Epic.ID]?
    public init(project: EntityID<Project>, detached: [Epic.ID]? = nil) {
        self.project = project
        self.detached = detached
    }
}

/// `project.restored` (written by undo): shows it again and re-attaches the listed epics that have no project.
public struct ProjectRestored: ProjectRemovalEvent {
    public static let type = EventType.projectRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let removes = false, opposite = EventType.projectRemoved
    public var project: EntityID<Project>
    public var detached: [Epic.ID]?
    public init(project: EntityID<Project>, detached: [Epic.ID]? = nil) {
        self.project = project
        self.detached = detached
    }
}
