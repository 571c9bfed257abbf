/// Which fields an event type sets by last writer wins, declared by each type beside its fold:
/// what sync reports when two clones set the same field and one value lost (`ConcurrentEdits`).
///
/// Every `TeamEvent` must declare it (there is no default), so a new edit type cannot drop
/// out of sync's report unnoticed: it says `.none` on purpose or names its fields.
public enum ConcurrentWrites: Sendable {
    /// Sets no field by last writer wins: it adds, removes, appends or comments.
    case none
    /// Every `data` key but the thing's id key (`of`), the undo marker and `skipping` is a field
    /// of the thing whose id is under `of`.
    case fields(of: String, skipping: Set<String> = [])
    /// Sets `field` of the thing under `of` to a value fixed by the type (a status change).
    case value(of: String, field: String, String)
    /// Sets `field` of the thing under `of` to the value under the key `from` (`null` when absent).
    case key(of: String, field: String, from: String)
    /// A rule of its own (a wiki page is named by its title, not an id).
    case custom(@Sendable (Fields) -> ConcurrentWrites.Writes?)

    /// What one event sets: the kind of thing, its id, and each field with its value.
    public struct Writes: Sendable {
        public var kind: String
        public var id: String
        public var fields: [(String, Value)]

        public init(kind: String, id: String, fields: [(String, Value)]) {
            self.kind = kind
            self.id = id
            self.fields = fields
        }
    }

    /// The writes of an event with `data`; nil when it sets nothing this way or its id is missing.
    public func writes(_ data: Fields) -> Writes? {
        switch self {
        case .none:
            return nil
        case .fields(let kind, let skipping):
            guard let id = data.string(kind) else { return nil }
            let fields = data.pairs.filter { $0.key != kind && !skipping.contains($0.key) }
            return Writes(kind: kind, id: id, fields: fields.map { ($0.key, $0.value) })
        case .value(let kind, let field, let value):
            return data.string(kind).map { Writes(kind: kind, id: $0, fields: [(field, .string(value))]) }
        case .key(let kind, let field, let key):
            return data.string(kind).map { Writes(kind: kind, id: $0, fields: [(field, data[key] ?? .null)]) }
        case .custom(let rule):
            return rule(data)
        }
    }
}
