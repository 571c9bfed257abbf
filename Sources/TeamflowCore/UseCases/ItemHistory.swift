/// One event that touched a task or goal, with what it changed in it.
public struct HistoryEntry: Sendable, Equatable {
    public var event: String
    public var type: String
    /// RFC 3339, as written.
    public var at: String
    public var author: Author
    /// The fields the event changed, in field order; empty when it named the item but
    /// changed nothing in it (checking a done task, adding a sub-task under it).
    public var changes: [FieldChange]
}

/// One field's value before and after an event, as text (nil: none).
public struct FieldChange: Sendable, Equatable {
    public var field: String
    public var before: String?
    public var after: String?

    public init(field: String, before: String?, after: String?) {
        self.field = field
        self.before = before
        self.after = after
    }
}

/// Item histories: the events whose `data` names an item, replayed to say what each changed.
enum ItemHistory {
    /// Whether `event` names `id`: it created it, or a `data` value (or a list item) is the id.
    static func names(_ event: Event, _ id: String) -> Bool {
        event.id == id || event.data.contains { _, value in
            value.string == id || value.list?.contains(.string(id)) == true
        }
    }

    /// Replays `events` (in order) and records, for each event naming `id`, how the fields
    /// `describe` reads from the state changed. One fold of the history. The entries come in
    /// time order (ties, and unreadable times, in fold order): a teammate's 14:00 change that
    /// synced in with a higher clock is listed before my 14:30 one, though it folded after it.
    static func entries<Entity>(of typedID: EntityID<Entity>, in events: [Event],
                        describe: (TeamState) -> [(String, String?)]) -> [HistoryEntry] {
        let id = typedID.rawValue
        var replay = TeamState()
        var entries: [HistoryEntry] = []
        for event in events {
            guard names(event, id) else {
                replay.apply(event)
                continue
            }
            let before = describe(replay)
            replay.apply(event)
            let after = describe(replay)
            var changes: [FieldChange] = []
            for (index, field) in after.enumerated() {
                let old = index < before.count ? before[index].1 : nil
                if old != field.1 { changes.append(FieldChange(field: field.0, before: old, after: field.1)) }
            }
            entries.append(HistoryEntry(event: event.id, type: event.type, at: event.at, author: event.author, changes: changes))
        }
        return inTimeOrder(entries, at: \.at)
    }

    /// `items` sorted by the instant `at` gives (RFC 3339, any offset), stably: equal times and
    /// times that do not parse keep their order.
    static func inTimeOrder<T>(_ items: [T], at: (T) -> String) -> [T] {
        items.enumerated()
            .map { (time: Timestamp.parse(at($0.element))?.timeIntervalSince1970 ?? -Double.infinity, offset: $0.offset, item: $0.element) }
            .sorted { ($0.time, $0.offset) < ($1.time, $1.offset) }
            .map(\.item)
    }

    /// A task's fields as text; names come from `names` (the current state), so a renamed
    /// member or epic reads the same in every entry. Empty when the task does not exist yet.
    static func fields(of task: TeamTask?, names: TeamState) -> [(String, String?)] {
        guard let task else { return [] }
        return [
            ("title", task.title),
            ("status", task.status.rawValue),
            ("member", task.member.map { names.members[$0]?.name ?? ShortID.of($0) }),
            ("week", task.week),
            ("sprint", task.sprint.map { names.sprints[$0]?.name ?? ShortID.of($0) }),
            ("epic", task.epic.map { names.epics[$0]?.title ?? ShortID.of($0) }),
            ("due", task.due?.description),
            ("parent", task.parent.map(ShortID.of)),
            ("removed", task.removed ? "yes" : nil),
        ]
    }

    /// A goal's fields as text.
    static func fields(of goal: Goal?, names: TeamState) -> [(String, String?)] {
        guard let goal else { return [] }
        return [
            ("title", goal.title),
            ("status", goal.done ? "done" : "open"),
            ("week", goal.week),
            ("sprint", goal.sprint.map { names.sprints[$0]?.name ?? ShortID.of($0) }),
            ("removed", goal.removed ? "yes" : nil),
        ]
    }
}
