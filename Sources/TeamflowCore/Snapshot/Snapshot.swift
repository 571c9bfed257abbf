import Foundation

/// A compact, sequential binary form of the derived state, for the store's cache.
///
/// Codable through keyed containers costs ~1 µs a field; a cache of 50,000 events has
/// ~200,000 fields and must load in a few milliseconds, so every state type writes its
/// fields in a fixed order and reads them back in the same order. The cache file carries a
/// format number: change a type's fields, bump `TeamState.snapshotFormat`. The round-trip
/// test in TeamflowCoreTests compares a rich state with its snapshot copy field by field.
public protocol SnapshotCodable {
    func write(to writer: inout SnapshotWriter)
    init(from reader: inout SnapshotReader) throws
}

/// Appends values to a byte buffer.
///
/// Strings are interned: each distinct string is stored once in a table at the front and
/// referenced by index, so a history's thousands of repeated member, epic and week values
/// (and every id, which is both a dictionary key and a field) cost one allocation to read.
///
/// A writer may extend an earlier snapshot (`init(extending:)`): its string table is kept
/// whole as the prefix of the new one, so the entries of a table read from that snapshot and
/// not changed since are copied as bytes, neither decoded nor encoded again.
public struct SnapshotWriter {
    var body: [UInt8] = []
    /// Keyed by the exact UTF-8 bytes: String equality (and hashing) is by canonical
    /// equivalence, which would merge an NFD name into an equal NFC one and costs a
    /// normalisation per non-ASCII string.
    private var table: [ExactString: Int] = [:]
    private var strings: [String] = []
    /// The snapshot being extended, whose strings come first.
    let base: SnapshotArchive?
    private let baseCount: Int

    public init() {
        base = nil
        baseCount = 0
        body.reserveCapacity(1 << 20)
        table.reserveCapacity(1 << 16)
        strings.reserveCapacity(1 << 16)
    }

    /// A writer whose string table starts with `archive`'s (which must have a valid table).
    public init(extending archive: SnapshotArchive) {
        base = archive.bodyStart == nil ? nil : archive
        baseCount = base == nil ? 0 : archive.stringCount
        body.reserveCapacity(archive.count)
    }

    /// The finished snapshot: the string table (see `SnapshotArchive`), then the values.
    public var bytes: [UInt8] {
        var blob: [UInt8] = []
        var offsets: [UInt32] = []
        offsets.reserveCapacity(baseCount + strings.count + 1)
        var baseBlob = UnsafeRawBufferPointer(start: nil, count: 0)
        if let base {
            baseBlob = base.stringBlob
            for i in 0...baseCount { offsets.append(base.stringOffset(i)) }
        } else {
            offsets.append(0)
        }
        let shift = UInt32(truncatingIfNeeded: baseBlob.count)
        for string in strings {
            var string = string
            string.withUTF8 { blob.append(contentsOf: $0) }
            offsets.append(shift &+ UInt32(truncatingIfNeeded: blob.count))
        }
        var out: [UInt8] = []
        out.reserveCapacity(4 + offsets.count * 4 + baseBlob.count + blob.count + body.count)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: offsets.count - 1).littleEndian) { out.append(contentsOf: $0) }
        for offset in offsets { withUnsafeBytes(of: offset.littleEndian) { out.append(contentsOf: $0) } }
        out.append(contentsOf: baseBlob)
        out.append(contentsOf: blob)
        out.append(contentsOf: body)
        return out
    }

    public mutating func write<T: SnapshotCodable>(_ value: T) { value.write(to: &self) }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            body.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        body.append(UInt8(v))
    }

    mutating func raw(_ string: String) {
        varint(UInt64(intern(string)))
    }

    /// The string's index in the table, adding it on first use (an extending writer does not
    /// look among the earlier snapshot's strings: a few duplicates cost less than hashing all).
    mutating func intern(_ string: String) -> Int {
        let key = ExactString(string: string)
        if let index = table[key] { return index }
        let index = baseCount + strings.count
        table[key] = index
        strings.append(string)
        return index
    }

    /// Appends four zero bytes to fill in later with `patch(_:at:)`.
    mutating func placeholder() -> Int {
        body.append(contentsOf: [0, 0, 0, 0])
        return body.count - 4
    }

    mutating func patch(_ value: Int, at position: Int) {
        let v = UInt32(truncatingIfNeeded: value)
        body[position] = UInt8(v & 0xFF)
        body[position + 1] = UInt8(v >> 8 & 0xFF)
        body[position + 2] = UInt8(v >> 16 & 0xFF)
        body[position + 3] = UInt8(v >> 24)
    }
}

/// A string compared and hashed by its exact UTF-8 bytes, in one pass each.
struct ExactString: Hashable {
    let string: String

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        var a = lhs.string, b = rhs.string
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress else { return true } // both empty
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}

/// Reads values back, checking every bound: a damaged snapshot throws and is rebuilt.
public struct SnapshotReader {
    public struct Damaged: Error, CustomStringConvertible {
        public var description: String { "the state snapshot is damaged" }
    }

    let archive: SnapshotArchive
    var offset: Int
    let end: Int
    /// Whether the caller holds the archive's lock (lazy decoding of a table entry does).
    private let holdsLock: Bool

    /// A reader of a whole snapshot held in `bytes`.
    public init(bytes: [UInt8]) {
        self.init(archive: SnapshotArchive(bytes: bytes))
    }

    /// A reader of the snapshot in `archive`, from the start of its values; a damaged string
    /// table leaves nothing to read, so the first read throws.
    public init(archive: SnapshotArchive) {
        self.init(archive: archive, at: archive.bodyStart ?? archive.count + 1, end: archive.count, holdingLock: false)
    }

    init(archive: SnapshotArchive, at offset: Int, end: Int, holdingLock: Bool) {
        self.archive = archive
        self.offset = offset
        self.end = end
        holdsLock = holdingLock
    }

    public var isAtEnd: Bool { offset == end }
    var remaining: Int { max(0, end - offset) }

    public mutating func read<T: SnapshotCodable>(_ type: T.Type = T.self) throws -> T { try T(from: &self) }

    mutating func byte() throws -> UInt8 {
        guard offset >= 0, offset < end else { throw Damaged() }
        defer { offset += 1 }
        return archive.base.load(fromByteOffset: offset, as: UInt8.self)
    }

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
            guard shift < 64 else { throw Damaged() }
        }
    }

    mutating func u32() throws -> Int {
        guard offset >= 0, end - offset >= 4 else { throw Damaged() }
        defer { offset += 4 }
        return Int(archive.base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
    }

    /// Moves past `count` bytes.
    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= remaining else { throw Damaged() }
        offset += count
    }

    /// The index of the next string in the table.
    mutating func stringIndex() throws -> Int {
        let index = try varint()
        guard index < UInt64(archive.stringCount) else { throw Damaged() }
        return Int(index)
    }

    mutating func raw() throws -> String {
        let index = try stringIndex()
        return holdsLock ? archive.stringHoldingLock(index) : archive.withLock { archive.stringHoldingLock(index) }
    }
}

extension Int: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) {
        writer.varint(UInt64(bitPattern: Int64((self << 1) ^ (self >> (Int.bitWidth - 1)))))
    }

    public init(from reader: inout SnapshotReader) throws {
        let raw = try reader.varint()
        self = Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }
}

extension String: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) { writer.raw(self) }
    public init(from reader: inout SnapshotReader) throws { self = try reader.raw() }
}

extension Bool: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) { writer.body.append(self ? 1 : 0) }

    public init(from reader: inout SnapshotReader) throws {
        switch try reader.byte() {
        case 0: self = false
        case 1: self = true
        default: throw SnapshotReader.Damaged()
        }
    }
}

extension Optional: SnapshotCodable where Wrapped: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) {
        switch self {
        case .none: writer.body.append(0)
        case .some(let value):
            writer.body.append(1)
            value.write(to: &writer)
        }
    }

    public init(from reader: inout SnapshotReader) throws {
        self = try reader.read(Bool.self) ? .some(try reader.read(Wrapped.self)) : .none
    }
}

extension Array: SnapshotCodable where Element: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) {
        count.write(to: &writer)
        for element in self { element.write(to: &writer) }
    }

    public init(from reader: inout SnapshotReader) throws {
        let count = try reader.read(Int.self)
        guard count >= 0, count <= reader.remaining else { throw SnapshotReader.Damaged() }
        self.init()
        reserveCapacity(count)
        for _ in 0..<count { append(try reader.read(Element.self)) }
    }
}

extension Dictionary: SnapshotCodable where Key == String, Value: SnapshotCodable {
    /// Entries are written in the dictionary's own order: the cache needs equal states, not
    /// equal bytes, and sorting 30,000 keys on every write costs more than the write.
    public func write(to writer: inout SnapshotWriter) {
        count.write(to: &writer)
        for (key, value) in self {
            key.write(to: &writer)
            value.write(to: &writer)
        }
    }

    public init(from reader: inout SnapshotReader) throws {
        let count = try reader.read(Int.self)
        guard count >= 0, count <= reader.remaining else { throw SnapshotReader.Damaged() }
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let key = try reader.read(String.self)
            self[key] = try reader.read(Value.self)
        }
    }
}

extension Day: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) {
        (year * 10_000 + month * 100 + day).write(to: &writer)
    }

    public init(from reader: inout SnapshotReader) throws {
        let packed = try reader.read(Int.self)
        guard let day = Day(year: packed / 10_000, month: packed / 100 % 100, day: packed % 100) else {
            throw SnapshotReader.Damaged()
        }
        self = day
    }
}

extension WorkStatus: SnapshotCodable {
    public func write(to writer: inout SnapshotWriter) { rawValue.write(to: &writer) }

    public init(from reader: inout SnapshotReader) throws {
        guard let status = WorkStatus(rawValue: try reader.read(String.self)) else { throw SnapshotReader.Damaged() }
        self = status
    }
}
