import TeamflowCore
import YAML

/// Converts between event files (YAML documents) and `Event`s.
///
/// The layout of a file is fixed (`v`, `id`, `type`, `at`, `author`, `clock`, the envelope's
/// `undoes` and `batch` when set, `data`, then any unknown keys kept as they came), so the same
/// event always gives the same bytes.
enum EventCodec {
    /// What aliases may add to an event file, in YAML nodes. teamflow never writes aliases;
    /// another writer's few are fine, but a 444-byte alias bomb expanding to 600,000 nodes
    /// (within YAML's general bound) made every cold read of its history take ~1.7 s.
    static let maxAliasExpansion = 10_000

    struct DecodeError: Error {
        var message: String
        var mark: Mark?
    }

    static let knownKeys: Set<String> = ["v", "id", "type", "at", "author", "clock", Event.undoesKey, Event.batchKey, "data"]

    /// The canonical YAML text of an event.
    static func encode(_ event: Event) -> String {
        YAML.emit(node(for: event))
    }

    /// An event's canonical text emitted once, without its id line, so an append can hash the
    /// text with an empty id and store it with the real one: `head + idLine(id) + tail` is
    /// `encode` of the event with that id. (`BlockWriter` writes each top-level pair exactly as
    /// the emitter writes it inside the whole document.)
    struct TextAroundID {
        /// The `v` line.
        var head: String
        /// Every line after the `id` line.
        var tail: String

        init(_ event: Event) {
            let header = EventCodec.header(of: event)
            var writer = BlockWriter()
            for (key, value) in header.prefix(1) { writer.pair(key, value) }
            head = writer.text
            // Data and unknown keys are written entry by entry (a list item at a time), so no
            // tree of the whole event is ever built.
            writer = BlockWriter()
            for (key, value) in header.dropFirst(2) { writer.pair(key, value) }
            EventCodec.write(.map(event.data), key: "data", into: &writer)
            for (key, value) in event.extra { EventCodec.write(value, key: key, into: &writer) }
            tail = writer.text
        }

        /// The `id` line for `id`.
        static func idLine(_ id: String) -> String {
            YAML.emit(.mapping(Node.Mapping(pairs: [(Node("id"), Node(id))])))
        }

        /// The event file's text with `id`.
        func text(id: String) -> String {
            head + TextAroundID.idLine(id) + tail
        }
    }

    static func node(for event: Event) -> Node {
        var pairs = header(of: event).map { (key: Node($0.key), value: $0.value) }
        pairs.append((Node("data"), node(for: event.data)))
        for (key, value) in event.extra { pairs.append((Node(key), node(for: value))) }
        return .mapping(Node.Mapping(pairs: pairs))
    }

    /// The pairs before `data`, in their fixed order (`v` and `id` first).
    static func header(of event: Event) -> [(key: String, value: Node)] {
        var pairs: [(key: String, value: Node)] = [
            ("v", Node(event.version)),
            ("id", Node(event.id)),
            ("type", Node(event.type)),
            ("at", Node(event.at)),
            ("author", .mapping(Node.Mapping(pairs: [
                (Node("name"), Node(event.author.name)),
                (Node("email"), Node(event.author.email)),
            ]))),
            ("clock", Node(event.clock)),
        ]
        if let undoes = event.undoes { pairs.append((Event.undoesKey, Node(undoes))) }
        if let batch = event.batch { pairs.append((Event.batchKey, Node(batch))) }
        return pairs
    }

    /// `key: value` as `node(for:)` would write it inside a mapping, a list item at a time.
    static func write(_ value: Value, key: String, into writer: inout BlockWriter) {
        switch value {
        case .map(let fields) where !fields.isEmpty:
            writer.openMapping(key)
            for (key, value) in fields { write(value, key: key, into: &writer) }
            writer.close()
        case .list(let items) where !items.isEmpty:
            writer.openSequence(key)
            for item in items { writer.item(node(for: item)) }
            writer.close()
        default:
            writer.pair(key, node(for: value))
        }
    }

    static func node(for fields: Fields) -> Node {
        .mapping(Node.Mapping(pairs: fields.map { (Node($0.key), node(for: $0.value)) }))
    }

    static func node(for value: Value) -> Node {
        switch value {
        case .string(let s): return Node(s)
        case .int(let i): return Node(i)
        case .bool(let b): return Node(b)
        case .null: return .null
        case .list(let items): return .sequence(Node.Sequence(items: items.map(node(for:))))
        case .map(let fields): return node(for: fields)
        }
    }

    /// Reads an event from a parsed document, checking every required key.
    static func decode(_ document: Node) throws -> Event {
        guard case .mapping(let map) = document else {
            throw DecodeError(message: "an event must be a mapping", mark: document.mark)
        }
        func required(_ key: String) throws -> Node {
            guard let node = map[key] else {
                throw DecodeError(message: "missing key '\(key)'", mark: map.mark)
            }
            return node
        }
        func string(_ key: String) throws -> String {
            let node = try required(key)
            guard let s = node.string, !s.isEmpty else {
                throw DecodeError(message: "'\(key)' must be a non-empty string", mark: node.mark)
            }
            return s
        }
        let versionNode = try required("v")
        guard let version = versionNode.int, version >= 1 else {
            throw DecodeError(message: "'v' must be a positive integer", mark: versionNode.mark)
        }
        let id = try string("id")
        guard EventID.isValid(id) else {
            throw DecodeError(message: "'id' must be 4-64 characters of 0-9, a-z and '-'", mark: map["id"]?.mark)
        }
        let type = try string("type")
        let at = try string("at")
        guard Timestamp.parse(at) != nil else {
            throw DecodeError(message: "'at' must be an RFC 3339 timestamp with offset", mark: map["at"]?.mark)
        }
        let authorNode = try required("author")
        guard let name = authorNode["name"]?.string, let email = authorNode["email"]?.string else {
            throw DecodeError(message: "'author' must be a mapping with 'name' and 'email'", mark: authorNode.mark)
        }
        let clockNode = try required("clock")
        guard let clock = clockNode.int, Event.isValidClock(clock) else {
            throw DecodeError(message: "'clock' must be an integer from 1 to 2^53 (\(Event.clockLimit))", mark: clockNode.mark)
        }
        // The envelope: ids made by teamflow, so anything else is a corrupt (or hostile) event.
        func envelope(_ key: String) throws -> String? {
            guard let node = map[key] else { return nil }
            guard let text = node.string, node.scalarKind != .null, EventID.isValid(text) else {
                throw DecodeError(message: "'\(key)' must be 4-64 characters of 0-9, a-z and '-'", mark: node.mark)
            }
            return text
        }
        let undoes = try envelope(Event.undoesKey)
        let batch = try envelope(Event.batchKey)
        let dataNode = try required("data")
        guard case .mapping = dataNode else {
            throw DecodeError(message: "'data' must be a mapping", mark: dataNode.mark)
        }
        let extra = map.pairs.compactMap { key, value -> (String, Value)? in
            guard let k = key.string, !knownKeys.contains(k) else { return nil }
            return (k, self.value(of: value))
        }
        return Event(version: version, id: id, type: type, at: at, author: Author(name: name, email: email),
                     clock: clock, undoes: undoes, batch: batch, data: fields(of: dataNode), extra: Fields(extra))
    }

    /// Where an event document's `clock` is an integer above `Event.clockLimit` (or too large
    /// for 64 bits); nil for any other document, valid or not.
    static func oversizedClock(in document: Node) -> Mark? {
        guard let clock = document["clock"] else { return nil }
        let mark = clock.mark ?? Mark(line: 1, column: 1)
        switch clock.scalarKind {
        case .integerOutOfRange: return mark
        case .int: return (clock.int ?? 0) > Event.clockLimit ? mark : nil
        default: return nil
        }
    }

    /// The first value in an event document that teamflow could not store as written: an
    /// integer too large for 64 bits, a tag outside the core schema, a key that is not a
    /// plain string. Floats are not among them: the domain has none, so a float-looking
    /// plain scalar (`10170220887308185e327808`, a YAML 1.1 string) is kept as its text.
    static func unfaithfulValue(in document: Node, textKeys: Set<String> = []) -> DecodeError? {
        func check(_ node: Node) -> DecodeError? {
            switch node {
            case .mapping(let map):
                for (key, value) in map.pairs {
                    guard case .scalar = key, let kind = key.scalarKind, kind != .null else {
                        return DecodeError(message: "a key that is not a plain string cannot be stored", mark: key.mark)
                    }
                    if let problem = check(key) ?? check(value) { return problem }
                }
                return nil
            case .sequence(let seq):
                for item in seq.items { if let problem = check(item) { return problem } }
                return nil
            case .scalar:
                switch node.scalarKind {
                case .integerOutOfRange:
                    return DecodeError(message: "the integer \(node.string ?? "") does not fit in 64 bits; quote it to keep it as text", mark: node.mark)
                case .tagged(let tag):
                    return DecodeError(message: "the tag \(tag) cannot be stored; teamflow keeps strings, integers, booleans and null", mark: node.mark)
                default:
                    return nil
                }
            }
        }
        guard case .mapping(let map) = document else { return nil }
        for (key, value) in map.pairs where key.string.map({ !["v", "id", "type", "at", "clock"].contains($0) }) ?? true {
            if key.string == "data", case .mapping(let data) = value {
                // Keys the schema says are text keep any plain scalar's text as written.
                for (dataKey, dataValue) in data.pairs {
                    if let name = dataKey.string, textKeys.contains(name), dataValue.scalarKind == .integerOutOfRange {
                        if let problem = check(dataKey) { return problem }
                        continue
                    }
                    if let problem = check(dataKey) ?? check(dataValue) { return problem }
                }
                continue
            }
            if let problem = check(value) { return problem }
        }
        return nil
    }

    static func fields(of node: Node) -> Fields {
        guard case .mapping(let map) = node else { return Fields() }
        // All at once: assigning key by key searched the fields so far (quadratic).
        return Fields(map.pairs.map { key, value in (key.string ?? YAML.emit(key), self.value(of: value)) })
    }

    /// A YAML value as the domain sees it; floats and other exotic scalars stay strings.
    static func value(of node: Node) -> Value {
        switch node {
        case .mapping: return .map(fields(of: node))
        case .sequence(let seq): return .list(seq.items.map(value(of:)))
        case .scalar(let scalar):
            if node.isNull { return .null }
            if scalar.style == .plain {
                if let b = node.bool { return .bool(b) }
                if let i = node.int { return .int(i) }
            }
            return .string(scalar.string)
        }
    }
}
