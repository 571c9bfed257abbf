/// Projects: add, edit, move, remove, list; due dates and overdue.
public struct ProjectUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    @discardableResult
    public func add(name: String, due: String? = nil, description: String? = nil) throws -> Project {
        let name = try Validate.text(name, what: "project name", example: "teamflow project add \"앱 출시\" --due 2024-12-06")
        var data: Fields = ["name": .string(name)]
        if let due { data["due"] = .string(try session.day(due).description) }
        if let description = description?.trimmingSpaces, !description.isEmpty { data["description"] = .string(description) }
        let (event, state) = try repository.recordAndFold(
            EventDraft(type: EventType.projectAdded, data: data, summary: "project: add \(name)"), session: session)
        return try read(state, event.id)
    }

    /// Changes name, due date (`none` clears) or description (empty clears).
    @discardableResult
    public func edit(_ text: String, name: String? = nil, due: String? = nil, description: String? = nil) throws -> Project {
        let project = try repository.state().project(named: text)
        var data: Fields = ["project": .string(project.id)]
        if let name { data["name"] = .string(try Validate.text(name, what: "project name", example: "teamflow project edit 3f2a --name \"앱 출시\"")) }
        if let due { data["due"] = Validate.isClearing(due) ? .null : .string(try session.day(due).description) }
        if let description { data["description"] = description.trimmingSpaces.isEmpty ? .null : .string(description.trimmingSpaces) }
        guard data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give --name, --due or --description."])
        }
        let (_, state) = try repository.recordAndFold(
            EventDraft(type: EventType.projectEdited, data: data, summary: "project: edit \(project.name)"), session: session)
        return try read(state, project.id)
    }

    /// Moves a project to `todo`, `doing` or `done`.
    @discardableResult
    public func move(_ text: String, to statusText: String) throws -> Project {
        let status = try WorkStatus.parse(statusText)
        let project = try repository.state().project(named: text)
        let (_, state) = try repository.recordAndFold(
            EventDraft(type: EventType.projectMoved, data: ["project": .string(project.id), "status": .string(status.rawValue)],
                       summary: "project: move \(project.name) to \(status.rawValue)"), session: session)
        return try read(state, project.id)
    }

    /// Removes a project. With live epics it is refused unless `force`, which detaches them
    /// (in the same event, so one undo brings both back).
    @discardableResult
    public func remove(_ text: String, force: Bool = false) throws -> Project {
        let state = try repository.state()
        let project: Project
        do {
            project = try state.project(named: text)
        } catch {
            throw Lookup.explainRemoved(error, text, removed: state.projects.values.filter(\.removed), kind: "project",
                                        id: \.id, names: { [$0.name] })
        }
        let epics = state.liveEpics.filter { $0.project == project.id }
        if !epics.isEmpty && !force {
            throw TeamflowError(.conflict, "project '\(project.name)' still has \(epics.count) epic\(epics.count == 1 ? "" : "s"):",
                                hints: epics.map { "  \($0.shortID)  \($0.title)" }
                                    + ["Move them elsewhere first, or pass --force to detach them."])
        }
        var data: Fields = ["project": .string(project.id)]
        if !epics.isEmpty { data["detached"] = .list(epics.map { .string($0.id) }) }
        let (_, after) = try repository.recordAndFold(
            EventDraft(type: EventType.projectRemoved, data: data, summary: "project: remove \(project.name)"), session: session)
        return try read(after, project.id)
    }

    /// Live projects, optionally only overdue ones or those in one state.
    public func list(overdue: Bool = false, status: String? = nil) throws -> [Project] {
        let status = try status.map(WorkStatus.parse)
        let today = session.today
        return try repository.state().liveProjects.filter { project in
            (!overdue || project.isOverdue(today: today)) && (status == nil || project.status == status)
        }
    }

    public func find(_ text: String) throws -> Project { try repository.state().project(named: text) }

    private func read(_ state: TeamState, _ id: String) throws -> Project {
        guard let project = state.projects[id] else {
            throw TeamflowError(.failure, "the project was written but could not be read back")
        }
        return project
    }
}
