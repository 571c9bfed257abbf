/// `Node` is Codable so free-form parts of a document (an event's `data`, template values)
/// can be typed as `Node`. `YAMLEncoder`/`YAMLDecoder` embed it as-is (order, styles and
/// marks kept); other coders (JSON) see plain values, with keys by their text.
extension Node: Codable {
    /// Takes the node as-is from `YAMLDecoder`; from other decoders builds it from plain values.
    public init(from decoder: any Decoder) throws {
        if let nodeDecoder = decoder as? NodeDecoder {
            self = nodeDecoder.node
            return
        }
        if let keyed = try? decoder.container(keyedBy: IndexKey.self) {
            self = .mapping(Mapping(pairs: try keyed.allKeys.map { (key: Node($0.stringValue), value: try keyed.decode(Node.self, forKey: $0)) }))
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [Node] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(Node.self)) }
            self = .list(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = Node(b)
        } else if let i = try? single.decode(Int.self) {
            self = Node(i)
        } else if let d = try? single.decode(Double.self) {
            self = Node(d)
        } else {
            self = Node(try single.decode(String.self))
        }
    }

    /// Embeds the node as-is in `YAMLEncoder`; other encoders get plain values.
    public func encode(to encoder: any Encoder) throws {
        if let nodeEncoder = encoder as? NodeEncoder {
            nodeEncoder.ref.content = .node(self)
            return
        }
        switch self {
        case .mapping(let mapping):
            var container = encoder.container(keyedBy: IndexKey.self)
            for pair in mapping.pairs {
                try container.encode(pair.value, forKey: IndexKey(stringValue: pair.key.scalarText ?? YAML.emit(pair.key)))
            }
        case .sequence(let sequence):
            var container = encoder.unkeyedContainer()
            for item in sequence.items { try container.encode(item) }
        case .scalar(let scalar):
            var container = encoder.singleValueContainer()
            switch scalar.resolved {
            case .null: try container.encodeNil()
            case .bool(let b): try container.encode(b)
            case .int(let i?, _): try container.encode(i)
            case .float(let d): try container.encode(d)
            case .int(nil, let text), .string(let text), .other(_, let text): try container.encode(text)
            }
        }
    }
}
