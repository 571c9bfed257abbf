import Foundation

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

    @inline(__always)
    public mutating func read<T: SnapshotCodable>(_ type: T.Type = T.self) throws -> T { try T(from: &self) }

    @inline(__always)
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
