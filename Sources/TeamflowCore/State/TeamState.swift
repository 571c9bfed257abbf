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
    /// How many events were folded in.
    public internal(set) var eventCount = 0
    /// The (clock, id) of the last event folded in; an incremental update may only add later ones.
    public internal(set) var last: EventPosition?

    public init() {}

    /// Folds one event in. Unknown types are counted and otherwise ignored.
    public mutating func apply(_ event: Event) {
        eventCount += 1
        last = EventPosition(event)
        if let fold = TeamState.folds[event.type] {
            fold(&self, event)
        }
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

    /// One fold per known event type. Later features add their entries here.
    static let folds: [String: @Sendable (inout TeamState, Event) -> Void] = [
        EventType.teamInitialized: { state, event in
            if let name = event.data.string("team") { state.teamName = name }
        },
        EventType.goalAdded: { state, event in
            Goal.foldAdded(&state, event)
            // `done: true` is written by `import markdown`, which cannot name the new goal's id.
            if event.data.bool("done") == true { state.goals[event.id]?.done = true }
        },
        EventType.goalEdited: Goal.foldEdited,
        EventType.goalChecked: { state, event in Goal.foldDone(&state, event, done: true) },
        EventType.goalUnchecked: { state, event in Goal.foldDone(&state, event, done: false) },
        EventType.goalRemoved: Goal.foldRemoved,
        EventType.goalRestored: { state, event in
            if let id = event.data.string("goal") { state.goals[id]?.removed = false }
        },
        EventType.memberAdded: Member.foldAdded,
        EventType.memberRenamed: Member.foldRenamed,
        EventType.memberRemoved: { state, event in Member.foldRemoved(&state, event, removed: true) },
        EventType.memberRestored: { state, event in Member.foldRemoved(&state, event, removed: false) },
        EventType.projectAdded: Project.foldAdded,
        EventType.projectEdited: Project.foldEdited,
        EventType.projectMoved: Project.foldMoved,
        EventType.projectRemoved: { state, event in Project.foldRemoved(&state, event, removed: true) },
        EventType.projectRestored: { state, event in Project.foldRemoved(&state, event, removed: false) },
        EventType.epicAdded: Epic.foldAdded,
        EventType.epicEdited: Epic.foldEdited,
        EventType.epicMoved: Epic.foldMoved,
        EventType.epicRemoved: { state, event in Epic.foldRemoved(&state, event, removed: true) },
        EventType.epicRestored: { state, event in Epic.foldRemoved(&state, event, removed: false) },
        EventType.taskAdded: { state, event in
            TeamTask.foldAdded(&state, event)
            if event.data.bool("done") == true { state.tasks[event.id]?.status = .done }
        },
        EventType.taskEdited: TeamTask.foldEdited,
        EventType.taskChecked: { state, event in TeamTask.foldStatus(&state, event, .done) },
        EventType.taskUnchecked: { state, event in TeamTask.foldStatus(&state, event, .todo) },
        EventType.taskStarted: { state, event in TeamTask.foldStatus(&state, event, .doing) },
        EventType.taskAssigned: TeamTask.foldAssigned,
        EventType.taskRemoved: { state, event in TeamTask.foldRemoved(&state, event, removed: true) },
        EventType.taskRestored: { state, event in TeamTask.foldRemoved(&state, event, removed: false) },
        EventType.sprintAdded: Sprint.foldAdded,
        EventType.sprintRemoved: { state, event in Sprint.foldRemoved(&state, event, removed: true) },
        EventType.sprintRestored: { state, event in Sprint.foldRemoved(&state, event, removed: false) },
        EventType.reviewAdded: Review.foldAdded,
        EventType.reviewEdited: Review.foldEdited,
        EventType.reviewCommented: Review.foldCommented,
        EventType.reviewRemoved: { state, event in Review.foldRemoved(&state, event, removed: true) },
        EventType.reviewRestored: { state, event in Review.foldRemoved(&state, event, removed: false) },
        EventType.retroAdded: RetroEntry.foldAdded,
        EventType.retroRemoved: { state, event in RetroEntry.foldRemoved(&state, event, removed: true) },
        EventType.retroRestored: { state, event in RetroEntry.foldRemoved(&state, event, removed: false) },
        EventType.wikiSaved: WikiPage.foldSaved,
        EventType.wikiAppended: WikiPage.foldAppended,
    ]
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
