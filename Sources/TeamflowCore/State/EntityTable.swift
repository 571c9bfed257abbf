/// The entities of one kind by key (an id, or a wiki page's key): a dictionary whose entries,
/// when the table was read from storage (the store's cache snapshot), are decoded on first use.
///
/// A command that checks one task out of twenty thousand then decodes a handful of tasks
/// instead of all of them. Entries read from storage stay there (an `EntityStorage`, sorted
/// by the keys' UTF-8 bytes, so a key or an id prefix is a binary search); entries added or
/// changed since live in `changes` and shadow their stored copies. Keys compare like
/// `String`s (canonical equivalence), exactly as the dictionary this replaces did.
public struct EntityTable<Entity: Sendable & Equatable>: Sendable {
    /// Entries as the storage holds them (nil for a table built in memory).
    package private(set) var stored: (any EntityStorage<Entity>)?
    /// Entries added or changed since; they shadow their stored copies.
    package private(set) var changes: [String: Entity] = [:]
    /// Stored entries that `changes` replaced or that were removed.
    package private(set) var shadowed: Set<Int> = []
    /// The keys written since `decodeAll` (nil before it): see `WrittenKeys`. Not part of the
    /// table's value (equality and encoding ignore it).
    public internal(set) var writtenKeys: WrittenKeys?

    public init() {}

    /// A table whose entries are `storage`'s, decoded when read (an empty storage is dropped).
    public init(storage: any EntityStorage<Entity>) {
        stored = storage.count > 0 ? storage : nil
    }

    public subscript(key: String) -> Entity? {
        get {
            if let entity = changes[key] { return entity }
            guard let stored, let index = stored.index(of: key), !shadowed.contains(index) else { return nil }
            return stored.entity(at: index)
        }
        _modify {
            noteWrite(key)
            if let stored, changes[key] == nil, let index = stored.index(of: key), !shadowed.contains(index) {
                shadowed.insert(index)
                changes[key] = stored.entity(at: index)
            }
            yield &changes[key]
        }
    }

    /// Whether an entity is at `key` and `test` holds for it. An entity added or changed since
    /// the storage was read is tested where it lies: the getter copied the whole entity (a
    /// task: ~300 bytes, a dozen references) for a fold to read one field of it. Nothing is
    /// written (`writtenKeys` is untouched).
    public mutating func contains(_ key: String, where test: (Entity) -> Bool) -> Bool {
        if let index = changes.index(forKey: key) { return Self.testing(&changes.values[index], test) }
        return self[key].map(test) ?? false
    }

    private static func testing(_ entity: inout Entity, _ test: (Entity) -> Bool) -> Bool { test(entity) }

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

    /// `values(where:)` that decodes only the stored entries listed under a key `picks`
    /// accepts, when the storage keeps lists (`IndexKey`); every entity `isIncluded` keeps must
    /// be listed under such a key. Entries changed since the storage was written are all
    /// tested. Same entities, same order as `values(where:)`.
    public func values(listedUnder picks: (IndexKey) -> Bool, where isIncluded: (Entity) throws -> Bool) rethrows -> [Entity] {
        guard let stored, let listed = stored.indices(listedUnder: picks) else { return try values(where: isIncluded) }
        // Not kept (`entity(at:)` copied each into the storage's memo), and each tested as it
        // is decoded: filtering the decoded array copied every entity for its test.
        var out = try stored.entities(at: shadowed.isEmpty ? listed : listed.filter { !shadowed.contains($0) }, where: isIncluded)
        for entity in changes.values where try isIncluded(entity) { out.append(entity) }
        return out
    }

    /// Decodes every stored entry into memory, so later reads and scans decode nothing: for a
    /// long-running reader (the web board) that scans the same table on every request. The
    /// entries, and what every read returns, stay the same.
    /// From then on the table logs the keys written (`writtenKeys`), for such a reader.
    public mutating func decodeAll() {
        guard let stored else {
            // Already whole in memory: a log already kept goes on.
            if writtenKeys == nil { writtenKeys = WrittenKeys() }
            return
        }
        writtenKeys = WrittenKeys()
        var all = changes
        all.reserveCapacity(count)
        let keys = stored.allKeys()
        for (index, entity) in stored.allIndexed(skipping: shadowed) where all[keys[index]] == nil {
            all[keys[index]] = entity
        }
        changes = all
        self.stored = nil
        shadowed = []
    }

    public var keys: [String] { map(\.key) }

    /// Some entry, as `Dictionary.first` gives (without decoding the others).
    public var first: (key: String, value: Entity)? {
        if let (key, entity) = changes.first { return (key, entity) }
        guard let stored else { return nil }
        for index in 0..<stored.count where !shadowed.contains(index) {
            if let entity = stored.entity(at: index) { return (stored.key(at: index), entity) }
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

extension EntityTable where Entity: Titled {
    /// Entities whose title passes `mayMatch` on its raw UTF-8 bytes; the others are never
    /// decoded (when the storage can show titles). `mayMatch` is a prefilter: callers check
    /// what it lets through.
    public func entries(whereTitleBytes mayMatch: (Span<UInt8>) -> Bool) -> [Entity] {
        var out: [Entity] = []
        if let stored {
            if let passed = stored.indices(whereTitleBytes: mayMatch, skipping: shadowed) {
                for index in passed {
                    if let entity = stored.entity(at: index) { out.append(entity) }
                }
            } else {
                stored.forEach(skipping: shadowed) { if mayMatch($0.title.utf8.span) { out.append($0) } }
            }
        }
        for entity in changes.values where mayMatch(entity.title.utf8.span) { out.append(entity) }
        return out
    }
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
    public init(from decoder: any Decoder) throws {
        changes = try [String: Entity](from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try Dictionary(uniqueKeysWithValues: map { ($0.key, $0.value) }).encode(to: encoder)
    }
}

/// An entity its table keys by its id (every kind but wiki pages, keyed by title).
public protocol KeyedByID {}

extension EntityTable where Entity: KeyedByID {
    /// The entity with a typed id (such tables are keyed by the id's text).
    public subscript(id: EntityID<Entity>) -> Entity? {
        get { self[id.rawValue] }
        _modify { yield &self[id.rawValue] }
    }

    /// `contains(_:where:)` with a typed id.
    public mutating func contains(_ id: EntityID<Entity>, where test: (Entity) -> Bool) -> Bool {
        contains(id.rawValue, where: test)
    }
}
