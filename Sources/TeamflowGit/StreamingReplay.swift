import Dispatch
import Git
import TeamflowCore

/// Folds a whole history in bounded memory: a cold rebuild of 500,000 events used to hold
/// every blob and every decoded event at once (~800 MB).
///
/// Pass one reads each blob once into one contiguous arena and takes its clock from the
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
        var offset: Int
        var length: Int32
    }

    func fold(_ files: [EventFile]) -> (state: TeamState, diagnostics: [Diagnostic])? {
        Trace.memory("replay files listed")
        guard files.allSatisfy({ TreeLayout.isCanonical($0.path) }) else { return nil }
        var arena: [UInt8] = []
        var entries: [Entry] = []
        entries.reserveCapacity(files.count)
        var diagnostics: [Diagnostic] = []
        for (index, file) in files.enumerated() {
            let bytes: [UInt8]
            do {
                bytes = try repository.readBlob(file.blob)
            } catch {
                diagnostics.append(Diagnostic(path: file.path, message: "unreadable: \(error); skipped"))
                continue
            }
            guard let clock = ClockScan.plainClock(bytes), bytes.count < Int(Int32.max) else {
                // Not our layout: the full parser decides (and words the problem).
                switch EventTreeReader.parse(path: file.path, blob: .success(bytes)) {
                case .problem(let diagnostic): diagnostics.append(diagnostic); continue
                case .event(let event, _):
                    entries.append(Entry(clock: event.clock, file: Int32(index), offset: arena.count, length: Int32(bytes.count)))
                }
                arena.append(contentsOf: bytes)
                continue
            }
            entries.append(Entry(clock: clock, file: Int32(index), offset: arena.count, length: Int32(bytes.count)))
            arena.append(contentsOf: bytes)
        }
        Trace.memory("replay pass one (arena \(arena.count / 1_048_576) MB)")
        let ids = files.map { Substring($0.path.split(separator: "/").last?.dropLast(TreeLayout.fileExtension.count) ?? "") }
        entries.sort { $0.clock != $1.clock ? $0.clock < $1.clock : ids[Int($0.file)] < ids[Int($1.file)] }

        Trace.memory("replay sorted")
        var state = TeamState()
        var start = 0
        var decoding: UInt64 = 0, folding: UInt64 = 0
        while start < entries.count {
            let slice = Array(entries[start..<min(entries.count, start + StreamingReplay.chunk)])
            start += slice.count
            let t0 = DispatchTime.now().uptimeNanoseconds
            let parsed = arena.withUnsafeBufferPointer { buffer in
                let base = UnsafeBufferPointerBox(buffer)
                return ParallelMap.map(count: slice.count) { i in
                    let entry = slice[i]
                    let bytes = Array(base.buffer[entry.offset..<entry.offset + Int(entry.length)])
                    return EventTreeReader.parse(path: files[Int(entry.file)].path, blob: .success(bytes))
                }
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
                        diagnostics.append(Diagnostic(path: file.path, line: idMark?.line, column: idMark?.column,
                                                      message: "the event id '\(event.id)' does not match the file name; skipped"))
                        continue
                    }
                    // The order was taken from the clock line; the parser must agree with it.
                    guard event.clock == entry.clock else { return nil }
                    state.apply(event)
                }
            }
        }
        Trace.memory("replay folded (decoding \(decoding / 1_000_000) ms, folding \(folding / 1_000_000) ms)")
        diagnostics.sort { $0.path < $1.path }
        return (state, diagnostics)
    }
}

/// Lets the parallel decoder read the arena without copying it (read-only while it runs).
private struct UnsafeBufferPointerBox: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
}
