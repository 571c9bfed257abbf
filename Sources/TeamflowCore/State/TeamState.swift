/// The current state of a team, derived by folding its events in (clock, id) order.
///
/// It is a pure function of the event set, so every replica holding the same events derives
/// the same state. The store caches it as a snapshot keyed by the ref tip; each kind of
/// entity is an `EntityTable`, which decodes a cached entry only when it is read.
public struct TeamState: Sendable, Codable, Equatable {
    /// The team's name from `team.initialized`, if any.
    public var teamName: String?
    public var goals: EntityTable<Goal> = [:]
    public var members: EntityTable<Member> = [:]
    public var projects: EntityTable<Project> = [:]
    public var epics: EntityTable<Epic> = [:]
    public var tasks: EntityTable<TeamTask> = [:]
    public var sprints: EntityTable<Sprint> = [:]
    public var reviews: EntityTable<Review> = [:]
    public var retros: EntityTable<RetroEntry> = [:]
    /// Wiki pages by `WikiPage.key(title)`.
    public var wiki: EntityTable<WikiPage> = [:]
    // Recurring goals: the rules; their instances are goals in `goals`.
    public var goalRules: EntityTable<GoalRule> = [:]
    /// How many events were folded in.
    public internal(set) var eventCount = 0
    /// The (clock, id) of the last event folded in; an incremental update may only add later ones.
    public internal(set) var last: EventPosition?

    public init() {}

    /// Decodes every table's stored entries into memory (`EntityTable.decodeAll`): the state
    /// reads the same, and scanning it no longer decodes anything.
    public mutating func decodeAll() {
        goals.decodeAll()
        members.decodeAll()
        projects.decodeAll()
        epics.decodeAll()
        tasks.decodeAll()
        sprints.decodeAll()
        reviews.decodeAll()
        retros.decodeAll()
        wiki.decodeAll()
        goalRules.decodeAll()
    }

    /// Bumped whenever a fold's rules change for the same events, so a cache derived by the
    /// old rules is rebuilt rather than served (the cache keys on it beside its own formats).
    /// 1: invalid carries are ignored (`TeamEvent.invalidReason`).
    /// 2: fields over `FieldLimits` are folded cut.
    public static let foldRevision = 2

    /// Folds one event in. Unknown types are counted and otherwise ignored.
    public mutating func apply(_ event: Event) {
        eventCount += 1
        last = EventPosition(event)
        if let fold = EventCatalog.folds[event.type] { fold(&self, event) }
    }

    /// Folds events that must already be in (clock, id) order.
    public mutating func apply<S: Sequence>(_ events: S) where S.Element == Event {
        for event in events { apply(event) }
    }

    /// Derives the state of a whole history (any order in; sorted here).
    public static func derive(from events: [Event]) -> TeamState {
        var state = TeamState()
        state.apply(events.sorted(by: Event.precedes))
        return state
    }

    /// Whether `event` sorts after everything folded so far, so it can be applied incrementally.
    public func canAppend(_ event: Event) -> Bool {
        guard let last else { return true }
        return (event.clock, event.id) > (last.clock, last.id)
    }
}

/// The place of an event in the total order.
public struct EventPosition: Sendable, Codable, Equatable {
    public var clock: Int
    public var id: String

    public init(_ event: Event) {
        clock = event.clock
        id = event.id
    }

    public init(clock: Int, id: String) {
        self.clock = clock
        self.id = id
    }
}
