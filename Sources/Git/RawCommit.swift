internal import CGit2

/// A commit object's bytes as git stores them (header lines, a blank line, the message) and
/// the id they hash to.
///
/// Holding the bytes lets a reader learn a commit's parents without the object database: the
/// state journal keeps each of its commits this way, so catching up on a few dozen appends
/// costs a hash each instead of opening and inflating each loose object (~30 µs apiece).
public struct RawCommit: Sendable, Equatable {
    /// The id the bytes hash to.
    public let id: ObjectID
    /// The object's content, without git's `commit <size>\0` prefix.
    public let bytes: [UInt8]

    /// `bytes` as the commit `id`, or nil unless they hash to `id` as a commit object: bytes
    /// kept outside git (a cache file) are believed only as far as their id proves them.
    public init?(bytes: [UInt8], id: ObjectID) {
        guard (try? RawCommit.hash(bytes)) == id else { return nil }
        self.id = id
        self.bytes = bytes
    }

    /// For `Repository.writeRawCommit`, which has just written exactly these bytes under `id`.
    init(written bytes: [UInt8], id: ObjectID) {
        self.id = id
        self.bytes = bytes
    }

    /// The parents the header names, in order; nil when the header does not start the way
    /// every commit's does (`tree <hex>`, then any `parent <hex>` lines).
    public var parents: [ObjectID]? {
        var lines = bytes.split(separator: 0x0A, maxSplits: 64, omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), RawCommit.value(of: "tree ", in: first) != nil else { return nil }
        var parents: [ObjectID] = []
        while let line = lines.first, line.starts(with: RawCommit.parentKey) {
            guard let id = RawCommit.value(of: "parent ", in: line) else { return nil }
            parents.append(id)
            lines.removeFirst()
        }
        return parents
    }

    private static let parentKey = Array("parent ".utf8)

    /// The id after `key` on a header line that holds exactly the key and 40 hex digits.
    private static func value(of key: String, in line: ArraySlice<UInt8>) -> ObjectID? {
        let key = Array(key.utf8)
        guard line.count == key.count + 40, line.starts(with: key) else { return nil }
        return ObjectID(hex: String(decoding: line.dropFirst(key.count), as: UTF8.self))
    }

    /// The id of `bytes` as a commit object (`git hash-object -t commit`).
    static func hash(_ bytes: [UInt8]) throws -> ObjectID {
        try hashObject(bytes, as: GIT_OBJECT_COMMIT)
    }
}
