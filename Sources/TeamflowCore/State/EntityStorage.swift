/// What an `EntityTable` needs from a backing that holds entries outside memory and decodes
/// them on demand (the store's cache snapshot, in `StateSnapshot`).
///
/// Entries are numbered `0..<count` in the order of their keys' UTF-8 bytes, which makes a key
/// a binary search and an id prefix a range. The domain knows nothing of the bytes behind
/// them: implementations own their format, their memory and their locking, and must be safe
/// to read from several threads (a `TeamState` is `Sendable`).
public protocol EntityStorage<Entity>: AnyObject, Sendable {
    associatedtype Entity

    /// How many entries the storage holds.
    var count: Int { get }

    /// The key of entry `index`.
    func key(at index: Int) -> String

    /// Every key, in entry order.
    func allKeys() -> [String]

    /// The entry whose key equals `key` as `String`s compare (canonical equivalence).
    func index(of key: String) -> Int?

    /// The entries whose key starts with `prefix`'s UTF-8 bytes.
    func indices(withKeyPrefix prefix: String) -> Range<Int>

    /// Entry `index`, decoded once and kept; nil when it cannot be decoded.
    func entity(at index: Int) -> Entity?

    /// The entities at `indices` (each below `count`), in that order, leaving out any that
    /// cannot be decoded. Not kept: a list reads each entry once.
    func entities(at indices: [Int]) -> [Entity]

    /// `entities(at:)` that keeps only those `isIncluded` accepts, testing each as it is
    /// decoded, outside any lock the storage holds (`isIncluded` may read tables itself):
    /// one filtered afterwards was copied for the test.
    func entities(at indices: [Int], where isIncluded: (Entity) throws -> Bool) rethrows -> [Entity]

    /// Every entity whose index is not in `skipping`, in entry order.
    func all(skipping: Set<Int>) -> [Entity]

    /// The same, each with its index.
    func allIndexed(skipping: Set<Int>) -> [(Int, Entity)]

    /// Calls `body` with every entity whose index is not in `skipping`, in entry order.
    func forEach(skipping: Set<Int>, _ body: (Entity) throws -> Void) rethrows

    /// The indices (not in `skipping`, in order) of entries whose title's UTF-8 bytes pass
    /// `mayMatch`, tested without decoding the entries; nil when the storage cannot show
    /// titles (the table then tests decoded entities).
    func indices(whereTitleBytes mayMatch: (Span<UInt8>) -> Bool, skipping: Set<Int>) -> [Int]?

    /// The positions (ascending, each once) of entries listed under any key `picks` accepts
    /// (see `IndexKey`); nil when the storage keeps no lists or they do not read back whole:
    /// the table then scans every entry.
    func indices(listedUnder picks: (IndexKey) -> Bool) -> [Int]?
}

extension EntityStorage {
    public func indices(listedUnder picks: (IndexKey) -> Bool) -> [Int]? { nil }

    public func entities(at indices: [Int]) -> [Entity] { indices.compactMap { entity(at: $0) } }

    public func entities(at indices: [Int], where isIncluded: (Entity) throws -> Bool) rethrows -> [Entity] {
        try entities(at: indices).filter(isIncluded)
    }
}

/// An entity with a title (or a name) that lookups compare: a storage may keep it where it
/// can be tested without decoding the rest (`EntityTable.entries(whereTitleBytes:)`).
public protocol Titled {
    var title: String { get }
}

extension Goal: Titled {}
extension TeamTask: Titled {}
