/// Projects: add, edit, move, remove, list; due dates and overdue.
public struct ProjectUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    @discardableResult
    public func add(name: String, due: String? = nil, description: String? = nil) throws -> Project {
        let name = try Validate.text(name, field: .name, of: .project)
        let due = try due.map(session.day)
        let description = description?.trimmingSpaces
        let added = ProjectAdded(name: name, due: due, description: description?.isEmpty == false ? description : nil)
        let (event, state) = try context.append(added, summary: "project: add \(name)")
        return try readBack(state.projects[event.id], "project")
    }

    /// Changes name, due date (`none` clears) or description (empty clears).
    @discardableResult
    public func edit(_ text: String, name: String? = nil, due: String? = nil, description: String? = nil) throws -> Project {
        let project = try repository.state().project(named: text)
        var edit = ProjectEdited(project: project.id)
        if let name { edit.name = try Validate.text(name, field: .name, of: .project) }
        if let due { edit.due = Validate.isClearing(due) ? .cleared : .set(try session.day(due)) }
        if let description { edit.description = Patch(description.trimmingSpaces.isEmpty ? nil : description.trimmingSpaces) }
        let state = try context.appendEdit(edit, summary: "project: edit \(project.name)", fields: [.name, .due, .description])
        return try readBack(state.projects[project.id], "project")
    }

    /// Moves a project to `todo`, `doing` or `done`.
    @discardableResult
    public func move(_ text: String, to statusText: String) throws -> Project {
        try context.move(to: statusText, find: { try $0.project(named: text) }, label: \.name, kind: .project,
                         event: { ProjectMoved(project: $0.id, status: $1) }, read: { $0.projects[$1.id] })
    }

    /// Removes a project. With live epics it is refused unless `force`, which detaches them
    /// (in the same event, so one undo brings both back).
    @discardableResult
    public func remove(_ text: String, force: Bool = false) throws -> Project {
        let state = try repository.state()
        let project = try context.findForRemoval(text, kind: .project, removed: state.projects.values.filter(\.removed),
                                                 id: \.id, names: { [$0.name] }, find: { try state.project(named: text) })
        let epics = state.liveEpics.filter { $0.project == project.id }
        if !epics.isEmpty && !force {
            throw TeamflowError(.conflict, "project '\(project.name)' still has \(epics.count) epic\(epics.count == 1 ? "" : "s"):",
                                hints: epics.map { "  \($0.shortID)  \($0.title)" }
                                    + ["Move them elsewhere first, or remove it with force to detach them."],
                                reason: .inUse(.project, dependents: epics.count))
        }
        let removal = ProjectRemoved(project: project.id, detached: epics.isEmpty ? nil : epics.map(\.id))
        let (_, after) = try context.append(removal, summary: "project: remove \(project.name)")
        return try readBack(after.projects[project.id], "project")
    }

    /// Live projects, optionally only overdue ones or those in one state.
    public func list(overdue: Bool = false, status: String? = nil) throws -> [Project] {
        let status = try status.map(WorkStatus.parse)
        let today = session.today
        return try repository.state().liveProjects.filter { project in
            (!overdue || project.isOverdue(today: today)) && (status == nil || project.status == status)
        }
    }

    /// `list` with each project's progress (tasks of its epics).
    public func listWithProgress(overdue: Bool = false, status: String? = nil) throws -> [ProjectProgress] {
        try repository.state().progress(of: list(overdue: overdue, status: status))
    }

    public func find(_ text: String) throws -> Project { try repository.state().project(named: text) }
}
