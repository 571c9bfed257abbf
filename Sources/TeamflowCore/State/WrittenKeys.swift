/// The keys written to a table since it was decoded whole, in order: what a long-running
/// reader (the web board) needs to update what it derived from the table after a change,
/// instead of scanning every entry again.
///
/// A reader remembers the log's `generation` and how many keys it has read. Values share the
/// log until one of them writes: a write to a shared log gives the writer a copy under a new
/// generation that remembers where it was copied from. So a reader that followed one value
/// can go on in a copy made after what it read, but a value that diverged (written to while
/// the reader followed another copy) never looks like a continuation: the reader scans again.
public final class WrittenKeys: @unchecked Sendable {
    // @unchecked: `keys` is appended to only while the log is uniquely referenced (by the one
    // table value that owns it); a shared log is copied, never changed.

    /// Identifies this log.
    public let generation: UInt64
    /// The keys written, oldest first (a key written twice appears twice).
    public private(set) var keys: [String]
    /// The logs this one was copied from and how many keys each had then, latest last (a few
    /// kept: a reader further behind scans again).
    private let ancestry: [(generation: UInt64, count: Int)]

    /// More keys than this and the log starts again (readers scan once): a server that runs
    /// for months keeps a bounded log.
    static let limit = 50_000

    init() {
        generation = UInt64.random(in: 1...UInt64.max)
        keys = []
        ancestry = []
    }

    /// A copy of `log` for a value about to write while another value shares `log`.
    init(copying log: WrittenKeys) {
        generation = UInt64.random(in: 1...UInt64.max)
        keys = log.keys
        ancestry = Array((log.ancestry + [(log.generation, log.keys.count)]).suffix(8))
    }

    func append(_ key: String) { keys.append(key) }

    /// Where a reader that has read `count` keys of the log `generation` goes on in this one;
    /// nil when this log does not continue what it read (it must scan again).
    public func position(after count: Int, of generation: UInt64) -> Int? {
        if generation == self.generation { return count <= keys.count ? count : nil }
        guard let copied = ancestry.last(where: { $0.generation == generation }), count <= copied.count else { return nil }
        return count
    }
}

extension EntityTable {
    /// Records that `key` is about to be written, when the table keeps a log.
    mutating func noteWrite(_ key: String) {
        guard let count = writtenKeys?.keys.count else { return }
        if count >= WrittenKeys.limit {
            writtenKeys = WrittenKeys()
        } else if !isKnownUniquelyReferenced(&writtenKeys), let shared = writtenKeys {
            writtenKeys = WrittenKeys(copying: shared)
        }
        writtenKeys?.append(key)
    }
}
