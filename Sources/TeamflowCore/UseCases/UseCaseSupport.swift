/// Helpers every use case shares: writing as the session's author, input checks, removed lookups.
extension EventRepository {
    /// Appends drafts in one atomic step as the session's author at the session's time.
    func record(_ drafts: [EventDraft], session: Session) throws -> [Event] {
        let author = try session.requireAuthor()
        try EventCatalog.requireValid(drafts, author: author)
        return try append(drafts, author: author, at: Timestamp.format(session.now, timeZone: session.timeZone))
    }

    /// Appends one draft and returns the state with it folded in.
    func recordAndFold(_ draft: EventDraft, session: Session) throws -> (Event, TeamState) {
        let events = try record([draft], session: session)
        guard let event = events.first else {
            throw TeamflowError(.failure, "the event was not written")
        }
        // Read after the append: a store folds its own new events into the state it holds,
        // so nothing here copies a large state to apply one event.
        return (event, try self.state())
    }
}

extension Validate {
    /// A name or title (`field` of a `kind`): not empty after trimming, one line.
    public static func text(_ text: String, field: RequestField, of kind: EntityKind) throws -> String {
        let trimmed = text.trimmingSpaces
        // "page title", as the messages have always said, rather than "wiki page title".
        let what = (kind == .wikiPage ? "page" : kind.noun) + " " + field.rawValue
        guard !trimmed.isEmpty else {
            throw TeamflowError(.usage, "the \(what) is empty", reason: .invalidText(field, of: kind))
        }
        guard !trimmed.contains("\n") else {
            throw TeamflowError(.usage, "the \(what) must be one line", reason: .invalidText(field, of: kind))
        }
        return trimmed
    }

    /// An estimate: a whole number from 0 (story points).
    public static func points(_ text: String) throws -> Int {
        guard let points = Int(text.trimmingSpaces), points >= 0 else {
            throw TeamflowError(.usage, "points must be a whole number from 0, not '\(text)'", reason: .invalidValue(.points, text: text))
        }
        return points
    }

    /// An estimate given as a number: from 0.
    public static func points(_ value: Int) throws -> Int { try points(String(value)) }

    /// Labels: each one line, not empty, repeats (any case) dropped, in the order given.
    public static func labels(_ texts: [String]) throws -> [String] {
        var out: [String] = []
        for text in texts {
            let label = text.trimmingSpaces
            guard !label.isEmpty, !label.contains("\n") else {
                throw TeamflowError(.usage, "a label is one line of text, not '\(text)'", reason: .invalidValue(.label, text: text))
            }
            if !out.contains(where: { Lookup.normalize($0) == Lookup.normalize(label) }) { out.append(label) }
        }
        return out
    }

    /// `none` (or an empty value) clears an optional field such as `--due` or `--epic`.
    public static func isClearing(_ text: String) -> Bool {
        let key = text.trimmingSpaces.lowercased()
        return key.isEmpty || key == "none" || key == "-"
    }
}

extension Lookup {
    /// Rethrows a not-found error as "already removed" when `text` names a removed item, so
    /// removing twice says why and appends nothing.
    static func explainRemoved<T, E>(_ error: any Error, _ text: String, removed: [T], kind: EntityKind,
                                     id: (T) -> EntityID<E>, names: (T) -> [String]) -> any Error {
        guard let error = error as? TeamflowError, error.kind == .notFound,
              let gone = try? resolve(text, in: removed, kind: kind, id: id, names: names, label: { _ in "" })
        else { return error }
        let label = names(gone).first ?? text
        return TeamflowError(.conflict, "\(kind.noun) \(ShortID.of(id(gone))) '\(label)' is already removed",
                             hints: ["Nothing was changed."], reason: .alreadyRemoved(kind, id: id(gone).rawValue, label: label))
    }
}
