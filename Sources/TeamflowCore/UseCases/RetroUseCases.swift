/// Retrospective entries: keep, problem, try.
public struct RetroUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    /// Adds an entry to a week (default: the current one); `kind` defaults to `keep`.
    @discardableResult
    public func add(text: String, kind: String? = nil, week: String? = nil) throws -> RetroEntry {
        let text = text.trimmingSpaces
        guard !text.isEmpty else {
            throw TeamflowError(.usage, "the retrospective entry is empty", hints: ["Example: teamflow retro add \"PR을 작게 나누자\" --kind try"])
        }
        let kind = kind?.lowercased() ?? "keep"
        guard RetroEntry.kinds.contains(kind) else {
            throw TeamflowError(.usage, "unknown kind '\(kind)'", hints: ["Use keep, problem or try."])
        }
        let week = try session.week(week).description
        let (event, state) = try repository.recordAndFold(
            EventDraft(type: EventType.retroAdded, data: ["text": .string(text), "kind": .string(kind), "week": .string(week)],
                       summary: "retro: \(kind) (\(week))"), session: session)
        guard let entry = state.retros[event.id] else {
            throw TeamflowError(.failure, "the entry was written but could not be read back")
        }
        return entry
    }

    /// Entries oldest first; of one week when given.
    public func list(week: String? = nil) throws -> [RetroEntry] {
        let key = try week.map { try session.week($0).description }
        return try repository.state().retros(in: key)
    }
}
