public import TeamflowCore

/// An entity whose snapshot record starts with its id, then its title (or name), both
/// strings: a table can then test titles without decoding whole entities.
public protocol SnapshotTitled: SnapshotCodable, Titled {}

extension EntityTable: SnapshotCodable where Entity: SnapshotCodable {
    /// A flag (are all keys ASCII), the count, the records' length (4 bytes), an index of
    /// `count` pairs of `UInt32` (the key's string, the record's offset) sorted by the keys'
    /// bytes, the records, then the lists of entry positions by week, member and sprint
    /// (`SnapshotLists`; empty for entities that are not `IndexedEntity`).
    ///
    /// Stored entries are already in key order, so only the changes are sorted and merged in.
    /// Into a snapshot that extends the one they came from, unchanged stored entries are copied
    /// as bytes (their strings keep their indices); otherwise they are decoded and written.
    public func write(to w: inout SnapshotWriter) {
        guard stored == nil || stored is StoredEntries<Entity> else {
            // Another kind of storage: written as a table built in memory.
            var plain = EntityTable()
            for (key, entity) in self { plain[key] = entity }
            plain.write(to: &w)
            return
        }
        let stored = stored as? StoredEntries<Entity>
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
        // The changes' positions sorted by key, not (key, entity) pairs: a sort moves its
        // elements many times, and a whole record (a task: dozens of fields) costs far more to
        // move than an index (measured: most of a cold rebuild's snapshot encoding). Each key's
        // first 32 bytes as four numbers decide nearly every comparison without touching the
        // strings (zero-padded, so the numbers' order is the bytes' order; keys whose numbers
        // are all equal compare whole). Ids often share a long prefix (a counter at the end).
        let keyList = Array(changes.keys)
        let places = Array(changes.keys.indices)
        let width = Self.keyWords
        var words = [UInt64](repeating: 0, count: keyList.count * width)
        for (i, key) in keyList.enumerated() { Self.words(of: key, into: &words, at: i * width) }
        let changed = keyList.indices.sorted { a, b in
            for w in 0..<width where words[a * width + w] != words[b * width + w] {
                return words[a * width + w] < words[b * width + w]
            }
            return StoredEntries<Entity>.precedes(keyList[a], keyList[b])
        }.map { (key: keyList[$0], at: places[$0]) }
        let ascii = (stored?.asciiKeys ?? true) && changed.allSatisfy { $0.key.utf8.allSatisfy { $0 < 0x80 } }
        let total = kept.count + changed.count
        let (index, records) = writeHeader(count: total, ascii: ascii, to: &w)
        // The lists (see `SnapshotLists`): copied entries keep their keys, moved to their new
        // slots, when the stored lists read back; every other entry says its keys.
        var lists = SnapshotLists(indexed: Entity.self is any IndexedEntity.Type)
        let storedLists = copying && lists.indexed ? stored?.allLists() : nil
        var slotOf = storedLists == nil ? [] : [Int](repeating: -1, count: stored?.count ?? 0)
        var i = 0, j = 0
        for slot in 0..<total {
            w.patch(w.body.count - records, at: index + slot * 8 + 4)
            if let stored, i < kept.count, j == changed.count || precedes(stored.keyBytes(kept[i]), changed[j].key) {
                if copying {
                    w.patch(stored.keyString(kept[i]), at: index + slot * 8)
                    w.body.append(contentsOf: stored.recordBytes(kept[i]))
                    if storedLists != nil {
                        slotOf[kept[i]] = slot
                    } else if lists.indexed, let entity = stored.entity(at: kept[i]) {
                        lists.add(entity, at: slot)
                    }
                } else {
                    w.patch(w.intern(stored.key(at: kept[i])), at: index + slot * 8)
                    decoded[i].write(to: &w)
                    lists.add(decoded[i], at: slot)
                }
                i += 1
            } else {
                w.patch(w.intern(changed[j].key), at: index + slot * 8)
                let entity = changes.values[changed[j].at]
                entity.write(to: &w)
                lists.add(entity, at: slot)
                j += 1
            }
        }
        w.patch(w.body.count - records, at: records - total * 8 - 4)
        if let storedLists { lists.add(storedLists, movedTo: slotOf) }
        lists.write(to: &w)
    }

    /// How many eight-byte numbers of each key the sort compares before the strings.
    private static var keyWords: Int { 4 }

    /// A key's first `keyWords * 8` UTF-8 bytes as big-endian numbers, zero-padded, written
    /// into `words` from `start`.
    private static func words(of key: String, into words: inout [UInt64], at start: Int) {
        var key = key
        key.withUTF8 { bytes in
            for i in 0..<Swift.min(bytes.count, keyWords * 8) {
                words[start + i / 8] |= UInt64(bytes[i]) << (8 * (7 - i % 8))
            }
        }
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
        let lists = try SnapshotLists.skip(&r)
        guard count > 0 else {
            self.init()
            return
        }
        self.init(storage: try StoredEntries<Entity>(archive: r.archive, count: count, index: index, records: records,
                                                     end: records + length, asciiKeys: ascii, lists: lists))
    }
}
