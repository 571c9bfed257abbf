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
    /// Events decoded and folded per step.
    static let chunk = 8_192

    private struct Entry {
        var clock: Int
        var file: Int32
        /// Which worker's arena holds the bytes.
        var arena: Int32
        var offset: Int
        var length: Int32
    }

    /// One worker's share of pass one.
    private final class Share: @unchecked Sendable {
        var arena: [UInt8] = []
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var failed = false
    }

    /// The order pass one reads `files` in: as stored in the packs, so each worker walks its
    /// share of a pack front to back instead of mapping windows for random reads (see
    /// `Repository.packOrder`). A small history is read as listed.
    static func readingOrder(_ files: [EventFile], in repository: Repository) -> [Int] {
        guard files.count >= 4_096 else { return Array(files.indices) }
        let keys = repository.packOrder(of: files.map(\.blob))
        var pairs = keys.indices.map { (key: keys[$0], file: Int32(truncatingIfNeeded: $0)) }
        pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.file < $1.file }
        return pairs.map { Int($0.file) }
    }

    /// Folds `files` in (clock, id) order, or returns nil where `EventTreeReader.load` must
    /// decide instead. `visit` sees each folded event with the index of its file, in order;
    /// after a nil it may have seen some, so a caller starts its own work over. Without
    /// `applying`, events are only visited (the state returned is empty). With `strictIDs`, an
    /// event whose id does not match its file's name makes the fold give up instead of being
    /// skipped (export keeps such events, as it always has).
    func fold(_ files: [EventFile], applying: Bool = true, strictIDs: Bool = false,
              visit: (Event, Int) -> Void = { _, _ in }) -> (state: TeamState, diagnostics: [Diagnostic])? {
        Trace.memory("replay files listed")
        guard files.allSatisfy({ TreeLayout.isCanonical($0.path) }) else { return nil }
        // Pass one on every core: libgit2 serialises reads on one handle, so each worker opens
        // its own (separate handles coordinate like separate processes).
        let workers = files.count < 4_096 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let shares = (0..<workers).map { _ in Share() }
        let span = (files.count + workers - 1) / max(workers, 1)
        let order = StreamingReplay.readingOrder(files, in: repository)
        let gitDirectory = repository.gitDirectory
        let main = UncheckedBox(repository)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let share = shares[worker]
            guard let reader = worker == 0 ? main.value : try? Repository.open(at: gitDirectory) else {
                share.failed = true
                return
            }
            let range = (worker * span)..<min(files.count, (worker + 1) * span)
            share.entries.reserveCapacity(range.count)
            share.arena.reserveCapacity(range.count * 256)
            for index in order[range] {
                let file = files[index]
                let bytes: [UInt8]
                do {
                    bytes = try reader.readBlob(file.blob)
                } catch {
                    share.diagnostics.append(Diagnostic(path: file.path, message: "unreadable: \(error); skipped"))
                    continue
                }
                guard bytes.count < Int(Int32.max) else { share.failed = true; return }
                var clock = ClockScan.plainClock(bytes)
                if clock == nil {
                    // Not our layout: the full parser decides (and words the problem).
                    switch EventTreeReader.parse(path: file.path, blob: .success(bytes)) {
                    case .problem(let diagnostic): share.diagnostics.append(diagnostic); continue
                    case .event(let event, _): clock = event.clock
                    }
                }
                share.entries.append(Entry(clock: clock ?? 0, file: Int32(index), arena: Int32(worker),
                                           offset: share.arena.count, length: Int32(bytes.count)))
                share.arena.append(contentsOf: bytes)
            }
        }
        guard !shares.contains(where: \.failed) else { return nil }
        var entries = shares.flatMap(\.entries)
        var diagnostics = shares.flatMap(\.diagnostics)
        let arenas = shares.map(\.arena)
        shares.forEach { $0.entries = []; $0.arena = [] }
        Trace.memory("replay pass one (arenas \(arenas.map(\.count).reduce(0, +) / 1_048_576) MB)")
        let ids = files.map { TreeLayout.id(ofPath: $0.path) }
        entries.sort { $0.clock != $1.clock ? $0.clock < $1.clock : ids[Int($0.file)] < ids[Int($1.file)] }
        // Within one layout a path names its id, so ids are unique; across the two (the layout
        // changed once) the same id could sit in both places, and then the full read decides
        // which copy counts, exactly as before. The smaller group is the one held in a set.
        let legacy = ids.indices.filter { files[$0].path.utf8.count - ids[$0].utf8.count == TreeLayout.legacyPrefixLength }
        if !legacy.isEmpty, legacy.count < ids.count {
            let legacySet = Set(legacy)
            let (small, large) = legacy.count * 2 <= ids.count
                ? (legacy, ids.indices.filter { !legacySet.contains($0) }) : (ids.indices.filter { !legacySet.contains($0) }, legacy)
            let known = Set(small.map { ids[$0] })
            if large.contains(where: { known.contains(ids[$0]) }) { return nil }
        }

        Trace.memory("replay sorted")
        var state = TeamState()
        var start = 0
        var decoding: UInt64 = 0, folding: UInt64 = 0
        while start < entries.count {
            let slice = Array(entries[start..<min(entries.count, start + StreamingReplay.chunk)])
            start += slice.count
            let t0 = DispatchTime.now().uptimeNanoseconds
            let parsed = ParallelMap.map(count: slice.count) { i in
                let entry = slice[i]
                let range = entry.offset..<entry.offset + Int(entry.length)
                let fast = arenas[Int(entry.arena)].withUnsafeBufferPointer { FastEventDecoder.decode(UnsafeBufferPointer(rebasing: $0[range])) }
                if let fast { return EventTreeReader.Parsed.event(fast, idMark: nil) }
                return EventTreeReader.parse(path: files[Int(entry.file)].path, blob: .success(Array(arenas[Int(entry.arena)][range])))
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            decoding += t1 - t0
            defer { folding += DispatchTime.now().uptimeNanoseconds - t1 }
            for (entry, result) in zip(slice, parsed) {
                let file = files[Int(entry.file)]
                switch result {
                case .problem(let diagnostic):
                    diagnostics.append(diagnostic)
                case .event(let event, let idMark):
                    guard event.id == ids[Int(entry.file)] else {
                        if strictIDs { return nil }
                        diagnostics.append(Diagnostic(path: file.path, line: idMark?.line, column: idMark?.column,
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
        Trace.memory("replay folded (decoding \(decoding / 1_000_000) ms, folding \(folding / 1_000_000) ms)")
        diagnostics.sort { $0.path < $1.path }
        return (state, diagnostics)
    }
}

/// Hands the caller's repository to the first worker, which alone uses it while the others
/// open their own.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
