import Foundation

/// A version 2 pack index (`.idx`), mapped read-only: a 256-entry fan-out of counts by first
/// byte, the sorted object ids, their CRCs, 4-byte offsets (the high bit sends larger ones to
/// a table of 8-byte offsets), all big-endian. Shared between threads: only read.
final class PackIndex: @unchecked Sendable {
    /// Keeps `bytes` mapped.
    private let mapping: ReadOnlyMapping
    private let bytes: UnsafeRawBufferPointer
    private let count: Int
    private static let header = 8, fanout = 256 * 4

    init?(path: String) {
        guard let mapping = ReadOnlyMapping(path: path, accepting: { $0 >= PackIndex.header + PackIndex.fanout && $0 < 1 << 31 })
        else { return nil }
        let bytes = mapping.bytes
        let count = Int(PackIndex.word(bytes, PackIndex.header + 255 * 4))
        // Ids, CRCs and offsets must fit, with a 40-byte trailer after them.
        guard bytes[0] == 0xFF, bytes[1] == 0x74, bytes[2] == 0x4F, bytes[3] == 0x63, PackIndex.word(bytes, 4) == 2,
              count <= (bytes.count - PackIndex.header - PackIndex.fanout) / 28 else { return nil }
        self.mapping = mapping
        self.bytes = bytes
        self.count = count
    }

    /// Gives the pages read so far back to the kernel (they stay in the page cache): after the
    /// look-ups of a whole listing, which touch every page, the few read again fault back in.
    func release() {
        if let start = bytes.baseAddress { madvise(UnsafeMutableRawPointer(mutating: start), bytes.count, Int32(MADV_DONTNEED)) }
    }

    /// The checksum of the pack this index was written for (the first half of its trailer):
    /// a pack is read with an index only if its own trailer carries the same.
    var packChecksum: Slice<UnsafeRawBufferPointer> { bytes[bytes.count - 40 ..< bytes.count - 20] }

    /// The offset of `id` in the pack, if the index lists it.
    func offset(of id: ObjectID) -> UInt64? {
        withUnsafeBytes(of: id) { raw in raw.baseAddress.flatMap(offset(ofRaw:)) }
    }

    /// The offset of the object whose 20-byte id is at `key` (in a mapped pack: a delta's
    /// base, looked up without copying its id).
    func offset(ofRaw key: UnsafeRawPointer) -> UInt64? {
        let first = Int(key.load(as: UInt8.self))
        var low = first == 0 ? 0 : Int(PackIndex.word(bytes, PackIndex.header + (first - 1) * 4))
        var high = Int(PackIndex.word(bytes, PackIndex.header + first * 4))
        guard low <= high, high <= count else { return nil }
        let ids = PackIndex.header + PackIndex.fanout
        guard let base = bytes.baseAddress else { return nil }
        while low < high {
            let middle = (low + high) / 2
            let order = memcmp(base + ids + middle * 20, key, 20)
            if order == 0 { return entryOffset(middle) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private func entryOffset(_ entry: Int) -> UInt64? {
        let offsets = PackIndex.header + PackIndex.fanout + count * 24
        let small = PackIndex.word(bytes, offsets + entry * 4)
        guard small & 0x8000_0000 != 0 else { return UInt64(small) }
        let large = offsets + count * 4 + Int(small & 0x7FFF_FFFF) * 8
        guard large + 8 <= bytes.count else { return nil }
        return UInt64(PackIndex.word(bytes, large)) << 32 | UInt64(PackIndex.word(bytes, large + 4))
    }

    /// The big-endian 32-bit word at `at` (callers keep `at + 4` within the bytes).
    private static func word(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
