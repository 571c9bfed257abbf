/// `sprint.added`: a named range of days (ignored when a date is malformed).
public struct SprintAdded: TeamEvent {
    public static let type = EventType.sprintAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("name"), EventSchema.r("from"), EventSchema.r("to")]

    public var name: String
    public var from: Day
    public var to: Day

    public init(name: String, from: Day, to: Day) {
        self.name = name
        self.from = from
        self.to = to
    }

    public init?(data: Fields) {
        guard let name = data.string("name"), let from = data.string("from").flatMap(Day.init(parsing:)),
              let to = data.string("to").flatMap(Day.init(parsing:)) else { return nil }
        self.init(name: name, from: from, to: to)
    }

    public var data: Fields { ["name": .string(name), "from": .string(from.description), "to": .string(to.description)] }

    public func fold(into state: inout TeamState, event: Event) {
        state.sprints[event.id as String] = Sprint(id: .init(event.id), name: name, from: from, to: to, removed: false, clock: event.clock)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(SprintRemoved.type, key: "sprint", id: event.id, undoing: event)
    }
}

/// `sprint.removed`: written by undo only.
public struct SprintRemoved: RemovalEvent {
    public static let type = EventType.sprintRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "sprint", removes = true, opposite = EventType.sprintRestored
    public var id: Sprint.ID
    public init(id: Sprint.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Sprint.ID, removed: Bool) { state.sprints[id]?.removed = removed }
}

/// `sprint.restored`: written by undo only.
public struct SprintRestored: RemovalEvent {
    public static let type = EventType.sprintRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "sprint", removes = false, opposite = EventType.sprintRemoved
    public var id: Sprint.ID
    public init(id: Sprint.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Sprint.ID, removed: Bool) { state.sprints[id]?.removed = removed }
}
