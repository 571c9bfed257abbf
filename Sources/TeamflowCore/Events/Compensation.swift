/// Building blocks of the inverses: the shapes undo has always written. A compensating event
/// names its target under the type's id key; `UndoUseCase` sets the envelope's `undoes`.
enum Compensation {
    /// `type` with `[key: id]` and `extra` after it; summary `undo: <undone type> <short id>`.
    static func draft(_ type: String, key: String, id: String, _ extra: Fields = Fields(), undoing event: Event) -> EventDraft {
        var data: Fields = [key: .string(id)]
        for (k, v) in extra { data[k] = v }
        return EventDraft(type: type, data: data, summary: "undo: \(event.type) \(ShortID.of(id))")
    }

    /// The lists a removal or restore carries (`detached`, `subtasks`), as written in `event`,
    /// so undoing it touches exactly the things it touched.
    static func carried(_ event: Event) -> Fields {
        Fields(["detached", "subtasks"].compactMap { k in event.data[k].map { (k, $0) } })
    }

    /// The inverse of an edit: the same type, each key the event carried set back to its
    /// value in `prior` (`null` where there was none). Nil when the thing did not exist before.
    static func edit(_ event: Event, key: String, id: String, prior: Fields?) -> EventDraft? {
        guard let prior else { return nil }
        var changes = Fields()
        for (k, _) in event.payload where k != key { changes[k] = prior[k] ?? .null }
        return draft(event.type, key: key, id: id, changes, undoing: event)
    }

    /// An optional string as an event value.
    static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }

    /// An optional id as an event value.
    static func optional<Entity>(_ id: EntityID<Entity>?) -> Value { optional(id?.rawValue) }

    /// `draft` naming its target by a typed id.
    static func draft<Entity>(_ type: String, key: String, id: EntityID<Entity>, _ extra: Fields = Fields(),
                              undoing event: Event) -> EventDraft {
        draft(type, key: key, id: id.rawValue, extra, undoing: event)
    }

    /// `edit` naming its target by a typed id.
    static func edit<Entity>(_ event: Event, key: String, id: EntityID<Entity>, prior: Fields?) -> EventDraft? {
        edit(event, key: key, id: id.rawValue, prior: prior)
    }
}

/// A removal or restore that names one thing by id and flips its `removed` flag.
public protocol RemovalEvent: TeamEvent {
    /// The data key naming the thing (`goal`, `member`, …).
    static var idKey: String { get }
    /// True for `*.removed`, false for `*.restored`.
    static var removes: Bool { get }
    /// The type that undoes this one (`*.restored` for `*.removed` and back).
    static var opposite: String { get }
    /// The kind of thing it removes or restores.
    associatedtype Entity: KeyedByID
    /// Sets the thing's `removed` flag, when it exists.
    static func mark(_ state: inout TeamState, id: EntityID<Entity>, removed: Bool)
    var id: EntityID<Entity> { get }
    init(id: EntityID<Entity>)
}

extension RemovalEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r(idKey)] }
    public init?(data: Fields) {
        guard let id: EntityID<Entity> = data.id(Self.idKey) else { return nil }
        self.init(id: id)
    }
    public var data: Fields { [Self.idKey: .string(id.rawValue)] }
    public func fold(into state: inout TeamState, event: Event) { Self.mark(&state, id: id, removed: Self.removes) }
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(Self.opposite, key: Self.idKey, id: id, Compensation.carried(event), undoing: event)
    }
}
