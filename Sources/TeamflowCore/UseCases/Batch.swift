import Foundation

/// Several events one command writes together (`task check A B C`): one append, so one commit,
/// and one `batch` token in each event's envelope, so `teamflow undo` takes the whole command back.
///
/// The token is envelope metadata beside `data`: folds never read it, older teamflow keeps it as
/// an unknown key, and the store needs no notion of groups. A single event carries no token.
public enum Batch {
    /// The drafts, each marked with one token when there are several. The token hashes the
    /// history's last position, the session (author, time) and the drafts, so two commands
    /// never share one, and a script run with `TEAMFLOW_NOW` writes the same events each time.
    static func mark(_ drafts: [EventDraft], state: TeamState, session: Session) -> [EventDraft] {
        guard drafts.count > 1 else { return drafts }
        var seed = "\(state.last?.clock ?? 0)|\(state.last?.id ?? "")|\(session.now.timeIntervalSince1970)|"
            + "\(session.author?.description ?? "")"
        for draft in drafts { seed += "|\(draft.type)|\(draft.summary)|\(draft.data)" }
        let token = EventID.make(seed: seed)
        return drafts.map { draft in
            var marked = draft
            marked.batch = token
            return marked
        }
    }
}

extension UseCaseContext {
    /// Appends the drafts as one commit, marked as one batch, and returns the state after them.
    func appendBatch(_ drafts: [EventDraft], state: TeamState) throws -> TeamState {
        _ = try record(Batch.mark(drafts, state: state, session: session))
        // Read after the append: the store folds its own new events into the state it holds.
        return try self.state()
    }

    /// Appends the drafts as one commit marked as one batch, for use cases outside this module
    /// (`import markdown`): one `teamflow undo` takes them all back.
    public func recordBatch(_ drafts: [EventDraft]) throws -> [Event] {
        try record(Batch.mark(drafts, state: try state(), session: session))
    }

    /// Resolves every text to a thing before anything is written, dropping repeats (the
    /// same task typed twice, by id and by title): an unknown or ambiguous one throws, so a
    /// command with one bad id appends nothing.
    func resolveAll<T, E>(_ texts: [String], id: (T) -> EntityID<E>, find: (String) throws -> T) throws -> [T] {
        guard !texts.isEmpty else { throw TeamflowError(.usage, "no id given", hints: ["Give one or more ids."]) }
        var seen = Set<EntityID<E>>()
        var found: [T] = []
        for text in texts {
            let item = try find(text)
            if seen.insert(id(item)).inserted { found.append(item) }
        }
        return found
    }
}
