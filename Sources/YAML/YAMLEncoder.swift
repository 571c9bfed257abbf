import Foundation
internal import Timestamps

/// Encodes `Encodable` values as YAML (or as a `Node`).
///
/// Keys keep their encoding order; `nil` optionals encoded with `encodeIfPresent` (the
/// synthesised default) are left out, explicit `encodeNil` writes `null`. Dates become
/// RFC 3339 strings in UTC; a `Node` property is embedded as-is.
public struct YAMLEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes `value` as one YAML document.
    public func encode<T: Encodable>(_ value: T) throws -> String {
        YAML.emit(try encodeNode(value))
    }

    /// Encodes `value` into a `Node` tree.
    public func encodeNode<T: Encodable>(_ value: T) throws -> Node {
        let root = EncodingRef()
        try root.store(value, path: [])
        return root.node
    }
}

/// A node under construction; containers hand out child references so nested
/// containers can fill them later (Codable's container model needs reference semantics).
final class EncodingRef {
    enum Content {
        case empty
        case node(Node)
        case mapping(keys: [String], values: [EncodingRef], index: [String: Int])
        case sequence([EncodingRef])
    }

    var content: Content = .empty

    var node: Node {
        switch content {
        case .empty: return .null
        case .node(let node): return node
        case let .mapping(keys, values, _):
            return .mapping(Node.Mapping(pairs: zip(keys, values).map { (key: Node($0.0), value: $0.1.node) }))
        case .sequence(let items): return .sequence(Node.Sequence(items: items.map(\.node)))
        }
    }

    /// Encodes a value into this reference, short-cutting primitives and special types.
    func store<T: Encodable>(_ value: T, path: [any CodingKey]) throws {
        switch value {
        case let node as Node: content = .node(node)
        case let string as String: content = .node(Node(string))
        case let bool as Bool: content = .node(Node(bool))
        case let double as Double: content = .node(Node(double))
        case let float as Float: content = .node(Node(Double("\(float)") ?? Double(float)))
        case let date as Date: content = .node(Node(RFC3339.format(date, timeZone: RFC3339.utc, fractionalSeconds: true)))
        case let url as URL: content = .node(Node(url.absoluteString))
        default:
            if let integer = value as? any BinaryInteger {
                content = .node(.scalar(Node.Scalar(string: "\(integer)")))
            } else {
                try value.encode(to: NodeEncoder(ref: self, codingPath: path))
            }
        }
    }

    /// The child for `key`, created (or replaced) in mapping order.
    func child(forKey key: String) -> EncodingRef {
        var (keys, values, index) = mappingParts()
        let ref = EncodingRef()
        if let i = index[key] {
            values[i] = ref
        } else {
            index[key] = keys.count
            keys.append(key)
            values.append(ref)
        }
        content = .mapping(keys: keys, values: values, index: index)
        return ref
    }

    /// Makes this a mapping if it is not one yet.
    func becomeMapping() {
        if case .mapping = content { return }
        content = .mapping(keys: [], values: [], index: [:])
    }

    private func mappingParts() -> ([String], [EncodingRef], [String: Int]) {
        if case let .mapping(keys, values, index) = content { return (keys, values, index) }
        return ([], [], [:])
    }

    /// Appends a new item, making this a sequence if it is not one yet.
    func appendChild() -> EncodingRef {
        var items: [EncodingRef] = []
        if case .sequence(let existing) = content { items = existing }
        let ref = EncodingRef()
        items.append(ref)
        content = .sequence(items)
        return ref
    }

    func becomeSequence() {
        if case .sequence = content { return }
        content = .sequence([])
    }

    var count: Int {
        if case .sequence(let items) = content { return items.count }
        return 0
    }
}

struct NodeEncoder: Encoder {
    let ref: EncodingRef
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        ref.becomeMapping()
        return KeyedEncodingContainer(KeyedNodeEncoder<Key>(ref: ref, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ref.becomeSequence()
        return UnkeyedNodeEncoder(ref: ref, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeEncoder(ref: ref, codingPath: codingPath)
    }
}

struct KeyedNodeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let ref: EncodingRef
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        ref.child(forKey: key.stringValue).content = .node(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try ref.child(forKey: key.stringValue).store(value, path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = ref.child(forKey: key.stringValue)
        child.becomeMapping()
        return KeyedEncodingContainer(KeyedNodeEncoder<NestedKey>(ref: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = ref.child(forKey: key.stringValue)
        child.becomeSequence()
        return UnkeyedNodeEncoder(ref: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(ref: ref.child(forKey: "super"), codingPath: codingPath + [IndexKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(ref: ref.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedNodeEncoder: UnkeyedEncodingContainer {
    let ref: EncodingRef
    var codingPath: [any CodingKey]
    var count: Int { ref.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    mutating func encodeNil() throws { ref.appendChild().content = .node(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try ref.appendChild().store(value, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = ref.appendChild()
        child.becomeMapping()
        return KeyedEncodingContainer(KeyedNodeEncoder<NestedKey>(ref: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = ref.appendChild()
        child.becomeSequence()
        return UnkeyedNodeEncoder(ref: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(ref: ref.appendChild(), codingPath: path)
    }
}

struct SingleNodeEncoder: SingleValueEncodingContainer {
    let ref: EncodingRef
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { ref.content = .node(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try ref.store(value, path: codingPath)
    }
}

/// A coding key for sequence positions and synthetic keys such as `super`.
struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
