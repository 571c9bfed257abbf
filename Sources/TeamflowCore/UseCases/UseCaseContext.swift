/// What every use case works with: the history, and who acts when. One value instead of the
/// same two properties and initialiser in every use case.
public struct UseCaseContext {
    public let repository: any EventRepository
    public let session: Session

    public init(repository: any EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    /// The current state.
    func state() throws -> TeamState { try repository.state() }

    /// Appends typed events' drafts in one atomic step as the session's author.
    func record(_ drafts: [EventDraft]) throws -> [Event] {
        try repository.record(drafts, session: session)
    }

    /// Appends one event and returns it with the state it leads to.
    func append<E: TeamEvent>(_ event: E, summary: String) throws -> (Event, TeamState) {
        try append(EventDraft(event, summary: summary))
    }

    /// Appends one draft (of a typed event) and returns it with the state it leads to.
    func append(_ draft: EventDraft) throws -> (Event, TeamState) {
        try repository.recordAndFold(draft, session: session)
    }

    /// Appends an edit, refusing one that changes nothing (only its id key) with `hint`.
    func appendEdit<E: TeamEvent>(_ edit: E, summary: String, fields: [RequestField]) throws -> TeamState {
        guard edit.data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give one of: " + fields.map(\.rawValue).joined(separator: ", ") + "."],
                                reason: .nothingToChange(fields))
        }
        return try append(edit, summary: summary).1
    }

    /// The live thing `text` names for a removal; when it names one already removed, the
    /// error says so (removing twice appends nothing).
    func findForRemoval<T, E>(_ text: String, kind: EntityKind, removed: [T], id: (T) -> EntityID<E>, names: (T) -> [String],
                           find: () throws -> T) throws -> T {
        do {
            return try find()
        } catch {
            throw Lookup.explainRemoved(error, text, removed: removed, kind: kind, id: id, names: names)
        }
    }
}

/// A use case: a set of commands over one `UseCaseContext`.
public protocol UseCase {
    var context: UseCaseContext { get }
    init(context: UseCaseContext)
}

extension UseCase {
    public init(repository: any EventRepository, session: Session) {
        self.init(context: UseCaseContext(repository: repository, session: session))
    }

    /// Where the events live.
    public var repository: any EventRepository { context.repository }
    /// Who acts, and when.
    public var session: Session { context.session }
}

/// Reads back what a use case just wrote; its absence is a failure, not a user error.
func readBack<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw TeamflowError(.failure, "the \(what) was written but could not be read back") }
    return value
}

extension UseCaseContext {
    /// Moves a project or an epic to a status: the status is checked first, then the thing is
    /// found, moved and read back from the new state.
    func move<T, E: TeamEvent>(to statusText: String, find: (TeamState) throws -> T, label: KeyPath<T, String>, kind: EntityKind,
                               event: (T, WorkStatus) -> E, read: (TeamState, T) -> T?) throws -> T {
        let status = try WorkStatus.parse(statusText)
        let thing = try find(try state())
        let (_, after) = try append(event(thing, status), summary: "\(kind.noun): move \(thing[keyPath: label]) to \(status.rawValue)")
        return try readBack(read(after, thing), kind.noun)
    }
}
