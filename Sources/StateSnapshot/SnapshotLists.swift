import TeamflowCore

/// The lists at the end of a table's snapshot: for each `IndexKey` its entities are listed
/// under (`IndexedEntity`), the positions of those entries, so a board reads its own entries
/// instead of decoding the whole table.
///
/// Layout: the lists' length in bytes (4), how many lists (varint), then per list its
/// dimension (varint), its text (an optional string: none for the catch-all), how many
/// positions (varint) and the positions, ascending, as little-endian `UInt32`s. Lists are in
/// the order of (dimension, text bytes), so one state always gives the same bytes.
///
/// Reading checks every bound and every position against the table's count; lists that do not
/// read back whole are not used (the table is scanned instead), never trusted in part.
struct SnapshotLists {
    /// Whether the entities have keys at all (otherwise the lists stay empty).
    let indexed: Bool
    private var positions: [IndexKey: [Int]] = [:]

    init(indexed: Bool) {
        self.indexed = indexed
    }

    /// Lists `entity` at `slot` under each of its keys.
    mutating func add<Entity>(_ entity: Entity, at slot: Int) {
        guard indexed, let entity = entity as? any IndexedEntity else { return }
        for key in entity.indexKeys { positions[key, default: []].append(slot) }
    }

    /// Adds the lists of the snapshot being extended, each position moved to `slotOf[position]`
    /// (dropped where that is -1: an entry changed or removed since, listed by its new keys).
    mutating func add(_ lists: [(key: IndexKey, positions: [Int])], movedTo slotOf: [Int]) {
        for (key, old) in lists {
            var moved: [Int] = []
            moved.reserveCapacity(old.count)
            for position in old where position < slotOf.count && slotOf[position] >= 0 { moved.append(slotOf[position]) }
            if !moved.isEmpty { positions[key, default: []].append(contentsOf: moved) }
        }
    }

    func write(to w: inout SnapshotWriter) {
        let length = w.placeholder()
        let keys = positions.keys.sorted { a, b in
            if a.dimension != b.dimension { return a.dimension.rawValue < b.dimension.rawValue }
            guard let x = a.text else { return b.text != nil }
            guard let y = b.text else { return false }
            return StoredEntries<TeamTask>.precedes(x, y)
        }
        w.varint(UInt64(keys.count))
        for key in keys {
            let list = (positions[key] ?? []).sorted()
            w.varint(UInt64(key.dimension.rawValue))
            w.write(key.text)
            w.varint(UInt64(list.count))
            w.body.reserveCapacity(w.body.count + list.count * 4)
            for position in list {
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: position).littleEndian) { w.body.append(contentsOf: $0) }
            }
        }
        w.patch(w.body.count - length - 4, at: length)
    }

    /// Moves `reader` past the lists; returns where they lie.
    static func skip(_ reader: inout SnapshotReader) throws -> Range<Int> {
        let length = try reader.u32()
        let start = reader.offset
        try reader.skip(length)
        return start..<reader.offset
    }

    /// One list as stored: its key and where its positions are.
    struct Header {
        let key: IndexKey
        let start: Int
        let count: Int
    }

    /// The lists' keys and where their positions are, every bound checked; nil when damaged.
    /// The caller holds the archive's lock (the keys' strings are made).
    static func headersHoldingLock(in archive: SnapshotArchive, _ range: Range<Int>) -> [Header]? {
        guard !range.isEmpty else { return [] }
        var reader = SnapshotReader(archive: archive, at: range.lowerBound, end: range.upperBound, holdingLock: true)
        do {
            let count = try reader.varint()
            guard count <= UInt64(reader.remaining) else { return nil }
            var headers: [Header] = []
            headers.reserveCapacity(Int(count))
            for _ in 0..<Int(count) {
                guard let dimension = IndexKey.Dimension(rawValue: UInt8(truncatingIfNeeded: try reader.varint())) else {
                    return nil
                }
                let text = try reader.read(String?.self)
                let n = try reader.varint()
                guard n <= UInt64(reader.remaining / 4) else { return nil }
                headers.append(Header(key: IndexKey(dimension, text), start: reader.offset, count: Int(n)))
                try reader.skip(Int(n) * 4)
            }
            return reader.isAtEnd ? headers : nil
        } catch {
            return nil
        }
    }

    /// The positions of `header`'s list, each checked to be below `entries` and above the one
    /// before; nil when one is not.
    static func positions(of header: Header, in archive: SnapshotArchive, entries: Int) -> [Int]? {
        var out: [Int] = []
        out.reserveCapacity(header.count)
        var previous = -1
        for i in 0..<header.count {
            let position = Int(archive.base.loadUnaligned(fromByteOffset: header.start + i * 4, as: UInt32.self).littleEndian)
            guard position < entries, position > previous else { return nil }
            out.append(position)
            previous = position
        }
        return out
    }
}
