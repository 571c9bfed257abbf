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

