import Foundation

/// The entities of one kind by key (an id, or a wiki page's key): a dictionary whose entries,
/// when the table was read from a snapshot, are decoded on first use.
///
/// A command that checks one task out of twenty thousand then decodes a handful of tasks
/// instead of all of them. Entries read from the snapshot stay in `stored` (sorted by the
/// keys' UTF-8 bytes, so a key or an id prefix is a binary search); entries added or changed
/// since live in `changes` and shadow their stored copies. Keys compare like `String`s
/// (canonical equivalence), exactly as the dictionary this replaces did.
public struct EntityTable<Entity: SnapshotCodable & Sendable & Equatable>: Sendable {
    private var stored: StoredEntries<Entity>?
    private var changes: [String: Entity] = [:]
    /// Stored entries that `changes` replaced or that were removed.
    private var shadowed: Set<Int> = []

    public init() {}

    public subscript(key: String) -> Entity? {
        get {
            if let entity = changes[key] { return entity }
            guard let stored, let index = stored.index(of: key), !shadowed.contains(index) else { return nil }
            return stored.entity(at: index)
        }
        _modify {
            if let stored, changes[key] == nil, let index = stored.index(of: key), !shadowed.contains(index) {
                shadowed.insert(index)
                changes[key] = stored.entity(at: index)
            }
            yield &changes[key]
        }
    }

    public var count: Int { (stored?.count ?? 0) - shadowed.count + changes.count }
    public var isEmpty: Bool { count == 0 }

    /// Every entity: stored ones in key order, then changed ones.
    public var values: [Entity] {
        var out = stored?.all(skipping: shadowed) ?? []
        out.append(contentsOf: changes.values)
        return out
    }

    /// The entities `isIncluded` keeps, in the order of `values`. Cheaper than filtering
    /// `values`: a stored entity that is not kept is never copied.
    public func values(where isIncluded: (Entity) throws -> Bool) rethrows -> [Entity] {
        var out: [Entity] = []
        try stored?.forEach(skipping: shadowed) { if try isIncluded($0) { out.append($0) } }
        for entity in changes.values where try isIncluded(entity) { out.append(entity) }
        return out
    }

    public var keys: [String] { map(\.key) }

    /// Some entry, as `Dictionary.first` gives (without decoding the others).
    public var first: (key: String, value: Entity)? {
        if let (key, entity) = changes.first { return (key, entity) }
        guard let stored else { return nil }
        for index in 0..<stored.count where !shadowed.contains(index) {
            if let entity = stored.entity(at: index) { return (stored.key(index), entity) }
        }
        return nil
    }

    /// Entities whose key starts with `prefix` (compared by UTF-8 bytes, as ids are ASCII).
    public func entries(withKeyPrefix prefix: String) -> [Entity] {
        var out: [Entity] = []
        if let stored {
            for index in stored.indices(withKeyPrefix: prefix) where !shadowed.contains(index) {
                if let entity = stored.entity(at: index) { out.append(entity) }
            }
        }
        for (key, entity) in changes where key.utf8.starts(with: prefix.utf8) { out.append(entity) }
        return out
    }
}

extension EntityTable where Entity: SnapshotTitled {
    /// Entities whose title passes `mayMatch` on its raw UTF-8 bytes; the others are never
    /// decoded. `mayMatch` is a prefilter: callers check what it lets through.
    public func entries(whereTitleBytes mayMatch: (UnsafeRawBufferPointer) -> Bool) -> [Entity] {
        var out: [Entity] = []
        if let stored {
            for index in 0..<stored.count where !shadowed.contains(index) {
                guard let title = stored.titleBytes(at: index), mayMatch(title),
                      let entity = stored.entity(at: index) else { continue }
                out.append(entity)
            }
        }
        for entity in changes.values {
            var title = entity.title
            if title.withUTF8({ mayMatch(UnsafeRawBufferPointer($0)) }) { out.append(entity) }
        }
        return out
    }
}

/// An entity whose snapshot record starts with its id, then its title (or name), both
/// strings: a table can then test titles without decoding whole entities.
public protocol SnapshotTitled: SnapshotCodable {
    var title: String { get }
}

extension EntityTable: Sequence {
    public typealias Element = (key: String, value: Entity)

    public func makeIterator() -> IndexingIterator<[Element]> {
        var pairs: [Element] = []
        pairs.reserveCapacity(count)
        if let stored {
            let keys = stored.allKeys()
            let entities = stored.allIndexed(skipping: shadowed)
            for (index, entity) in entities { pairs.append((keys[index], entity)) }
        }
        for (key, entity) in changes { pairs.append((key, entity)) }
        return pairs.makeIterator()
    }
}

extension EntityTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Entity)...) {
        for (key, entity) in elements { changes[key] = entity }
    }
}

extension EntityTable: Equatable {
    public static func == (lhs: EntityTable, rhs: EntityTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.allSatisfy { rhs[$0.key] == $0.value }
    }
}

extension EntityTable: Codable where Entity: Codable {
    public init(from decoder: Decoder) throws {
        changes = try [String: Entity](from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        try Dictionary(uniqueKeysWithValues: map { ($0.key, $0.value) }).encode(to: encoder)
    }
}

extension EntityTable: SnapshotCodable {
    /// A flag (are all keys ASCII), the count, the records' length (4 bytes), an index of
    /// `count` pairs of `UInt32` (the key's string, the record's offset) sorted by the keys'
    /// bytes, then the records.
    ///
    /// Stored entries are already in key order, so only the changes are sorted and merged in.
    /// Into a snapshot that extends the one they came from, unchanged stored entries are copied
    /// as bytes (their strings keep their indices); otherwise they are decoded and written.
    public func write(to w: inout SnapshotWriter) {
        let copying = stored.map { $0.archive === w.base } ?? false
        // Stored entries to write, in key order: copied as bytes, or decoded (a record that does
        // not decode is dropped).
        var kept: [Int] = []
        var decoded: [Entity] = []
        if let stored, copying {
            kept = (0..<stored.count).filter { !shadowed.contains($0) }
        } else if let stored {
            for (at, entity) in stored.allIndexed(skipping: shadowed) {
                kept.append(at)
                decoded.append(entity)
            }
        }
        let changed = changes.sorted { StoredEntries<Entity>.precedes($0.key, $1.key) }
        let ascii = (stored?.asciiKeys ?? true) && changed.allSatisfy { $0.key.utf8.allSatisfy { $0 < 0x80 } }
        let total = kept.count + changed.count
        let (index, records) = writeHeader(count: total, ascii: ascii, to: &w)
        var i = 0, j = 0
        for slot in 0..<total {
            w.patch(w.body.count - records, at: index + slot * 8 + 4)
            if let stored, i < kept.count, j == changed.count || precedes(stored.keyBytes(kept[i]), changed[j].key) {
                if copying {
                    w.patch(stored.keyString(kept[i]), at: index + slot * 8)
                    w.body.append(contentsOf: stored.recordBytes(kept[i]))
                } else {
                    w.patch(w.intern(stored.key(kept[i])), at: index + slot * 8)
                    decoded[i].write(to: &w)
                }
                i += 1
            } else {
                w.patch(w.intern(changed[j].key), at: index + slot * 8)
                changed[j].value.write(to: &w)
                j += 1
            }
        }
        w.patch(w.body.count - records, at: records - total * 8 - 4)
    }

    private func precedes(_ bytes: UnsafeRawBufferPointer, _ key: String) -> Bool {
        var key = key
        return key.withUTF8 { StoredEntries<Entity>.compare(bytes, UnsafeRawBufferPointer($0)) < 0 }
    }

    /// The flag, the count, a placeholder for the records' length and a zeroed index; returns
    /// where the index and the records start.
    private func writeHeader(count: Int, ascii: Bool, to w: inout SnapshotWriter) -> (index: Int, records: Int) {
        w.write(ascii)
        w.write(count)
        _ = w.placeholder()
        let index = w.body.count
        w.body.append(contentsOf: repeatElement(0, count: count * 8))
        return (index, w.body.count)
    }

    public init(from r: inout SnapshotReader) throws {
        let ascii = try r.read(Bool.self)
        let count = try r.read(Int.self)
        guard count >= 0, count <= r.remaining / 8 else { throw SnapshotReader.Damaged() }
        let length = try r.u32()
        let index = r.offset
        try r.skip(count * 8)
        let records = r.offset
        try r.skip(length)
        self.init()
        guard count > 0 else { return }
        stored = try StoredEntries(archive: r.archive, count: count, index: index, records: records,
                                   end: records + length, asciiKeys: ascii)
    }
}
