import Dispatch
import Foundation
internal import Git
import TeamflowCore

/// Folds a whole history in bounded memory: a cold rebuild of 500,000 events used to hold
/// every blob and every decoded event at once (~800 MB).
///
/// Pass one reads each blob once (on every core, each worker with its own repository handle)
/// into contiguous arenas and takes its clock from the
/// `clock:` line (the layout every writer of ours uses); pass two sorts by (clock, id),
/// decodes chunks on every core and folds each chunk before decoding the next, so only the
/// raw bytes and one chunk of events are ever held. Histories this cannot handle exactly as
/// `EventTreeReader.load` would (files outside the canonical paths, where two files may share
/// an id; a clock line the full parser reads differently) return nil and take that path.
struct StreamingReplay {
    let repository: Repository
    /// Raw bytes a worker holds in memory before they move into a temporary file (see
    /// `ReplayArena`); the tests lower it to take that path with a small history.
    var spillThreshold = ReplayArena.spillThreshold
    /// Events decoded and folded per step.
    static let chunk = 4_096
    /// Files from which pass one reads in pack order, on every core, with its own pack
    /// readers; the tests lower it to take that path with a small history.
    var packedReads = 4_096

    /// One file read in pass one: 24 bytes, one per event of the history, all held at once.
    private struct Entry {
        var clock: Int
        /// Which worker's arena holds the bytes (the top byte) and where in it (the rest).
        private var location: Int
        var file: Int32
        var length: Int32

        init(clock: Int, file: Int32, arena: Int, offset: Int, length: Int32) {
            self.clock = clock
            self.file = file
            self.length = length
            location = arena << 56 | offset
        }

        var arena: Int { location >> 56 }
        var offset: Int { location & (1 << 56 - 1) }
    }

    /// One worker's share of pass one.
    private final class Share: @unchecked Sendable {
        let arena: ReplayArena
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var failed = false
        /// Blobs read through libgit2 (the pack reader left them, or there was none): traced.
        var viaLibgit2 = 0

        init(arena: ReplayArena) { self.arena = arena }
    }

    /// The order pass one reads `files` in, with each file's place in `packs`: as stored in
    /// the packs (`PackSet.order`), so each worker walks its share of a pack front to back
    /// instead of jumping around it. A small history (no `packs`) is read as listed.
    static func readingOrder(_ files: EventListing, in packs: PackSet?) -> [(key: UInt64, file: Int32)] {
        guard let packs else { return files.indices.map { (key: UInt64.max, file: Int32(truncatingIfNeeded: $0)) } }
        let keys = packs.order(of: files.blobs)
        var pairs = keys.indices.map { (key: keys[$0], file: Int32(truncatingIfNeeded: $0)) }
        pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.file < $1.file }
        return pairs
    }

    /// Folds `files` in (clock, id) order, or returns nil where `EventTreeReader.load` must
    /// decide instead. `visit` sees each folded event with the index of its file, in order;
    /// after a nil it may have seen some, so a caller starts its own work over. Without
    /// `applying`, events are only visited (the state returned is empty). With `strictIDs`, an
    /// event whose id does not match its file's name makes the fold give up instead of being
    /// skipped (export keeps such events, as it always has).
    func fold(_ files: EventListing, applying: Bool = true, strictIDs: Bool = false,
              visit: (Event, Int) -> Void = { _, _ in }) -> (state: TeamState, diagnostics: [Diagnostic])? {
        Trace.memory("replay files listed")
        guard files.indices.allSatisfy(files.isCanonical(at:)) else { return nil }
        // Pass one on every core: libgit2 serialises reads on one handle, so each worker opens
        // its own (separate handles coordinate like separate processes).
        let workers = files.count < 4_096 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let gitDirectory = repository.gitDirectory
        let shares = (0..<workers).map { [spillThreshold] _ in
            Share(arena: ReplayArena(spillingInto: gitDirectory, threshold: spillThreshold))
        }
        let span = (files.count + workers - 1) / max(workers, 1)
        // From the size at which pass one reads in pack order, each worker reads the packs
        // itself (`PackReader`: no lock shared with the other workers) and asks libgit2 only
        // for what that reader leaves (loose objects, anything it does not trust), and for
        // everything while `doctor` checks objects against their ids. In a scope of its own, so
        // that the packs are unmapped and their indexes freed before pass two.
        do {
            let packs = files.count >= packedReads ? repository.packs() : nil
            let order = StreamingReplay.readingOrder(files, in: packs)
            let main = UncheckedBox(repository)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let share = shares[worker]
                let packed = packs?.reader()
                var opened = worker == 0 ? main.value : nil
                let range = (worker * span)..<min(files.count, (worker + 1) * span)
                share.entries.reserveCapacity(range.count)
                for (key, file) in order[range] {
                    let index = Int(file)
                    let bytes: [UInt8]
                    do {
                        if let read = packed?.blob(files.blobs[index], at: key) {
                            bytes = read
                        } else {
                            // Opened when first needed: with the packs read directly, seldom.
                            if opened == nil { opened = try? Repository.open(at: gitDirectory) }
                            guard let reader = opened else { share.failed = true; return }
                            share.viaLibgit2 += 1
                            bytes = try reader.readBlob(files.blobs[index])
                        }
                    } catch {
                        share.diagnostics.append(Diagnostic(path: files.path(at: index), message: "unreadable: \(error); skipped"))
                        continue
                    }
                    guard bytes.count < Int(Int32.max) else { share.failed = true; return }
                    var clock = ClockScan.plainClock(bytes)
                    if clock == nil {
                        // Not our layout: the full parser decides (and words the problem).
                        switch EventTreeReader.parse(path: files.path(at: index), blob: .success(bytes)) {
                        case .problem(let diagnostic): share.diagnostics.append(diagnostic); continue
                        case .event(let event, _): clock = event.clock
                        }
                    }
                    share.entries.append(Entry(clock: clock ?? 0, file: Int32(index), arena: worker,
                                               offset: share.arena.append(bytes), length: Int32(bytes.count)))
                }
                share.arena.finish()
            }
        }
        guard !shares.contains(where: { $0.failed || $0.arena.failed }) else { return nil }
        // One share at a time, each freed once copied: a flatMap would hold them all twice.
        var entries: [Entry] = []
        entries.reserveCapacity(shares.reduce(0) { $0 + $1.entries.count })
        for share in shares {
            entries += share.entries
            share.entries = []
        }
        var diagnostics = shares.flatMap(\.diagnostics)
        let arenas = shares.map(\.arena)
        Trace.memory("replay pass one (arenas \(arenas.map(\.count).reduce(0, +) / 1_048_576) MB, "
            + "\(arenas.filter(\.isSpilled).count) of \(arenas.count) in temporary files, "
            + "\(shares.reduce(0) { $0 + $1.viaLibgit2 }) blobs read through libgit2)")
        entries.sort { $0.clock != $1.clock ? $0.clock < $1.clock : StreamingReplay.id(files.idUTF8(at: Int($0.file)), precedes: files.idUTF8(at: Int($1.file))) }
        // Within one layout a path names its id, so ids are unique; across the two (the layout
        // changed once) the same id could sit in both places, and then the full read decides
        // which copy counts, exactly as before. The smaller group is the one held in a set.
        let legacy = files.indices.filter { files.pathUTF8(at: $0).count - files.idUTF8(at: $0).count == TreeLayout.legacyPrefixLength }
        if !legacy.isEmpty, legacy.count < files.count {
            let legacySet = Set(legacy)
            let (small, large) = legacy.count * 2 <= files.count
                ? (legacy, files.indices.filter { !legacySet.contains($0) }) : (files.indices.filter { !legacySet.contains($0) }, legacy)
            let known = Set(small.map { String(decoding: files.idUTF8(at: $0), as: UTF8.self) })
            if large.contains(where: { known.contains(String(decoding: files.idUTF8(at: $0), as: UTF8.self)) }) { return nil }
        }

        Trace.memory("replay sorted")
        // Chunk k + 1 is decoded (on every core) while chunk k is folded (on this thread, as
        // folding is sequential): the fold no longer leaves the other cores idle.
        let sorted = entries
        entries = []
        let chunks = stride(from: 0, to: sorted.count, by: StreamingReplay.chunk).map { $0 ..< min(sorted.count, $0 + StreamingReplay.chunk) }
        let decode: @Sendable (Range<Int>) -> [EventTreeReader.Parsed]? = { range in
            let slice = Array(sorted[range])
            guard let (buffers, places) = StreamingReplay.bytes(of: slice, in: arenas) else { return nil }
            return ParallelMap.map(count: slice.count) { i in
                let (buffer, range) = places[i]
                let fast = buffers[buffer].withUnsafeBufferPointer { FastEventDecoder.decode(UnsafeBufferPointer(rebasing: $0[range])) }
                if let fast { return EventTreeReader.Parsed.event(fast, idMark: nil) }
                return EventTreeReader.parse(path: files.path(at: Int(slice[i].file)), blob: .success(Array(buffers[buffer][range])))
            }
        }
        var state = TeamState()
        var waiting: UInt64 = 0, folding: UInt64 = 0
        var current = chunks.first.map(decode)
        for (number, range) in chunks.enumerated() {
            let ahead = DecodedChunk()
            let group = DispatchGroup()
            if number + 1 < chunks.count {
                let next = chunks[number + 1]
                DispatchQueue.global().async(group: group) { ahead.parsed = decode(next) }
            }
            // Whatever happens to this chunk, the next one's decoding is over before going on.
            defer {
                let t0 = DispatchTime.now().uptimeNanoseconds
                group.wait()
                waiting += DispatchTime.now().uptimeNanoseconds - t0
                current = ahead.parsed
            }
            guard let parsed = current ?? nil else { return nil }
            let t0 = DispatchTime.now().uptimeNanoseconds
            defer { folding += DispatchTime.now().uptimeNanoseconds - t0 }
            for (entry, result) in zip(sorted[range], parsed) {
                switch result {
                case .problem(let diagnostic):
                    diagnostics.append(diagnostic)
                case .event(let event, let idMark):
                    guard StreamingReplay.id(event.id, names: files.idUTF8(at: Int(entry.file))) else {
                        if strictIDs { return nil }
                        diagnostics.append(Diagnostic(path: files.path(at: Int(entry.file)), line: idMark?.line, column: idMark?.column,
                                                      message: "the event id '\(event.id)' does not match the file name; skipped"))
                        continue
                    }
                    // The order was taken from the clock line; the parser must agree with it.
                    guard event.clock == entry.clock else { return nil }
                    if applying { state.apply(event) }
                    visit(event, Int(entry.file))
                }
            }
        }
        Trace.memory("replay folded (folding \(folding / 1_000_000) ms, then waiting for decoding \(waiting / 1_000_000) ms)")
        diagnostics.sort { $0.path < $1.path }
        return (state, diagnostics)
    }

    /// Whether `id` is the id a file's name gives: the bytes are compared, and where they
    /// differ, the strings (which `==` compares by canonical equivalence, as the full read does).
    private static func id(_ id: String, names name: ArraySlice<UInt8>) -> Bool {
        // Compared as two buffers: `utf8.elementsEqual` walked two generic iterators, ~1,100
        // instructions an event on the fold's own thread.
        var id = id
        let same = id.withUTF8 { bytes in name.withUnsafeBufferPointer { bytes.elementsEqual($0) } }
        return same || id == String(decoding: name, as: UTF8.self)
    }

    /// The (clock, id) order's tie-break on two file names' ids: by bytes where both are
    /// ASCII (the same order as `String`'s `<` there), by `String`'s `<` otherwise.
    private static func id(_ left: ArraySlice<UInt8>, precedes right: ArraySlice<UInt8>) -> Bool {
        if left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) { return left.lexicographicallyPrecedes(right) }
        return String(decoding: left, as: UTF8.self) < String(decoding: right, as: UTF8.self)
    }

    /// The raw bytes of a chunk's entries: one buffer per arena the chunk touches (an arena in
    /// memory is passed as it is; a spilled one is read back) and, for each entry, its buffer
    /// and its range in it. Nil if a spilled arena cannot be read back.
    private static func bytes(of slice: [Entry], in arenas: [ReplayArena]) -> (buffers: [[UInt8]], places: [(Int, Range<Int>)])? {
        var members = [[Int]](repeating: [], count: arenas.count)
        for (index, entry) in slice.enumerated() { members[entry.arena].append(index) }
        var buffers: [[UInt8]] = []
        var places = [(Int, Range<Int>)](repeating: (0, 0..<0), count: slice.count)
        for (arena, indices) in members.enumerated() where !indices.isEmpty {
            let ranges = indices.map { slice[$0].offset ..< slice[$0].offset + Int(slice[$0].length) }
            guard let loaded = arenas[arena].load(ranges) else { return nil }
            for (index, place) in zip(indices, loaded.places) { places[index] = (buffers.count, place) }
            buffers.append(loaded.bytes)
        }
        return (buffers, places)
    }
}

/// The next chunk's events, decoded on another thread while this one is folded.
private final class DecodedChunk: @unchecked Sendable {
    /// Written before the group is left, read after it is waited for.
    var parsed: [EventTreeReader.Parsed]?? = .none
}

/// Hands the caller's repository to the first worker, which alone uses it while the others
/// open their own.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
