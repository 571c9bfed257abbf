import Foundation

/// Where one worker of a streaming replay keeps the raw event bytes between reading them (in
/// pack order) and decoding them (in clock order).
///
/// A small history stays in memory. Past `spillThreshold` bytes the arena moves into an
/// unnamed temporary file in the repository's git directory (`O_TMPFILE`: no name is ever
/// visible and nothing is left behind, even if the process is killed), and pass two reads
/// back each chunk's bytes with a few `pread`s. The bytes then sit in the kernel's page cache,
/// which it can write out or drop under pressure, instead of in the process: at 500,000
/// events they were 96 MB of a cold rebuild's ~320 MB. Reading them back is cheap because
/// clock order is close to pack order in practice (an import writes its packs in clock order,
/// and `git gc` by recency), so a chunk's bytes are a few long runs of the file.
///
/// Where the temporary file cannot be made (a file system without `O_TMPFILE`, a read-only
/// git directory), the arena stays in memory as before; where a write fails (a full disk),
/// what was written is read back and the arena carries on in memory. Either way the replay's
/// result is the same.
final class ReplayArena: @unchecked Sendable {
    /// Bytes held in memory before the arena moves into a temporary file.
    static let spillThreshold = 4 << 20
    /// Writes are gathered into blocks of this size.
    private static let block = 1 << 20

    private let directory: String?
    private let threshold: Int
    /// Everything while in memory; the bytes not yet written once spilled.
    private var memory: [UInt8] = []
    private var file: Int32 = -1
    /// Bytes already in the file, and so the file offset of `memory`'s first byte.
    private var written = 0
    /// Whether the bytes could not be kept at all (a spilled file that could not be read
    /// back after a failed write); the replay then gives up.
    private(set) var failed = false
    /// How many times the arena tried to move into a file: once at most. Where the file could
    /// not be made, or a write to it failed, the arena stays in memory: trying again would cost
    /// a failed `open`, or a rewrite of everything held, append after append.
    private(set) var spillAttempts = 0

    /// An arena that spills into `directory` past `threshold` bytes (never, without one).
    init(spillingInto directory: String?, threshold: Int = ReplayArena.spillThreshold) {
        self.directory = directory
        self.threshold = threshold
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// Whether the bytes are in a temporary file (for the tests and the trace).
    var isSpilled: Bool { file >= 0 }

    /// All bytes appended so far.
    var count: Int { written + memory.count }

    /// Appends `bytes`; returns where they start.
    func append(_ bytes: [UInt8]) -> Int {
        // Spilling before the array would grow past the threshold: growing copies it into one
        // twice the size, so the threshold bounds what is ever held at once.
        if file < 0, spillAttempts == 0, memory.count + bytes.count > threshold, let directory { spill(into: directory) }
        let offset = count
        memory.append(contentsOf: bytes)
        if file >= 0, memory.count >= ReplayArena.block { flush() }
        return offset
    }

    /// Writes out what is pending; called once pass one is over.
    func finish() {
        if file >= 0 { flush() }
    }

    private func spill(into directory: String) {
        #if os(Linux)
        // O_TMPFILE, which Glibc's module does not export: an unnamed file in `directory`.
        spillAttempts += 1
        let temporaryFile: Int32 = 0o20000000 | O_DIRECTORY
        let fd = open(directory, temporaryFile | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        file = fd
        flush()
        #endif
    }

    /// Writes `memory` at the end of the file, or, when that fails, takes the file's bytes back
    /// into memory and stays there.
    private func flush() {
        let wrote = memory.withUnsafeBytes { bytes -> Bool in
            var done = 0
            while done < bytes.count {
                let result = pwrite(file, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(written + done))
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                done += result
            }
            return true
        }
        if wrote {
            written += memory.count
            // Not keeping the capacity the arena grew to in memory before it spilled.
            memory = []
            memory.reserveCapacity(ReplayArena.block + (1 << 16))
            return
        }
        var back = [UInt8](repeating: 0, count: written)
        if !readFully(into: &back, at: 0, count: written, from: 0) { failed = true }
        close(file)
        file = -1
        back.append(contentsOf: memory)
        memory = back
        written = 0
    }

    /// Reads `count` bytes at `offset` of the file into `buffer` from `start` on.
    private func readFully(into buffer: inout [UInt8], at start: Int, count: Int, from offset: Int) -> Bool {
        buffer.withUnsafeMutableBytes { bytes in
            var done = 0
            while done < count {
                let result = pread(file, bytes.baseAddress.map { $0 + start + done }, count - done, off_t(offset + done))
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                done += result
            }
            return true
        }
    }

    /// The bytes of `ranges` (each within what was appended): for an arena in memory, the
    /// arena itself and the ranges as they are; for a spilled one, one buffer read with a
    /// `pread` per run of nearby ranges, and each range's place in it. Nil if a read fails.
    func load(_ ranges: [Range<Int>]) -> (bytes: [UInt8], places: [Range<Int>])? {
        guard file >= 0 else { return (memory, ranges) }
        // In file order, ranges less than a page apart are read together.
        let order = ranges.indices.sorted { ranges[$0].lowerBound < ranges[$1].lowerBound }
        var places = [Range<Int>](repeating: 0..<0, count: ranges.count)
        var bytes: [UInt8] = []
        var position = 0
        while position < order.count {
            let start = ranges[order[position]].lowerBound
            var end = ranges[order[position]].upperBound
            var last = position
            while last + 1 < order.count, ranges[order[last + 1]].lowerBound <= end + 4_096 {
                last += 1
                end = max(end, ranges[order[last]].upperBound)
            }
            let base = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: end - start))
            guard readFully(into: &bytes, at: base, count: end - start, from: start) else { return nil }
            for index in order[position...last] {
                let range = ranges[index]
                places[index] = (base + range.lowerBound - start)..<(base + range.upperBound - start)
            }
            position = last + 1
        }
        return (bytes, places)
    }
}
