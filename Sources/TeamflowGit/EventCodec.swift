import TeamflowCore
import YAML

/// Converts between event files (YAML documents) and `Event`s.
///
/// The layout of a file is fixed (`v`, `id`, `type`, `at`, `author`, `clock`, `data`, then any
/// unknown keys kept as they came), so the same event always gives the same bytes.
enum EventCodec {
    struct DecodeError: Error {
        var message: String
        var mark: Mark?
    }

    static let knownKeys: Set<String> = ["v", "id", "type", "at", "author", "clock", "data"]

    /// The canonical YAML text of an event.
    static func encode(_ event: Event) -> String {
        YAML.emit(node(for: event))
    }

    static func node(for event: Event) -> Node {
        var pairs: [(key: Node, value: Node)] = [
            (Node("v"), Node(event.version)),
            (Node("id"), Node(event.id)),
            (Node("type"), Node(event.type)),
            (Node("at"), Node(event.at)),
            (Node("author"), .mapping(Node.Mapping(pairs: [
                (Node("name"), Node(event.author.name)),
                (Node("email"), Node(event.author.email)),
            ]))),
            (Node("clock"), Node(event.clock)),
            (Node("data"), node(for: event.data)),
        ]
        for (key, value) in event.extra { pairs.append((Node(key), node(for: value))) }
        return .mapping(Node.Mapping(pairs: pairs))
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
        guard let clock = clockNode.int, clock >= 1 else {
            throw DecodeError(message: "'clock' must be an integer >= 1", mark: clockNode.mark)
        }
        let dataNode = try required("data")
        guard case .mapping = dataNode else {
            throw DecodeError(message: "'data' must be a mapping", mark: dataNode.mark)
        }
        let extra = map.pairs.compactMap { key, value -> (String, Value)? in
            guard let k = key.string, !knownKeys.contains(k) else { return nil }
            return (k, self.value(of: value))
        }
        return Event(version: version, id: id, type: type, at: at, author: Author(name: name, email: email),
                     clock: clock, data: fields(of: dataNode), extra: Fields(extra))
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
