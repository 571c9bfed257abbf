import Foundation
public import TeamflowCore

/// A compact, sequential binary form of the derived state, for the store's cache.
///
/// Codable through keyed containers costs ~1 µs a field; a cache of 50,000 events has
/// ~200,000 fields and must load in a few milliseconds, so every state type writes its
/// fields in a fixed order and reads them back in the same order. The cache file carries a
/// format number: change a type's fields, bump `TeamState.snapshotFormat`. The round-trip
/// test in StateSnapshotTests compares a rich state with its snapshot copy field by field.
public protocol SnapshotCodable {
    func write(to writer: inout SnapshotWriter)
    init(from reader: inout SnapshotReader) throws
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

    @inline(__always)
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

    @inline(__always)
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
        guard count > 0 else { return } // most of a task's arrays (carries, labels, links)
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

extension EntityID: SnapshotCodable {
    // Written as the string it wraps: typing ids changed no byte of the cache.
    public func write(to writer: inout SnapshotWriter) { writer.raw(rawValue) }
    public init(from reader: inout SnapshotReader) throws { self.init(rawValue: try reader.raw()) }
}
