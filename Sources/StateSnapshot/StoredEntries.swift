import Foundation
import TeamflowCore

/// The entries of one `EntityTable` as its snapshot holds them: an index sorted by key bytes
/// and the records, decoded on first use and kept (behind the archive's lock, since a state is
/// `Sendable` and may be read from several threads).
final class StoredEntries<Entity: SnapshotCodable & Sendable>: EntityStorage, @unchecked Sendable {
    let archive: SnapshotArchive
    let count: Int
    private let index: Int
    private let records: Int
    private let end: Int
    /// Every key is ASCII, where byte equality is `String` equality.
    let asciiKeys: Bool
    /// Slot `i` is initialised exactly when bit `i` of `made` is set.
    private let memo: UnsafeMutablePointer<Entity>
    /// Raw memory rather than arrays, whose every access in a class is checked for
    /// exclusivity at run time (as in `SnapshotArchive`).
    private let made: UnsafeMutablePointer<UInt64>
    private let failed: UnsafeMutablePointer<UInt64>
    private let words: Int

    /// Where the table's lists lie (`SnapshotLists`).
    private let lists: Range<Int>

    init(archive: SnapshotArchive, count: Int, index: Int, records: Int, end: Int, asciiKeys: Bool,
         lists: Range<Int> = 0..<0) throws {
        self.archive = archive
        self.count = count
        self.lists = lists
        self.index = index
        self.records = records
        self.end = end
        self.asciiKeys = asciiKeys
        // Bounds are checked once here, so lookups below never read outside the snapshot.
        // Records follow the index's order, so each ends where the next begins.
        var previous = 0
        for i in 0..<count {
            let key = Int(archive.base.loadUnaligned(fromByteOffset: index + i * 8, as: UInt32.self).littleEndian)
            let offset = Int(archive.base.loadUnaligned(fromByteOffset: index + i * 8 + 4, as: UInt32.self).littleEndian)
            guard key < archive.stringCount, offset < end - records, offset >= previous else { throw SnapshotReader.Damaged() }
            previous = offset
        }
        memo = .allocate(capacity: count)
        words = (count + 63) / 64
        made = .allocate(capacity: max(words, 1))
        made.initialize(repeating: 0, count: max(words, 1))
        failed = .allocate(capacity: max(words, 1))
        failed.initialize(repeating: 0, count: max(words, 1))
    }

    deinit {
        for word in 0..<words where made[word] != 0 {
            var bits = made[word]
            while bits != 0 {
                (memo + (word * 64 + bits.trailingZeroBitCount)).deinitialize(count: 1)
                bits &= bits - 1
            }
        }
        memo.deallocate()
        made.deallocate()
        failed.deallocate()
    }

    func keyString(_ i: Int) -> Int {
        Int(archive.base.loadUnaligned(fromByteOffset: index + i * 8, as: UInt32.self).littleEndian)
    }

    private func recordStart(_ i: Int) -> Int {
        records + Int(archive.base.loadUnaligned(fromByteOffset: index + i * 8 + 4, as: UInt32.self).littleEndian)
    }

    func keyBytes(_ i: Int) -> UnsafeRawBufferPointer { archive.stringBytes(keyString(i)) }

    /// Record `i` as stored, for a writer extending this snapshot to copy.
    func recordBytes(_ i: Int) -> UnsafeRawBufferPointer {
        let start = recordStart(i)
        let stop = i + 1 < count ? recordStart(i + 1) : end
        return UnsafeRawBufferPointer(start: archive.base + start, count: stop - start)
    }

    /// The entry with `key`: a binary search by bytes, then (only where a non-ASCII key could
    /// be canonically equal to different bytes) a scan comparing `String`s.
    func index(of key: String) -> Int? {
        var key = key
        let found: Int? = key.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            let at = lowerBound(raw)
            return at < count && StoredEntries.compare(keyBytes(at), raw) == 0 ? at : nil
        }
        if let found { return found }
        if asciiKeys && key.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        return archive.withLock { (0..<count).first { archive.stringHoldingLock(keyString($0)) == key } }
    }

    /// Indices of the entries whose key starts with `prefix`'s bytes.
    func indices(withKeyPrefix prefix: String) -> Range<Int> {
        var prefix = prefix
        return prefix.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            let start = lowerBound(raw)
            var stop = start
            while stop < count, keyBytes(stop).starts(with: raw) { stop += 1 }
            return start..<stop
        }
    }

    /// The first index whose key is not below `key`.
    private func lowerBound(_ key: UnsafeRawBufferPointer) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if StoredEntries.compare(keyBytes(middle), key) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // The table calls these through `EntityStorage`, i.e. the unspecialised generic code;
    // these attributes make it dispatch to code specialised for the two big tables (measured:
    // `week` and `goal list` at 100,000 events went from ~6-7% to ~0% more CPU than before the split).
    @_specialize(where Entity == TeamTask)
    @_specialize(where Entity == Goal)
    func entity(at i: Int) -> Entity? {
        archive.withLock { entityHoldingLock(i) }
    }

    /// The entities at `indices`, in that order, under one lock; not kept (see `all`).
    @_specialize(where Entity == TeamTask)
    @_specialize(where Entity == Goal)
    func entities(at indices: [Int]) -> [Entity] {
        var out: [Entity] = []
        out.reserveCapacity(indices.count)
        archive.withLock {
            for i in indices where i >= 0 && i < count {
                if let entity = peekHoldingLock(i) { out.append(entity) }
            }
        }
        return out
    }

    /// The entities at `indices` that `isIncluded` accepts, each decoded under the lock and
    /// tested outside it, where it lies: only the kept ones reach the array.
    @_specialize(where Entity == TeamTask)
    func entities(at indices: [Int], where isIncluded: (Entity) throws -> Bool) rethrows -> [Entity] {
        var out: [Entity] = []
        out.reserveCapacity(indices.count)
        for i in indices where i >= 0 && i < count {
            guard let entity = archive.withLock({ peekHoldingLock(i) }) else { continue }
            // `consume`: without it the entity was copied into the array and then destroyed.
            if try isIncluded(entity) { out.append(consume entity) }
        }
        return out
    }

    /// Every entity not in `skipping`, in key order (one lock for all). Entities decoded here
    /// are not kept: a scan copies each once, and the strings they share are kept anyway.
    @_specialize(where Entity == TeamTask)
    @_specialize(where Entity == Goal)
    func all(skipping: Set<Int>) -> [Entity] {
        var out: [Entity] = []
        out.reserveCapacity(count)
        archive.withLock { decodeHoldingLock(0..<count, skipping: skipping) { out.append($1) } }
        return out
    }

    /// The same, with each entity's index.
    @_specialize(where Entity == TeamTask)
    @_specialize(where Entity == Goal)
    func allIndexed(skipping: Set<Int>) -> [(Int, Entity)] {
        var out: [(Int, Entity)] = []
        out.reserveCapacity(count)
        archive.withLock { decodeHoldingLock(0..<count, skipping: skipping) { out.append(($0, $1)) } }
        return out
    }

    /// Calls `body` with every entity not in `skipping`, in key order, outside the lock (so
    /// `body` may read tables itself); decoding goes in batches under it.
    @_specialize(where Entity == TeamTask)
    @_specialize(where Entity == Goal)
    func forEach(skipping: Set<Int>, _ body: (Entity) throws -> Void) rethrows {
        var batch: [Entity] = []
        batch.reserveCapacity(256)
        for start in stride(from: 0, to: count, by: 256) {
            archive.withLock { decodeHoldingLock(start..<min(count, start + 256), skipping: skipping) { batch.append($1) } }
            for entity in batch { try body(entity) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The one decoding loop of the scans above; the caller holds the lock.
    private func decodeHoldingLock(_ range: Range<Int>, skipping: Set<Int>, _ body: (Int, Entity) -> Void) {
        for i in range where skipping.isEmpty || !skipping.contains(i) {
            if let entity = peekHoldingLock(i) { body(i, entity) }
        }
    }

    /// Positions listed under the keys `picks` accepts, merged; nil when the table has no lists
    /// or they are damaged (the caller scans). `picks` runs outside the lock.
    func indices(listedUnder picks: (IndexKey) -> Bool) -> [Int]? {
        guard !lists.isEmpty, let headers = archive.withLock({ SnapshotLists.headersHoldingLock(in: archive, lists) }),
              !headers.isEmpty else { return nil }
        var picked: [[Int]] = []
        for header in headers where picks(header.key) {
            guard let positions = SnapshotLists.positions(of: header, in: archive, entries: count) else { return nil }
            picked.append(positions)
        }
        if picked.count == 1 { return picked[0] }
        var seen = Set<Int>()
        return picked.joined().filter { seen.insert($0).inserted }.sorted()
    }

    /// Every list whole, for a writer extending this snapshot; nil when there are none or they
    /// are damaged (the writer then lists each entry by its keys).
    func allLists() -> [(key: IndexKey, positions: [Int])]? {
        guard !lists.isEmpty, let headers = archive.withLock({ SnapshotLists.headersHoldingLock(in: archive, lists) }),
              !headers.isEmpty else { return nil }
        var out: [(key: IndexKey, positions: [Int])] = []
        for header in headers {
            guard let positions = SnapshotLists.positions(of: header, in: archive, entries: count) else { return nil }
            out.append((header.key, positions))
        }
        return out
    }

    func key(at i: Int) -> String {
        archive.withLock { archive.stringHoldingLock(keyString(i)) }
    }

    func allKeys() -> [String] {
        archive.withLock { (0..<count).map { archive.stringHoldingLock(keyString($0)) } }
    }

    /// Indices of the entries whose title bytes pass `mayMatch`, none decoded; nil unless the
    /// records start with id and title (`SnapshotTitled`).
    func indices(whereTitleBytes mayMatch: (Span<UInt8>) -> Bool, skipping: Set<Int>) -> [Int]? {
        guard Entity.self is any SnapshotTitled.Type else { return nil }
        var out: [Int] = []
        for index in 0..<count where skipping.isEmpty || !skipping.contains(index) {
            guard let title = titleBytes(at: index) else { continue }
            if mayMatch(title.assumingMemoryBound(to: UInt8.self).span) { out.append(index) }
        }
        return out
    }

    /// The bytes of the record's second field (see `SnapshotTitled`), without decoding it.
    func titleBytes(at i: Int) -> UnsafeRawBufferPointer? {
        var reader = SnapshotReader(archive: archive, at: recordStart(i), end: end, holdingLock: true)
        guard (try? reader.stringIndex()) != nil, let title = try? reader.stringIndex() else { return nil }
        return archive.stringBytes(title)
    }

    /// The kept entity, else a fresh decode that is not kept.
    private func peekHoldingLock(_ i: Int) -> Entity? {
        let word = i >> 6, bit = UInt64(1) << UInt64(i & 63)
        if made[word] & bit != 0 { return memo[i] }
        if failed[word] & bit != 0 { return nil }
        var reader = SnapshotReader(archive: archive, at: recordStart(i), end: end, holdingLock: true)
        return try? reader.read(Entity.self)
    }

    /// A record that does not decode (the cache's checksum makes this a bug, not damage) reads
    /// as absent rather than stopping the command.
    private func entityHoldingLock(_ i: Int) -> Entity? {
        let word = i >> 6, bit = UInt64(1) << UInt64(i & 63)
        if made[word] & bit != 0 { return memo[i] }
        if failed[word] & bit != 0 { return nil }
        var reader = SnapshotReader(archive: archive, at: recordStart(i), end: end, holdingLock: true)
        guard let entity = try? reader.read(Entity.self) else {
            failed[word] |= bit
            return nil
        }
        (memo + i).initialize(to: entity)
        made[word] |= bit
        return entity
    }

    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        let common = min(a.count, b.count)
        if common > 0, let p = a.baseAddress, let q = b.baseAddress {
            let order = memcmp(p, q, common)
            if order != 0 { return order }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Key order in a snapshot: by UTF-8 bytes.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { p in b.withUTF8 { q in compare(UnsafeRawBufferPointer(p), UnsafeRawBufferPointer(q)) < 0 } }
    }
}
