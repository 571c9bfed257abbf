/// Keyed access to a mapping; keys are matched by their scalar text.
struct KeyedNodeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let mapping: Node.Mapping
    var codingPath: [any CodingKey]
    /// First pair wins; the parser already rejects duplicates.
    private let index: [ExactString: Int]

    init(mapping: Node.Mapping, codingPath: [any CodingKey]) {
        self.mapping = mapping
        self.codingPath = codingPath
        var index: [ExactString: Int] = [:]
        index.reserveCapacity(mapping.pairs.count)
        for (i, pair) in mapping.pairs.enumerated() {
            if let text = pair.key.scalarText, index[ExactString(text: text)] == nil { index[ExactString(text: text)] = i }
        }
        self.index = index
    }

    var allKeys: [Key] { mapping.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { index[ExactString(text: key.stringValue)] != nil }

    private func node(for key: Key) throws -> Node {
        guard let i = index[ExactString(text: key.stringValue)] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing key '\(key.stringValue)'"))
        }
        return mapping.pairs[i].value
    }

    private func decoder(for key: Key) throws -> NodeDecoder {
        NodeDecoder(node: try node(for: key), codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try node(for: key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(for: key).unbox(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let node = mapping["super"] ?? .null
        return NodeDecoder(node: node, codingPath: codingPath + [IndexKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: mapping[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

/// Sequential access to a sequence's items.
struct UnkeyedNodeDecoder: UnkeyedDecodingContainer {
    let items: [Node]
    var codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [Node], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func nextDecoder<T>(_ type: T.Type) throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(
                codingPath: codingPath + [IndexKey(intValue: currentIndex)],
                debugDescription: "expected another item, the sequence has only \(items.count)"))
        }
        defer { currentIndex += 1 }
        return NodeDecoder(node: items[currentIndex], codingPath: codingPath + [IndexKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try nextDecoder(type).unbox(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextDecoder(Node.Mapping.self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextDecoder(Node.Sequence.self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try nextDecoder(Node.self)
    }
}

/// A single value: the decoder's own node.
struct SingleNodeDecoder: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.node.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(type)
    }
}
