import Foundation

/// The bytes of one snapshot, shared by its first reader and by every table decoded lazily
/// from it.
///
/// Layout: a string table (a `UInt32` count, `count + 1` little-endian `UInt32` offsets into
/// the blob that follows, the blob of UTF-8 bytes), then the body of values. Strings are made
/// on first use and kept, so a table entry and the entity it holds share one string, and a
/// command that reads five tasks out of twenty thousand makes five tasks' strings.
///
/// The bytes never change; the memo of made strings does, behind `lock`. Everything that
/// decodes from a shared archive does so while holding it (`withLock`).
public final class SnapshotArchive: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    /// Keeps the bytes alive: a mapping of the cache file, or our own copy.
    private let owner: AnyObject?
    private let ownsCopy: Bool

    let stringCount: Int
    /// The string table's offsets follow its count.
    private let offsetsStart = 4
    private let blobStart: Int
    /// Where the body starts; `nil` when the string table is damaged.
    let bodyStart: Int?

    private let lock = NSLock()
    /// Strings made so far: slot `i` is initialised exactly when bit `i` of `made` is set.
    private let memo: UnsafeMutablePointer<String>
    /// A bit per string; raw memory rather than an array, whose every access in a class
    /// is checked for exclusivity at run time (~100 instructions a string read).
    private let made: UnsafeMutablePointer<UInt64>
    private let madeWords: Int

    /// An archive over a copy of `bytes`.
    public convenience init(bytes: [UInt8]) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let from = source.baseAddress { copy.copyMemory(from: from, byteCount: source.count) }
        }
        self.init(base: UnsafeRawPointer(copy), count: bytes.count, owner: nil, ownsCopy: true)
    }

    /// An archive over bytes that `owner` keeps alive and unchanged (e.g. a read-only mapping).
    public convenience init(unsafeBytes: UnsafeRawBufferPointer, owner: AnyObject) {
        let base = unsafeBytes.baseAddress ?? UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 16))
        self.init(base: base, count: unsafeBytes.count, owner: owner, ownsCopy: unsafeBytes.baseAddress == nil)
    }

    private init(base: UnsafeRawPointer, count: Int, owner: AnyObject?, ownsCopy: Bool) {
        self.base = base
        self.count = count
        self.owner = owner
        self.ownsCopy = ownsCopy
        // The string table: validated once here, so reading a string later needs no checks.
        var strings = 0, blobStart = 4
        var body: Int?
        if count >= 4 {
            let n = Int(base.loadUnaligned(fromByteOffset: 0, as: UInt32.self).littleEndian)
            let blob = 4 + (n + 1) * 4
            if n < count, blob <= count {
                var previous = 0
                var valid = true
                for i in 0...n {
                    let offset = Int(base.loadUnaligned(fromByteOffset: 4 + i * 4, as: UInt32.self).littleEndian)
                    if offset < previous || (i == 0 && offset != 0) || blob + offset > count {
                        valid = false
                        break
                    }
                    previous = offset
                }
                if valid {
                    strings = n
                    blobStart = blob
                    body = blob + previous
                }
            }
        }
        stringCount = strings
        self.blobStart = blobStart
        bodyStart = body
        memo = .allocate(capacity: max(strings, 1))
        madeWords = (strings + 63) / 64
        made = .allocate(capacity: max(madeWords, 1))
        made.initialize(repeating: 0, count: max(madeWords, 1))
    }

    deinit {
        for word in 0..<madeWords where made[word] != 0 {
            var bits = made[word]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                (memo + (word * 64 + bit)).deinitialize(count: 1)
                bits &= bits - 1
            }
        }
        memo.deallocate()
        made.deallocate()
        if ownsCopy { UnsafeMutableRawPointer(mutating: base).deallocate() }
    }

    /// Runs `body` holding the archive's lock: the only way to read strings of a shared archive.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The UTF-8 bytes of string `index` (no lock needed: the bytes never change).
    func stringBytes(_ index: Int) -> UnsafeRawBufferPointer {
        let start = Int(base.loadUnaligned(fromByteOffset: offsetsStart + index * 4, as: UInt32.self).littleEndian)
        let end = Int(base.loadUnaligned(fromByteOffset: offsetsStart + index * 4 + 4, as: UInt32.self).littleEndian)
        return UnsafeRawBufferPointer(start: base + blobStart + start, count: end - start)
    }

    /// Offset `i` (0...stringCount) of the string table, for a writer extending this archive.
    func stringOffset(_ i: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offsetsStart + i * 4, as: UInt32.self))
    }

    /// The bytes of every string, back to back.
    var stringBlob: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + blobStart, count: (bodyStart ?? blobStart) - blobStart)
    }

    /// String `index` (which must be below `stringCount`), made once; caller holds the lock.
    func stringHoldingLock(_ index: Int) -> String {
        let word = index >> 6, bit = UInt64(1) << UInt64(index & 63)
        if made[word] & bit != 0 { return memo[index] }
        let string = String(decoding: stringBytes(index), as: UTF8.self)
        (memo + index).initialize(to: string)
        made[word] |= bit
        return string
    }

    /// A cheap integrity sum of `bytes` (four interleaved FNV-style lanes): the cache stores it
    /// so a damaged file is rebuilt before any lazily decoded entry could be read wrong.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9e37_79b9_7f4a_7c15, 0x7f4a_7c15_9e37_79b9)
        let prime: UInt64 = 0x0000_0100_0000_01b3
        let words = bytes.count / 32
        if let p = bytes.baseAddress {
            for i in 0..<words {
                let at = i * 32
                lanes.0 = (lanes.0 ^ p.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* prime
                lanes.1 = (lanes.1 ^ p.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)) &* prime
                lanes.2 = (lanes.2 ^ p.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)) &* prime
                lanes.3 = (lanes.3 ^ p.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)) &* prime
            }
        }
        var tail = lanes.0 ^ (lanes.1 &* 31) ^ (lanes.2 &* 961) ^ (lanes.3 &* 29791) ^ UInt64(bytes.count)
        for i in (words * 32)..<bytes.count {
            tail = (tail ^ UInt64(bytes[i])) &* prime
        }
        return tail
    }
}
