import Foundation

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
    private var table: InternTable
    /// The snapshot being extended, whose strings come first.
    let base: SnapshotArchive?
    private let baseCount: Int

    public init() {
        base = nil
        baseCount = 0
        body.reserveCapacity(1 << 20)
        table = InternTable(first: 0, capacity: 1 << 16)
    }

    /// A writer whose string table starts with `archive`'s (which must have a valid table).
    public init(extending archive: SnapshotArchive) {
        base = archive.bodyStart == nil ? nil : archive
        baseCount = base == nil ? 0 : archive.stringCount
        body.reserveCapacity(archive.count)
        table = InternTable(first: baseCount, capacity: 1 << 8)
    }

    /// The finished snapshot: the string table (see `SnapshotArchive`), then the values.
    public var bytes: [UInt8] {
        var blob: [UInt8] = []
        var offsets: [UInt32] = []
        offsets.reserveCapacity(baseCount + table.strings.count + 1)
        var baseBlob = UnsafeRawBufferPointer(start: nil, count: 0)
        if let base {
            baseBlob = base.stringBlob
            for i in 0...baseCount { offsets.append(base.stringOffset(i)) }
        } else {
            offsets.append(0)
        }
        let shift = UInt32(truncatingIfNeeded: baseBlob.count)
        for string in table.strings {
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
        table.intern(string)
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

/// The writer's string table: an open-addressing hash table of string indices that keeps
/// each string's full 64-bit hash beside its index, so a lookup hashes the bytes once (an
/// insertion reuses the hash) and compares bytes only where the hashes agree.
///
/// A `[ExactString: Int]` did two lookups per new string and compared bytes at every probe:
/// a third of a cold rebuild's snapshot encoding (222,000 lookups at 50,000 events). The hash
/// is still `Hasher` (SipHash, seeded per process): titles come from teammates' events, and an
/// unseeded hash would let crafted titles collide and make the encode quadratic.
struct InternTable {
    /// The strings added, in order; the first has index `first`.
    private(set) var strings: [String] = []
    private let first: Int
    /// Slot contents: the string's position in `strings` + 1 (0: empty) and its hash.
    private var positions: [Int32] = []
    private var hashes: [UInt64] = []
    private var mask = 0

    /// A table whose strings are numbered from `first`, sized for `capacity` strings.
    init(first: Int, capacity: Int) {
        self.first = first
        strings.reserveCapacity(capacity)
        var size = 16
        while size < capacity * 2 { size *= 2 }
        resize(to: size)
    }

    /// The string's index, adding it on first use.
    mutating func intern(_ string: String) -> Int {
        var string = string
        let hash = string.withUTF8 { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return UInt64(truncatingIfNeeded: hasher.finalize())
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while positions[slot] != 0 {
            let position = Int(positions[slot]) - 1
            if hashes[slot] == hash, InternTable.same(strings[position], &string) { return first + position }
            slot = (slot + 1) & mask
        }
        positions[slot] = Int32(truncatingIfNeeded: strings.count + 1)
        hashes[slot] = hash
        strings.append(string)
        // At most half full: probes stay short (a miss walks to the next empty slot).
        if strings.count * 2 > positions.count { resize(to: positions.count * 2) }
        return first + strings.count - 1
    }

    private mutating func resize(to size: Int) {
        let (oldPositions, oldHashes) = (positions, hashes)
        positions = [Int32](repeating: 0, count: size)
        hashes = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for (position, hash) in zip(oldPositions, oldHashes) where position != 0 {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while positions[slot] != 0 { slot = (slot + 1) & mask }
            positions[slot] = position
            hashes[slot] = hash
        }
    }

    private static func same(_ held: String, _ string: inout String) -> Bool {
        var held = held
        return held.withUTF8 { a in
            string.withUTF8 { b in
                guard a.count == b.count else { return false }
                guard let p = a.baseAddress, let q = b.baseAddress else { return true } // both empty
                return memcmp(p, q, a.count) == 0
            }
        }
    }
}
