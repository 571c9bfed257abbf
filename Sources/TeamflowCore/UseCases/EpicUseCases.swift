/// Epics: add (optionally in a project), move, edit, remove, list with progress.
public struct EpicUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    @discardableResult
    public func add(title: String, project: String? = nil) throws -> Epic {
        let title = try Validate.text(title, field: .title, of: .epic)
        let projectID = try project.map { try repository.state().project(named: $0).id }
        let (event, state) = try context.append(EpicAdded(title: title, project: projectID), summary: "epic: add \(title)")
        return try readBack(state.epics[event.id], "epic")
    }

    /// Moves an epic to `todo`, `doing` or `done`.
    @discardableResult
    public func move(_ text: String, to statusText: String) throws -> Epic {
        try context.move(to: statusText, find: { try $0.epic(named: text) }, label: \.title, kind: .epic,
                         event: { EpicMoved(epic: $0.id, status: $1) }, read: { $0.epics[$1.id] })
    }

    /// Changes the title or the project (`none` detaches).
    @discardableResult
    public func edit(_ text: String, title: String? = nil, project: String? = nil) throws -> Epic {
        let before = try repository.state()
        let epic = try before.epic(named: text)
        var edit = EpicEdited(epic: epic.id)
        if let title { edit.title = try Validate.text(title, field: .title, of: .epic) }
        if let project { edit.project = Validate.isClearing(project) ? .cleared : .set(try before.project(named: project).id) }
        let state = try context.appendEdit(edit, summary: "epic: edit \(epic.title)", fields: [.title, .project])
        return try readBack(state.epics[epic.id], "epic")
    }

    @discardableResult
    public func remove(_ text: String) throws -> Epic {
        let state = try repository.state()
        let epic = try context.findForRemoval(text, kind: .epic, removed: state.epics.values.filter(\.removed), id: \.id,
                                              names: { [$0.title] }, find: { try state.epic(named: text) })
        let (_, after) = try context.append(EpicRemoved(id: epic.id), summary: "epic: remove \(epic.title)")
        return try readBack(after.epics[epic.id], "epic")
    }

    /// Live epics with progress, optionally of one project.
    public func list(project: String? = nil) throws -> [EpicProgress] {
        let state = try repository.state()
        let projectID = try project.map { try state.project(named: $0).id }
        return state.progress(of: state.liveEpics.filter { projectID == nil || $0.project == projectID })
    }

    public func find(_ text: String) throws -> Epic { try repository.state().epic(named: text) }
}
