/// `retro.added`: a retrospective entry of a week.
public struct RetroAdded: TeamEvent {
    public static let type = EventType.retroAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("text"), EventSchema.o("kind"), EventSchema.o("week")]

    public var text: String
    /// `keep`, `problem` or `try`; anything else (or none) reads as `keep`.
    public var kind: String?
    /// The catalog lists it as optional, but an entry without a week is not folded.
    public var week: String?

    public init(text: String, kind: String? = nil, week: String?) {
        self.text = text
        self.kind = kind
        self.week = week
    }

    public init?(data: Fields) {
        guard let text = data.string("text") else { return nil }
        self.init(text: text, kind: data.string("kind"), week: data.string("week"))
    }

    public var data: Fields {
        var data: Fields = ["text": .string(text)]
        data.put("kind", kind)
        data.put("week", week)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard let week else { return }
        let kind = kind.flatMap { RetroEntry.kinds.contains($0) ? $0 : nil } ?? "keep"
        state.retros[event.id as String] = RetroEntry(id: .init(event.id), text: text, kind: kind, week: week, author: event.author.name,
                                            createdAt: event.at, removed: false, clock: event.clock)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(RetroRemoved.type, key: "retro", id: event.id, undoing: event)
    }
}

/// `retro.removed`: hides an entry (no command writes it yet but undo).
public struct RetroRemoved: RemovalEvent {
    public static let type = EventType.retroRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "retro", removes = true, opposite = EventType.retroRestored
    public var id: RetroEntry.ID
    public init(id: RetroEntry.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: RetroEntry.ID, removed: Bool) { state.retros[id]?.removed = removed }
}

/// `retro.restored`: shows it again.
public struct RetroRestored: RemovalEvent {
    public static let type = EventType.retroRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "retro", removes = false, opposite = EventType.retroRemoved
    public var id: RetroEntry.ID
    public init(id: RetroEntry.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: RetroEntry.ID, removed: Bool) { state.retros[id]?.removed = removed }
}
