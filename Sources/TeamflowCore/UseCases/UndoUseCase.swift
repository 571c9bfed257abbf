/// `teamflow undo`: appends the compensating event for a change; history is never rewritten.
///
/// The compensation restores what the event changed to its value just before the event (in
/// (clock, id) order). It carries `undoes: <id>`, so a plain `undo` skips changes already undone
/// and other undos: repeating it walks back through the caller's changes.
public struct UndoUseCase: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What an undo did: the event it undid and the compensating event it wrote.
    public struct Outcome: Sendable {
        public var undone: Event
        public var written: Event
    }

    /// Undoes the event with id prefix `idPrefix`, or else the caller's most recent change.
    @discardableResult
    public func undo(_ idPrefix: String? = nil) throws -> Outcome {
        let events = try repository.events()
        let undone = Set(events.compactMap { $0.data.string(EventType.undoesKey) })
        let target: Event
        if let idPrefix {
            target = try ShortID.resolve(idPrefix, in: events, kind: "event", id: \.id, label: { "\($0.type)  \($0.at)" })
            if undone.contains(target.id) {
                throw TeamflowError(.conflict, "event \(ShortID.of(target.id)) (\(target.type)) is already undone",
                                    hints: ["Nothing was changed. `teamflow log` shows the history."])
            }
        } else {
            let me = try session.requireAuthor().email.lowercased()
            guard let last = events.reversed().first(where: { event in
                event.author.email.lowercased() == me && event.data[EventType.undoesKey] == nil
                    && !undone.contains(event.id) && Self.canUndo(event.type)
            }) else {
                throw TeamflowError(.notFound, "nothing of yours to undo", hints: ["`teamflow log` shows the history; `teamflow undo ID` undoes any event."])
            }
            target = last
        }
        let before = TeamState.derive(from: events.filter { Event.precedes($0, target) })
        guard var draft = Self.compensation(for: target, before: before) else {
            throw TeamflowError(.conflict, "event \(ShortID.of(target.id)) (\(target.type)) cannot be undone")
        }
        draft.data[EventType.undoesKey] = .string(target.id)
        let written = try context.record([draft])
        guard let event = written.first else { throw TeamflowError(.failure, "the undo was not written") }
        return Outcome(undone: target, written: event)
    }

    /// Whether events of `type` can be undone: a known type that has an inverse. The same
    /// catalog entry answers `compensation`, so the two cannot disagree.
    static func canUndo(_ type: String) -> Bool { EventCatalog.isUndoable(type) }

    /// The event that puts back what `event` changed, given the state just before it: the
    /// inverse of its typed value. Nil for a type that cannot be undone, data that does not
    /// decode, or a thing the state before did not hold.
    public static func compensation(for event: Event, before: TeamState) -> EventDraft? {
        guard let entry = EventCatalog.byType[event.type], entry.notUndoable == nil else { return nil }
        return entry.inverse(event, before)
    }
}
