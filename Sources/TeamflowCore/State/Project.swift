/// A project with an optional due date and a todo / doing / done state.
public struct Project: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var description: String?
    public var due: Day?
    public var status: WorkStatus
    public var removed: Bool
    public var clock: Int

    public var shortID: String { ShortID.of(id) }

    /// Overdue: due before `today` (the local day in `TZ`) and not done.
    public func isOverdue(today: Day) -> Bool {
        guard let due, status != .done else { return false }
        return due < today
    }
}

extension Project {
    static func foldAdded(_ state: inout TeamState, _ event: Event) {
        guard let name = event.data.string("name") else { return }
        state.projects[event.id] = Project(
            id: event.id, name: name, description: event.data.string("description"),
            due: event.data.string("due").flatMap(Day.init(parsing:)), status: .todo, removed: false, clock: event.clock)
    }

    /// Field edits: last writer by (clock, id) wins per field; `null` clears; removal wins.
    static func foldEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("project"), var project = state.projects[id], !project.removed else { return }
        if let name = event.data.string("name") { project.name = name }
        if let description = event.data["description"] { project.description = description.string }
        if let due = event.data["due"] { project.due = due.string.flatMap(Day.init(parsing:)) }
        state.projects[id] = project
    }

    static func foldMoved(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("project"), state.projects[id]?.removed == false,
              let status = event.data.string("status").flatMap(WorkStatus.init(rawValue:)) else { return }
        state.projects[id]?.status = status
    }

    /// Removal detaches the epics named in `detached`; restoring re-attaches the ones still detached.
    static func foldRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("project"), state.projects[id] != nil else { return }
        state.projects[id]?.removed = removed
        let epics = event.data["detached"]?.list?.compactMap(\.string) ?? []
        for epicID in epics {
            if removed, state.epics[epicID]?.project == id { state.epics[epicID]?.project = nil }
            if !removed, state.epics[epicID]?.project == nil { state.epics[epicID]?.project = id }
        }
    }
}

extension TeamState {
    /// Live projects in the order they were added.
    public var liveProjects: [Project] {
        projects.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a live project by name (case-insensitive, NFC) or id prefix.
    public func project(named text: String) throws -> Project {
        try Lookup.resolve(text, in: liveProjects, kind: "project", id: \.id, names: { [$0.name] },
                           label: { $0.name })
    }

    /// Live projects overdue on `today`, earliest due first.
    public func overdueProjects(today: Day) -> [Project] {
        liveProjects.filter { $0.isOverdue(today: today) }
            .sorted { ($0.due ?? today, $0.clock, $0.id) < ($1.due ?? today, $1.clock, $1.id) }
    }
}
