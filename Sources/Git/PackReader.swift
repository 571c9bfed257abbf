internal import CGit2
import Foundation

/// The repository's packs, mapped read-only once and shared by one `PackReader` per thread.
///
/// A whole-history read through libgit2 on two threads spent a tenth of its CPU waiting on
/// libgit2's locks: 1.5 shares one pack between handles and takes a process-wide lock on every
/// window it opens or closes, several times per object along a delta chain. Mapped memory
/// that is only read needs no lock, so each reader walks the packs on its own.
///
/// Packs are taken in file-name order (version 2 indexes only: what git and libgit2 have
/// written since 2007), and only a pack whose index was written for it (same checksum) is
/// read; the keys of `order(of:)` are meaningful only to this set's readers.
public final class PackSet: Sendable {
    let packs: [PackFile]

    init(folder: String) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("pack-") && $0.hasSuffix(".idx") }.sorted()
        packs = names.prefix(Int(UInt16.max)).compactMap { name in
            guard let index = PackIndex(path: folder + "/" + name) else { return nil }
            return PackFile(path: folder + "/" + name.dropLast(4) + ".pack", index: index)
        }
    }

    /// Where each object sits in these packs, as a key that sorts objects into the order they
    /// are stored (the pack's number in the high 16 bits, the offset in the low 48; `.max` for
    /// an object in none of them). Reading in that order walks each pack front to back; given
    /// back to `PackReader.blob(_:at:)`, a key says where the object is without a second
    /// look-up.
    public func order(of ids: [ObjectID]) -> [UInt64] {
        var keys = [UInt64](repeating: .max, count: ids.count)
        for (number, pack) in packs.enumerated() {
            for at in ids.indices where keys[at] == .max {
                if let offset = pack.index.offset(of: ids[at]), offset < PackSet.offsetLimit {
                    keys[at] = UInt64(number) << 48 | offset
                }
            }
            pack.index.release()
        }
        return keys
    }

    /// A reader for one thread, or nil while objects are checked against their ids
    /// (`Repository.verifyingObjectHashes`): this reader does not hash, so libgit2 must read.
    public func reader() -> PackReader? {
        guard !packs.isEmpty, !Libgit2.verifiesObjectHashes else { return nil }
        return PackReader(packs: packs)
    }

    /// Offsets live in a key's low 48 bits.
    static let offsetLimit: UInt64 = 1 << 48
}

extension Repository {
    /// The repository's packs for reading many objects on several threads (see `PackSet`).
    public func packs() -> PackSet {
        PackSet(folder: commonDirectory + "/objects/pack")
    }
}

/// One `.pack` file mapped read-only, with its index. Shared between threads: nothing in it
/// changes after `init`, and the mapping is only read.
final class PackFile: @unchecked Sendable {
    let index: PackIndex
    /// Keeps `bytes` mapped.
    private let mapping: ReadOnlyMapping
    /// The whole file; objects lie in `12 ..< end`, before the 20-byte trailer.
    let bytes: UnsafeRawBufferPointer
    var end: Int { bytes.count - 20 }

    init?(path: String, index: PackIndex) {
        // As for the index: no symbolic link followed, a plain file of a sane size.
        guard let mapping = ReadOnlyMapping(path: path, accepting: { $0 >= 32 && UInt64($0) < PackSet.offsetLimit }) else { return nil }
        let bytes = mapping.bytes
        // "PACK", version 2 or 3 (the same format), and the trailer the index names.
        let version = UInt32(bytes[4]) << 24 | UInt32(bytes[5]) << 16 | UInt32(bytes[6]) << 8 | UInt32(bytes[7])
        guard bytes[0] == 0x50, bytes[1] == 0x41, bytes[2] == 0x43, bytes[3] == 0x4B, version == 2 || version == 3,
              bytes[(bytes.count - 20)...].elementsEqual(index.packChecksum) else { return nil }
        self.mapping = mapping
        self.bytes = bytes
        self.index = index
    }
}

/// Reads blobs straight from the mapped packs: for one thread at a time (it keeps a zlib
/// stream and the objects it made last), so each worker makes its own with `PackSet.reader`.
///
/// Every length and offset is checked against the mapping, and anything this reader does not
/// handle or does not trust (another type, a base in another pack or loose, a failed check, a
/// damaged stream) gives nil: the caller then reads through libgit2, which decides and words
/// the error as before. Objects are not hashed, as libgit2 does not hash them either outside
/// `doctor`.
public final class PackReader {
    private let packs: [PackFile]
    private let stream: UnsafeMutablePointer<z_stream>
    private let streamReady: Bool
    private var cache = BaseCache()
    /// A delta's instructions, inflated: reused, as nearly every blob is a delta.
    private var instructions: [UInt8] = []
    /// The deltas between an object and its base, outermost first: reused.
    private var chain: [(offset: Int, data: Int, size: Int)] = []
    /// What this reader has mapped in (a pack and the range of offsets read), given back to
    /// the kernel behind the reads: a 500,000-event history's packs would otherwise stay
    /// resident whole (~90 MB), which libgit2's bounded windows avoided.
    private var touched: (pack: Int, low: Int, high: Int) = (-1, 0, 0)

    /// No object bigger than this is made here (libgit2 reads those).
    static let largest = 64 << 20
    /// Deltas on deltas beyond this depth are not followed (git writes at most 50 by default;
    /// this bounds the work on a damaged or hostile pack).
    static let deepest = 10_000
    private static let window = 1 << 20
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    init(packs: [PackFile]) {
        self.packs = packs
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        streamReady = teamflow_inflate_init(stream) == Z_OK
    }

    deinit {
        if streamReady { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        release()
    }

    /// The blob `id`, or nil where libgit2 must read it (see the type). `key`, if given, is
    /// `PackSet.order(of:)`'s key for `id` from the set that made this reader.
    public func blob(_ id: ObjectID, at key: UInt64 = .max) -> [UInt8]? {
        guard streamReady else { return nil }
        var number = 0, offset = 0
        if key != .max {
            number = Int(key >> 48)
            offset = Int(key & (PackSet.offsetLimit - 1))
            guard number < packs.count else { return nil }
        } else {
            guard let found = packs.indices.lazy.compactMap({ n in self.packs[n].index.offset(of: id).map { (n, $0) } }).first,
                  found.1 < PackSet.offsetLimit else { return nil }
            number = found.0
            offset = Int(found.1)
        }
        let made = object(in: number, at: offset)
        advance(number, to: offset)
        guard let made, made.type == 3 else { return nil }
        return made.bytes
    }

    /// The object at `start` in pack `number`, its deltas applied: a loop from the object down
    /// to a stored base (or one made earlier), then each delta applied on the way back up.
    private func object(in number: Int, at start: Int) -> (type: Int, bytes: [UInt8])? {
        let pack = packs[number]
        chain.removeAll(keepingCapacity: true)
        // A rare large delta's buffer is not kept for the small ones after it.
        defer { if instructions.count > 1 << 20 { instructions = [] } }
        var at = start
        var made: (type: Int, bytes: [UInt8])
        while true {
            if let hit = cache.object(UInt64(number) << 48 | UInt64(at)) {
                made = hit
                break
            }
            guard chain.count <= PackReader.deepest, let header = PackReader.header(pack, at: at) else { return nil }
            switch header.type {
            case 1...4:
                guard let bytes = inflated(pack, at: header.data, size: header.size) else { return nil }
                made = (header.type, bytes)
                cache.keep(UInt64(number) << 48 | UInt64(at), made)
            case 6:
                // The base's distance back: big-endian groups of 7 bits, each continuation adding
                // one (git's encoding, so that no two spellings mean the same distance).
                var p = header.data
                guard p < pack.end else { return nil }
                var byte = Int(pack.bytes[p]); p += 1
                var distance = byte & 0x7F
                while byte & 0x80 != 0 {
                    guard p < pack.end, distance < 1 << 48 else { return nil }
                    byte = Int(pack.bytes[p]); p += 1
                    distance = (distance + 1) << 7 | byte & 0x7F
                }
                // Strictly before the delta, so every chain ends.
                guard distance > 0, distance <= at else { return nil }
                chain.append((at, p, header.size))
                at -= distance
                continue
            case 7:
                // A base named by id: only one in this pack (a cycle ends at the depth bound).
                let p = header.data
                guard p + 20 <= pack.end, let start = pack.bytes.baseAddress,
                      let base = pack.index.offset(ofRaw: start + p), base < UInt64(pack.end) else { return nil }
                chain.append((at, p + 20, header.size))
                at = Int(base)
                continue
            default:
                return nil
            }
            break
        }
        while let delta = chain.popLast() {
            if instructions.count < delta.size { instructions = [UInt8](repeating: 0, count: delta.size) }
            let ok = instructions.withUnsafeMutableBytes { inflate(pack, at: delta.data, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<delta.size])) }
            guard ok, let result = PackReader.apply(instructions, count: delta.size, to: made.bytes) else { return nil }
            made = (made.type, result)
            cache.keep(UInt64(number) << 48 | UInt64(delta.offset), made)
        }
        return made
    }

    /// An object's header at `at`: its type (bits 4-6 of the first byte), its size (the
    /// first byte's low 4 bits, then 7 bits a byte, little-endian) and where what follows begins.
    private static func header(_ pack: PackFile, at: Int) -> (type: Int, size: Int, data: Int)? {
        guard at >= 12, at < pack.end else { return nil }
        var p = at
        var byte = Int(pack.bytes[p]); p += 1
        let type = byte >> 4 & 7
        var size = byte & 0x0F, shift = 4
        while byte & 0x80 != 0 {
            guard p < pack.end, shift <= 32 else { return nil }
            byte = Int(pack.bytes[p]); p += 1
            size |= (byte & 0x7F) << shift
            shift += 7
        }
        guard size <= largest else { return nil }
        return (type, size, p)
    }

    /// The zlib stream at `at`, inflated to exactly `size` bytes, or nil.
    private func inflated(_ pack: PackFile, at: Int, size: Int) -> [UInt8]? {
        var ok = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            ok = inflate(pack, at: at, into: UnsafeMutableRawBufferPointer(buffer))
            count = ok ? size : 0
        }
        return ok ? bytes : nil
    }

    /// Inflates the zlib stream at `at` into `buffer`, which it must fill exactly, the stream
    /// ending there too.
    private func inflate(_ pack: PackFile, at: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard at < pack.end, let input = pack.bytes.baseAddress, inflateReset(stream) == Z_OK else { return false }
        var spare: UInt8 = 0
        return withUnsafeMutablePointer(to: &spare) { spare -> Bool in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: (input + at).assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(min(pack.end - at, Int(uInt.max)))
            // zlib wants somewhere to write even when nothing is to be written.
            stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? spare
            stream.pointee.avail_out = uInt(buffer.count)
            let result = CGit2.inflate(stream, Z_FINISH)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
            }
            return result == Z_STREAM_END && stream.pointee.avail_out == 0 && Int(stream.pointee.total_out) == buffer.count
        }
    }

    /// git's delta format applied to `base`: the source's size and the target's (7 bits a
    /// byte, little-endian), then instructions, each copying a range of the base (high bit
    /// set; the low 4 bits say which offset bytes follow, the next 3 which size bytes, a size
    /// of 0 meaning 0x10000) or inserting the next 1-127 bytes. Nil on anything out of place.
    static func apply(_ delta: [UInt8], count: Int, to base: [UInt8]) -> [UInt8]? {
        delta.withUnsafeBufferPointer { all -> [UInt8]? in
            let delta = UnsafeBufferPointer(rebasing: all[..<min(count, all.count)])
            var p = 0
            func varint() -> Int? {
                var value = 0, shift = 0
                while p < delta.count, shift <= 28 {
                    let byte = Int(delta[p]); p += 1
                    value |= (byte & 0x7F) << shift
                    shift += 7
                    if byte & 0x80 == 0 { return value }
                }
                return nil
            }
            guard let source = varint(), source == base.count, let target = varint(), target <= largest else { return nil }
            var ok = false
            let result = base.withUnsafeBufferPointer { base in
                [UInt8](unsafeUninitializedCapacity: target) { out, written in
                    var at = 0
                    written = 0
                    while p < delta.count {
                        let op = Int(delta[p]); p += 1
                        if op & 0x80 != 0 {
                            var offset = 0, size = 0
                            for bit in 0..<4 where op & 1 << bit != 0 {
                                guard p < delta.count else { return }
                                offset |= Int(delta[p]) << (8 * bit); p += 1
                            }
                            for bit in 0..<3 where op & 0x10 << bit != 0 {
                                guard p < delta.count else { return }
                                size |= Int(delta[p]) << (8 * bit); p += 1
                            }
                            if size == 0 { size = 0x10000 }
                            guard offset <= base.count - size, size <= target - at,
                                  let from = base.baseAddress, let to = out.baseAddress else { return }
                            (to + at).update(from: from + offset, count: size)
                            at += size
                        } else if op != 0 {
                            guard op <= delta.count - p, op <= target - at,
                                  let from = delta.baseAddress, let to = out.baseAddress else { return }
                            (to + at).update(from: from + p, count: op)
                            p += op
                            at += op
                        } else {
                            return
                        }
                    }
                    guard at == target else { return }
                    ok = true
                    written = target
                }
            }
            return ok ? result : nil
        }
    }

    /// Notes a read at `offset` in pack `number` and gives back the pages behind it (or all
    /// those of the pack left), which stay in the page cache: reading them again costs a minor
    /// fault. From the start of the pack, not of this reader's range: the bases of deltas lie
    /// anywhere before it. Another reader in the same pack only faults its pages back in.
    private func advance(_ number: Int, to offset: Int) {
        if touched.pack != number {
            release()
            touched = (number, 0, offset)
        } else if offset > touched.high {
            touched.high = offset
        }
        if touched.high - touched.low > 2 * PackReader.window {
            let end = (touched.high - PackReader.window) / PackReader.page * PackReader.page
            if let base = packs[number].bytes.baseAddress {
                madvise(UnsafeMutableRawPointer(mutating: base), end, Int32(MADV_DONTNEED))
            }
            touched.low = end
        }
    }

    /// Gives back every page of the current pack.
    private func release() {
        guard touched.pack >= 0, touched.pack < packs.count, let base = packs[touched.pack].bytes.baseAddress else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), packs[touched.pack].bytes.count, Int32(MADV_DONTNEED))
        touched = (-1, 0, 0)
    }
}

/// Objects made recently, by place in the packs, one slot per hash of the place, bounded in
/// bytes. A delta's base is not always near it: in a pack of libgit2's packbuilder (teamflow's
/// import) half the bases lie more than 800 KB before their deltas. At 50,000 events
/// (237-byte blobs on average, two readers), 16,384 slots inflate 57,600 objects for the
/// 50,000 blobs, 4,096 slots 68,400, an unbounded cache 52,800.
private struct BaseCache {
    private static let slots = 16_384
    private static let budget = 8 << 20
    private var keys = [UInt64](repeating: .max, count: BaseCache.slots)
    private var values = [(type: Int, bytes: [UInt8])](repeating: (0, []), count: BaseCache.slots)
    private var held = 0

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slots.trailingZeroBitCount))
    }

    func object(_ key: UInt64) -> (type: Int, bytes: [UInt8])? {
        let slot = BaseCache.slot(key)
        return keys[slot] == key ? values[slot] : nil
    }

    mutating func keep(_ key: UInt64, _ object: (type: Int, bytes: [UInt8])) {
        let slot = BaseCache.slot(key)
        let after = held - values[slot].bytes.count + object.bytes.count
        guard after <= BaseCache.budget else { return }
        keys[slot] = key
        values[slot] = object
        held = after
    }
}
