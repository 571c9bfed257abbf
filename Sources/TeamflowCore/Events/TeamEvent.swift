/// One type of event, declared once: its `data` keys as typed properties, how it is read from
/// and written to the event's `data`, how it folds into the state and how undo takes it back.
/// `EventCatalog.entries` lists every type; the fold table, `EventSchema.table` (doctor's checks)
/// and undo's "can this be undone" all derive from it (see docs/EVENTS.md).
public protocol TeamEvent: Sendable, Equatable {
    /// The type name stored in the event, e.g. `task.added`.
    static var type: String { get }
    /// The catalog entry: each `data` key with its kind and whether it is required.
    static var keys: [EventSchema.Key] { get }
    /// Why `teamflow undo` cannot take this type back; nil when `inverse` answers.
    static var notUndoable: String? { get }
    /// The keys holding multi-line Markdown (a key inside a list of mappings as
    /// `sections.body`): they share `FieldLimits.body`; every other string is a one-line field.
    static var bodyKeys: Set<String> { get }
    /// The fields it sets by last writer wins, for sync's report of superseded edits; no
    /// default, so each type states it next to its fold.
    static var concurrentWrites: ConcurrentWrites { get }
    /// Reads `data` exactly as the folds always have; nil when a required key is missing or
    /// malformed (the fold ignores such an event, `doctor` reports it).
    init?(data: Fields)
    /// The event's `data`, keys in the order they are written.
    var data: Fields { get }
    /// Why the event breaks a rule of its type although its data decodes (a carry into an
    /// earlier week, say); nil when it is valid. Validation is apart from the fold, as
    /// git-bug's operations validate before they apply: the catalog folds only valid events,
    /// undo takes back only valid ones, `doctor` reports the rest, and a command refuses to
    /// write one.
    var invalidReason: String? { get }
    /// Folds the event in; `event` gives its id, clock, time and author.
    func fold(into state: inout TeamState, event: Event)
    /// The compensating event given the state just before `event`, or nil when that state
    /// lacks what the event changed.
    func inverse(of event: Event, before: TeamState) -> EventDraft?
}

extension TeamEvent {
    public static var notUndoable: String? { nil }
    public static var bodyKeys: Set<String> { [] }
    public var invalidReason: String? { nil }
    public func inverse(of event: Event, before: TeamState) -> EventDraft? { nil }
}

extension EventDraft {
    /// The draft of a typed event.
    public init<E: TeamEvent>(_ event: E, summary: String) {
        self.init(type: E.type, data: event.data, summary: summary)
    }
}

/// An optional field of an edit, in its three states: absent (unchanged), `null` (cleared) and
/// a value (set).
public enum Patch<T: Sendable & Equatable>: Sendable, Equatable {
    case unchanged, cleared, set(T)

    /// `nil` clears, a value sets.
    public init(_ value: T?) { self = value.map(Patch.set) ?? .cleared }

    /// Applies the patch to `field`.
    func apply(to field: inout T?) {
        switch self {
        case .unchanged: break
        case .cleared: field = nil
        case .set(let value): field = value
        }
    }
}

extension Fields {
    /// A patch as the folds read one: absent leaves the field, a string sets it, anything
    /// else (`null`, another kind) clears it.
    func patch(_ key: String) -> Patch<String> { patch(key) { $0 } }

    /// A patch whose string is parsed; a string that does not parse clears, as it always has.
    func patch<T>(_ key: String, _ parse: (String) -> T?) -> Patch<T> {
        guard let value = self[key] else { return .unchanged }
        return value.string.flatMap(parse).map(Patch.set) ?? .cleared
    }

    /// The strings of a list (other items skipped); nil when absent or not a list.
    func strings(_ key: String) -> [String]? { self[key]?.list?.compactMap(\.string) }

    /// Writes `value` when it is there.
    mutating func put(_ key: String, _ value: String?) {
        if let value { self[key] = .string(value) }
    }

    /// Writes a patch: nothing when unchanged, `null` when cleared.
    mutating func put<T>(_ key: String, _ patch: Patch<T>, _ text: (T) -> String) {
        switch patch {
        case .unchanged: break
        case .cleared: self[key] = .null
        case .set(let value): self[key] = .string(text(value))
        }
    }

    mutating func put(_ key: String, _ patch: Patch<String>) { put(key, patch) { $0 } }

    /// Writes a list of strings when it is there.
    mutating func put(_ key: String, _ list: [String]?) {
        if let list { self[key] = .list(list.map(Value.string)) }
    }
}

// Ids in payloads: read and written as the strings events store, typed once here.
extension Fields {
    /// The id under `key`, typed for its entity; nil when absent or not a string.
    func id<Entity>(_ key: String) -> EntityID<Entity>? { string(key).map(EntityID.init(rawValue:)) }

    /// A patch of an id (see `patch(_:)`).
    func patch<Entity>(_ key: String) -> Patch<EntityID<Entity>> { patch(key) { EntityID(rawValue: $0) } }

    /// Writes an id when it is there.
    mutating func put<Entity>(_ key: String, _ id: EntityID<Entity>?) { put(key, id?.rawValue) }

    /// The ids of a list (other items skipped); nil when absent or not a list.
    func ids<Entity>(_ key: String) -> [EntityID<Entity>]? { strings(key)?.map(EntityID.init(rawValue:)) }

    /// Writes a list of ids when it is there.
    mutating func put<Entity>(_ key: String, _ list: [EntityID<Entity>]?) { put(key, list?.map(\.rawValue)) }

    /// Writes a patch of an id.
    mutating func put<Entity>(_ key: String, _ patch: Patch<EntityID<Entity>>) { put(key, patch, \.rawValue) }
}
