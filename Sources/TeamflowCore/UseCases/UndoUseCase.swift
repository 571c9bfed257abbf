/// `teamflow undo`: appends the compensating event for a change; history is never rewritten.
///
/// The compensation restores what the event changed to its value just before the event (in
/// (clock, id) order). Its envelope carries `undoes: <id>`, so a plain `undo` skips changes already undone
/// and other undos: repeating it walks back through the caller's changes.
public struct UndoUseCase: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What an undo did: the event it undid and the compensating event it wrote.
    public struct Outcome: Sendable {
        public var undone: Event
        public var written: Event
        /// Every event undone, oldest first: `undone` alone, or the whole batch of a
        /// multi-id command (see `Batch`), all taken back in one commit.
        public var allUndone: [Event] = []
        /// Every compensating event written, in the order appended.
        public var allWritten: [Event] = []
    }

    /// Undoes the event with id prefix `idPrefix`, or else the caller's most recent change.
    @discardableResult
    public func undo(_ idPrefix: String? = nil) throws -> Outcome {
        let events = try repository.events()
        let undone = Set(events.compactMap(\.undoneID))
        let target: Event
        if let idPrefix {
            target = try ShortID.resolve(idPrefix, in: events, kind: .event, id: \.id, label: { "\($0.type)  \($0.at)" })
            if undone.contains(target.id) {
                throw TeamflowError(.conflict, "event \(ShortID.of(target.id)) (\(target.type)) is already undone",
                                    hints: ["Nothing was changed."], reason: .alreadyUndone(eventID: target.id))
            }
        } else {
            let me = try session.requireAuthor().email.lowercased()
            guard let last = events.reversed().first(where: { event in
                event.author.email.lowercased() == me && event.undoneID == nil
                    && !undone.contains(event.id) && Self.canUndo(event.type)
            }) else {
                throw TeamflowError(.notFound, "nothing of yours to undo", reason: .nothingToUndo)
            }
            target = last
        }
        // A batch is taken back as a whole: every event of it not undone yet. One command writes
        // a batch, so its events share an author: a synced event that copies the token under
        // another author (the tokens are in the history) is not taken back with it.
        let author = target.author.email.lowercased()
        let group = target.batchToken.map { token in
            events.filter {
                $0.batchToken == token && $0.author.email.lowercased() == author
                    && !undone.contains($0.id) && Self.canUndo($0.type)
            }
        } ?? [target]
        var drafts = try compensations(for: group, in: events)
        for index in drafts.indices { drafts[index].undoes = group[index].id }
        // Newest first, so each change is taken back before the one it followed.
        let written = try context.record(Array(drafts.reversed()))
        guard let event = written.last(where: { $0.undoes == target.id }) ?? written.first else {
            throw TeamflowError(.failure, "the undo was not written")
        }
        return Outcome(undone: target, written: event, allUndone: group, allWritten: written)
    }

    /// The compensating drafts of `group` (in history order), each from the state just before
    /// its event: one fold of the history, however many events the group holds.
    private func compensations(for group: [Event], in events: [Event]) throws -> [EventDraft] {
        let wanted = Set(group.map(\.id))
        var before = TeamState()
        var drafts: [String: EventDraft] = [:]
        for event in events {
            if wanted.contains(event.id) {
                var plain = event
                plain.data = event.payload // an older history's envelope keys are not fields to restore
                guard let draft = Self.compensation(for: plain, before: before) else {
                    throw TeamflowError(.conflict, "event \(ShortID.of(event.id)) (\(event.type)) cannot be undone")
                }
                drafts[event.id] = draft
                if drafts.count == wanted.count { break }
            }
            before.apply(event)
        }
        return try group.map { event in
            guard let draft = drafts[event.id] else {
                throw TeamflowError(.conflict, "event \(ShortID.of(event.id)) (\(event.type)) cannot be undone")
            }
            return draft
        }
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
