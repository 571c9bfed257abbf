import Foundation

/// Decodes values written by `BinaryEncoder`; any mismatch throws (the cache is then rebuilt).
struct BinaryDecoder {
    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let reader = BinaryReader(bytes: bytes)
        return try BinaryValueDecoder.read(type, reader: reader, at: 0, codingPath: [])
    }
}

/// The `Decoder` positioned at one value.
struct BinaryValueDecoder: Decoder {
    let reader: BinaryReader
    let offset: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Reads one value, with fast paths for the primitives the state uses most.
    static func read<T: Decodable>(_ type: T.Type, reader: BinaryReader, at offset: Int, codingPath: [any CodingKey]) throws -> T {
        if type == String.self, let s = try readString(reader, offset) as? T { return s }
        if type == Int.self, let i = Int(exactly: try readInt(reader, offset)) as? T { return i }
        if type == Bool.self, let b = try readBool(reader, offset) as? T { return b }
        return try T(from: BinaryValueDecoder(reader: reader, offset: offset, codingPath: codingPath))
    }

    static func readString(_ reader: BinaryReader, _ at: Int) throws -> String {
        guard try reader.byte(at) == BinaryTag.string else { throw mismatch("a string", at) }
        return reader.string(in: try reader.rawString(at + 1).0)
    }

    static func readInt(_ reader: BinaryReader, _ at: Int) throws -> Int64 {
        guard try reader.byte(at) == BinaryTag.int else { throw mismatch("an integer", at) }
        let raw = try reader.varint(at + 1).0
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    static func readBool(_ reader: BinaryReader, _ at: Int) throws -> Bool {
        switch try reader.byte(at) {
        case BinaryTag.yes: return true
        case BinaryTag.no: return false
        default: throw mismatch("a bool", at)
        }
    }

    static func mismatch(_ expected: String, _ at: Int) -> BinaryDecodingError {
        BinaryDecodingError(message: "expected \(expected) at \(at)")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try UnkeyedContainer(decoder: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    /// Entries of a keyed container: key bytes and value offset, found by one scan.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: BinaryValueDecoder
        let entries: [(key: Range<Int>, value: Int)]
        /// For large containers (dictionaries), a hash index instead of a linear scan.
        let index: [String: Int]?
        var codingPath: [any CodingKey] { decoder.codingPath }

        init(decoder: BinaryValueDecoder) throws {
            self.decoder = decoder
            let reader = decoder.reader
            let at = decoder.offset
            guard try reader.byte(at) == BinaryTag.keyed else { throw mismatch("a keyed container", at) }
            let end = at + 5 + (try reader.u32(at + 1))
            let count = try reader.u32(at + 5)
            var entries: [(key: Range<Int>, value: Int)] = []
            entries.reserveCapacity(min(count, 1 << 20))
            var cursor = at + 9
            for _ in 0..<count {
                let (key, valueStart) = try reader.rawString(cursor)
                entries.append((key, valueStart))
                cursor = try reader.skip(valueStart)
                guard cursor <= end else { throw mismatch("an entry inside its container", cursor) }
            }
            self.entries = entries
            if entries.count > 16 {
                var index: [String: Int] = [:]
                index.reserveCapacity(entries.count)
                for entry in entries { index[reader.string(in: entry.key)] = entry.value }
                self.index = index
            } else {
                self.index = nil
            }
        }

        var allKeys: [Key] {
            if let index { return index.keys.compactMap { Key(stringValue: $0) } }
            return entries.compactMap { Key(stringValue: decoder.reader.string(in: $0.key)) }
        }

        private func find(_ key: Key) -> Int? {
            if let index { return index[key.stringValue] }
            var name = key.stringValue
            return name.withUTF8 { utf8 in
                decoder.reader.bytes.withUnsafeBufferPointer { bytes in
                    for entry in entries where entry.key.count == utf8.count
                        && memcmp(bytes.baseAddress! + entry.key.lowerBound, utf8.baseAddress!, utf8.count) == 0 {
                        return entry.value
                    }
                    return nil
                }
            }
        }

        private func offset(_ key: Key) throws -> Int {
            guard let at = find(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing in state cache"))
            }
            return at
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            try decoder.reader.byte(try offset(key)) == BinaryTag.null
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try BinaryValueDecoder.read(type, reader: decoder.reader, at: try offset(key), codingPath: [])
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let at = find(key), try decoder.reader.byte(at) != BinaryTag.null else { return nil }
            return try BinaryValueDecoder.read(type, reader: decoder.reader, at: at, codingPath: [])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try BinaryValueDecoder(reader: decoder.reader, offset: try offset(key), codingPath: []).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try BinaryValueDecoder(reader: decoder.reader, offset: try offset(key), codingPath: []).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: BinaryValueDecoder
        let count: Int?
        var currentIndex = 0
        var cursor: Int
        var codingPath: [any CodingKey] { decoder.codingPath }
        var isAtEnd: Bool { currentIndex >= (count ?? 0) }

        init(decoder: BinaryValueDecoder) throws {
            self.decoder = decoder
            guard try decoder.reader.byte(decoder.offset) == BinaryTag.unkeyed else { throw mismatch("an unkeyed container", decoder.offset) }
            count = try decoder.reader.u32(decoder.offset + 5)
            cursor = decoder.offset + 9
        }

        private mutating func next() throws -> Int {
            guard !isAtEnd else { throw BinaryDecodingError(message: "read past the end of a list") }
            let at = cursor
            cursor = try decoder.reader.skip(at)
            currentIndex += 1
            return at
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, try decoder.reader.byte(cursor) == BinaryTag.null else { return false }
            _ = try next()
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try BinaryValueDecoder.read(type, reader: decoder.reader, at: try next(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try BinaryValueDecoder(reader: decoder.reader, offset: try next(), codingPath: codingPath).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try BinaryValueDecoder(reader: decoder.reader, offset: try next(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { decoder }
    }

    struct SingleContainer: SingleValueDecodingContainer {
        let decoder: BinaryValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var reader: BinaryReader { decoder.reader }
        var at: Int { decoder.offset }

        func decodeNil() -> Bool { (try? reader.byte(at)) == BinaryTag.null }
        func decode(_ type: Bool.Type) throws -> Bool { try readBool(reader, at) }
        func decode(_ type: String.Type) throws -> String { try readString(reader, at) }
        func decode(_ type: Double.Type) throws -> Double {
            guard try reader.byte(at) == BinaryTag.double else { throw mismatch("a double", at) }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(try reader.byte(at + 1 + i)) << (8 * UInt64(i)) }
            return Double(bitPattern: bits)
        }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try readInt(reader, at) }
        func decode(_ type: UInt.Type) throws -> UInt { UInt(truncatingIfNeeded: UInt64(bitPattern: try readInt(reader, at))) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { UInt64(bitPattern: try readInt(reader, at)) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try BinaryValueDecoder.read(type, reader: reader, at: at, codingPath: codingPath)
        }

        private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            guard let value = I(exactly: try readInt(reader, at)) else { throw mismatch("a \(I.self)", at) }
            return value
        }
    }
}
