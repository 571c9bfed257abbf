/// The shape of each known event type's `data`: which keys it needs and what kind of value
/// each holds (see `docs/EVENTS.md`). Folds ignore an event whose data does not fit; `doctor`
/// uses this table to say so instead of staying silent. Unknown types and keys are not checked.
public enum EventSchema {
    /// What a `data` value must be.
    public enum Kind: Sendable, Equatable {
        case string, int, bool, list

        func admits(_ value: Value) -> Bool {
            switch (self, value) {
            case (.string, .string), (.int, .int), (.bool, .bool), (.list, .list): return true
            default: return false
            }
        }

        var noun: String {
            switch self {
            case .string: return "a string"
            case .int: return "an integer"
            case .bool: return "true or false"
            case .list: return "a list"
            }
        }
    }

    /// One key: required keys must be present and not null; optional ones may be null (undo
    /// writes `null` for "there was none").
    public struct Key: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        public var required: Bool
    }

    /// What is wrong with `event`'s data, one sentence per problem; empty when it fits (or
    /// the type is unknown).
    public static func problems(in event: Event) -> [String] {
        guard let keys = table[event.type] else { return [] }
        var problems: [String] = []
        for key in keys + Self.legacyEnvelope {
            guard let value = event.data[key.name], value != .null else {
                if key.required { problems.append("\(event.type) needs data.\(key.name) (\(key.kind.noun))") }
                continue
            }
            if !key.kind.admits(value) { problems.append("data.\(key.name) of \(event.type) must be \(key.kind.noun)") }
        }
        return problems
    }

    /// The envelope keys teamflow 0.4 and earlier wrote inside `data`: allowed there, as strings.
    static let legacyEnvelope = [Event.undoesKey, Event.batchKey].map { Key(name: $0, kind: .string, required: false) }

    static func r(_ name: String, _ kind: Kind = .string) -> Key { Key(name: name, kind: kind, required: true) }
    static func o(_ name: String, _ kind: Kind = .string) -> Key { Key(name: name, kind: kind, required: false) }

    /// The catalog, type by type: derived from `EventCatalog`, never listed twice.
    public static let table: [String: [Key]] = EventCatalog.byType.mapValues(\.keys)
}
