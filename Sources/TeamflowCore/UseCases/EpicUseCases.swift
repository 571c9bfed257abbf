/// Epics: add (optionally in a project), move, edit, remove, list with progress.
public struct EpicUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    @discardableResult
    public func add(title: String, project: String? = nil) throws -> Epic {
        let title = try Validate.text(title, what: "epic title", example: "teamflow epic add \"로그인 화면\" --project 앱")
        var data: Fields = ["title": .string(title)]
        if let project { data["project"] = .string(try repository.state().project(named: project).id) }
        let (event, state) = try repository.recordAndFold(
            EventDraft(type: EventType.epicAdded, data: data, summary: "epic: add \(title)"), session: session)
        return try read(state, event.id)
    }

    /// Moves an epic to `todo`, `doing` or `done`.
    @discardableResult
    public func move(_ text: String, to statusText: String) throws -> Epic {
        let status = try WorkStatus.parse(statusText)
        let epic = try repository.state().epic(named: text)
        let (_, state) = try repository.recordAndFold(
            EventDraft(type: EventType.epicMoved, data: ["epic": .string(epic.id), "status": .string(status.rawValue)],
                       summary: "epic: move \(epic.title) to \(status.rawValue)"), session: session)
        return try read(state, epic.id)
    }

    /// Changes the title or the project (`none` detaches).
    @discardableResult
    public func edit(_ text: String, title: String? = nil, project: String? = nil) throws -> Epic {
        let before = try repository.state()
        let epic = try before.epic(named: text)
        var data: Fields = ["epic": .string(epic.id)]
        if let title { data["title"] = .string(try Validate.text(title, what: "epic title", example: "teamflow epic edit 3f2a --title 결제")) }
        if let project { data["project"] = Validate.isClearing(project) ? .null : .string(try before.project(named: project).id) }
        guard data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give --title or --project."])
        }
        let (_, state) = try repository.recordAndFold(
            EventDraft(type: EventType.epicEdited, data: data, summary: "epic: edit \(epic.title)"), session: session)
        return try read(state, epic.id)
    }

    @discardableResult
    public func remove(_ text: String) throws -> Epic {
        let state = try repository.state()
        let epic: Epic
        do {
            epic = try state.epic(named: text)
        } catch {
            throw Lookup.explainRemoved(error, text, removed: state.epics.values.filter(\.removed), kind: "epic",
                                        id: \.id, names: { [$0.title] })
        }
        let (_, after) = try repository.recordAndFold(
            EventDraft(type: EventType.epicRemoved, data: ["epic": .string(epic.id)], summary: "epic: remove \(epic.title)"),
            session: session)
        return try read(after, epic.id)
    }

    /// Live epics with progress, optionally of one project.
    public func list(project: String? = nil) throws -> [EpicProgress] {
        let state = try repository.state()
        let projectID = try project.map { try state.project(named: $0).id }
        return state.progress(of: state.liveEpics.filter { projectID == nil || $0.project == projectID })
    }

    public func find(_ text: String) throws -> Epic { try repository.state().epic(named: text) }

    private func read(_ state: TeamState, _ id: String) throws -> Epic {
        guard let epic = state.epics[id] else {
            throw TeamflowError(.failure, "the epic was written but could not be read back")
        }
        return epic
    }
}
