/// Encodes `Encodable` values into the binary form described in `BinaryFormat.swift`.
struct BinaryEncoder {
    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = BinaryWriter()
        try BinaryValueEncoder.write(value, to: writer, codingPath: [])
        return writer.bytes
    }
}

/// The `Encoder` handed to one value; it finalises the container the value opened.
final class BinaryValueEncoder: Encoder {
    let writer: BinaryWriter
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The container opened by the value (patched when the value is done), if any.
    var opened: (at: Int, counter: Counter)?

    final class Counter { var count = 0 }

    init(writer: BinaryWriter, codingPath: [any CodingKey]) {
        self.writer = writer
        self.codingPath = codingPath
    }

    /// Writes one value, with fast paths for primitives, and closes its container.
    static func write<T: Encodable>(_ value: T, to writer: BinaryWriter, codingPath: [any CodingKey]) throws {
        switch value {
        case let v as String: writer.string(v)
        case let v as Int: writer.int(Int64(v))
        case let v as Bool: writer.bytes.append(v ? BinaryTag.yes : BinaryTag.no)
        case let v as Double: writer.double(v)
        default:
            let encoder = BinaryValueEncoder(writer: writer, codingPath: codingPath)
            try value.encode(to: encoder)
            if let opened = encoder.opened {
                writer.close(at: opened.at, count: opened.counter.count)
            } else if writer.bytes.isEmpty {
                writer.bytes.append(BinaryTag.null)
            }
        }
    }

    private func open(_ tag: UInt8) -> Counter {
        if let opened { return opened.counter }
        let counter = Counter()
        opened = (writer.open(tag), counter)
        return counter
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, counter: open(BinaryTag.keyed)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, counter: open(BinaryTag.unkeyed))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: BinaryValueEncoder
        let counter: Counter
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func key(_ key: Key) {
            counter.count += 1
            encoder.writer.rawString(key.stringValue)
        }

        mutating func encodeNil(forKey k: Key) throws {
            key(k)
            encoder.writer.bytes.append(BinaryTag.null)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey k: Key) throws {
            key(k)
            try BinaryValueEncoder.write(value, to: encoder.writer, codingPath: [])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey k: Key) -> KeyedEncodingContainer<NestedKey> {
            key(k)
            return BinaryValueEncoder(writer: encoder.writer, codingPath: []).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer(forKey k: Key) -> any UnkeyedEncodingContainer {
            key(k)
            return BinaryValueEncoder(writer: encoder.writer, codingPath: []).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: BinaryValueEncoder
        let counter: Counter
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { counter.count }

        mutating func encodeNil() throws {
            counter.count += 1
            encoder.writer.bytes.append(BinaryTag.null)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            counter.count += 1
            try BinaryValueEncoder.write(value, to: encoder.writer, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            counter.count += 1
            return BinaryValueEncoder(writer: encoder.writer, codingPath: codingPath).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            counter.count += 1
            return BinaryValueEncoder(writer: encoder.writer, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct SingleContainer: SingleValueEncodingContainer {
        let encoder: BinaryValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.writer.bytes.append(BinaryTag.null) }
        mutating func encode(_ value: Bool) throws { encoder.writer.bytes.append(value ? BinaryTag.yes : BinaryTag.no) }
        mutating func encode(_ value: String) throws { encoder.writer.string(value) }
        mutating func encode(_ value: Double) throws { encoder.writer.double(value) }
        mutating func encode(_ value: Float) throws { encoder.writer.double(Double(value)) }
        mutating func encode(_ value: Int) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: Int8) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: Int16) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: Int32) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { encoder.writer.int(value) }
        mutating func encode(_ value: UInt) throws { encoder.writer.int(Int64(bitPattern: UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.writer.int(Int64(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.writer.int(Int64(bitPattern: value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try BinaryValueEncoder.write(value, to: encoder.writer, codingPath: codingPath)
        }
    }
}
