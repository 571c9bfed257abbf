import Foundation
internal import Git
public import TeamflowCore
import YAML

extension GitEventStore {
    /// Every readable event as one multi-document YAML stream, oldest first, each in its
    /// canonical form (unknown fields travel too).
    public func exportStream() throws -> String {
        var stream = ""
        try exportDocuments(write: { stream += $0 }, restart: { stream = "" })
        return stream
    }

    /// `exportStream()` handed to `write` a piece at a time (whole lines, at most about 1 MiB),
    /// holding neither the events nor the text: the stream goes through a temporary file,
    /// readable by its owner only (it holds the team's history).
    public func exportStream(into write: (String) throws -> Void) throws {
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("teamflow-export-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            try writeExport(to: temporary, attributes: [.posixPermissions: 0o600])
        } catch let failure as ExportFileFailure {
            throw TeamflowError(.failure, "cannot write the export's temporary file \(temporary.path): \(failure.underlying.localizedDescription)")
        }
        let file = try FileHandle(forReadingFrom: temporary)
        defer { try? file.close() }
        var pending: [UInt8] = []
        while let data = try file.read(upToCount: 1 << 20), !data.isEmpty {
            pending.append(contentsOf: data)
            // Cut after the last newline so no UTF-8 sequence is split.
            guard let last = pending.lastIndex(of: 0x0A) else { continue }
            try write(String(decoding: pending[...last], as: UTF8.self))
            pending.removeSubrange(...last)
        }
        if !pending.isEmpty { try write(String(decoding: pending, as: UTF8.self)) }
    }

    /// Writes the export to a new file at `url`, streaming. Failures of the file itself are
    /// thrown as `ExportFileFailure`, those of reading the history as they come.
    func writeExport(to url: URL, attributes: [FileAttributeKey: Any]? = nil) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: attributes) else {
            throw ExportFileFailure(underlying: CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]))
        }
        let file: FileHandle
        do { file = try FileHandle(forWritingTo: url) } catch { throw ExportFileFailure(underlying: error) }
        defer { try? file.close() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        func flush() throws {
            do { try file.write(contentsOf: buffer) } catch { throw ExportFileFailure(underlying: error) }
            buffer.removeAll(keepingCapacity: true)
        }
        try exportDocuments(write: { text in
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { try flush() }
        }, restart: {
            buffer.removeAll(keepingCapacity: true)
            do { try file.truncate(atOffset: 0) } catch { throw ExportFileFailure(underlying: error) }
        })
        try flush()
    }

    /// The export's documents (`---` and the text) to `write`, one at a time. The streaming
    /// replay's order is (clock, id), the export's, so each event is written as it is decoded;
    /// where the replay gives up part way (a file's clock line and its parse disagree), what
    /// was written is dropped with `restart` and the history is read whole instead.
    private func exportDocuments(write: (String) throws -> Void, restart: () throws -> Void) throws {
        guard let tip = try tip() else { return }
        let files = try reader.eventFiles(rootTree: repository.readCommit(tip).tree)
        var failure: (any Error)?
        let streamed = StreamingReplay(repository: repository).fold(files, applying: false, strictIDs: true) { event, _ in
            guard failure == nil else { return }
            // Canonical text, as import writes it: re-emitting the parsed node could turn
            // a string written plain by a YAML 1.1 tool into a float.
            do { try write("---\n" + EventCodec.encode(event)) } catch { failure = error }
        }
        if let failure { throw failure }
        if let streamed {
            report(streamed.diagnostics)
            return
        }
        try restart()
        var documents: [(event: Event, text: String)] = []
        var seen = Set<String>()
        var skipped: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            do {
                let node = try YAML.parse(bytes: try repository.readBlob(file.blob), file: file.path,
                                          maxAliasExpansion: EventCodec.maxAliasExpansion)
                let event = try EventCodec.decode(node)
                guard seen.insert(event.id).inserted else { continue }
                documents.append((event, EventCodec.encode(event)))
            } catch {
                // Never exported half-valid; reported like every other reader does.
                skipped += reader.load([file]).diagnostics
                continue
            }
        }
        report(skipped)
        documents.sort { Event.precedes($0.event, $1.event) }
        for document in documents { try write("---\n" + document.text) }
    }

    /// The newest events first. Skipped files are reported, as by every other reader.
    public func log(limit: Int?) throws -> [Event] {
        let (events, diagnostics) = try loadAll()
        report(diagnostics)
        let newestFirst = events.reversed()
        return Array(limit.map { newestFirst.prefix($0) } ?? newestFirst[...])
    }

    /// Every problem in the history: corrupt or duplicate files, clock anomalies, data that
    /// does not fit its type, parent cycles, entries that are not events, and a cached state
    /// that differs from a replay (the cache is then rebuilt).
    ///
    /// The history is decoded once: one replay folds the state, runs every per-event check as
    /// the events pass (no list of them is kept) and notes each file's clock, which the Lamport
    /// check and the cache comparison then use instead of reading the blobs again.
    public func doctor() throws -> [Diagnostic] {
        try examine().problems
    }

    /// `examine`'s reads check every object against its id, as `git fsck` does (other reads do
    /// not, as in git: see `Repository.verifyingObjectHashes`).
    func examine() throws -> (problems: [Diagnostic], events: Int) {
        try Repository.verifyingObjectHashes { try examineHistory() }
    }

    /// `doctor`'s work, with the number of readable events it folded (each counted as the
    /// replay passes it, so `checkup` need not decode the history a second time).
    private func examineHistory() throws -> (problems: [Diagnostic], events: Int) {
        guard let tip = try tip() else { return ([], 0) }
        let root = try repository.readCommit(tip).tree
        var files = try reader.eventFiles(rootTree: root)
        var checks = EventChecks()
        // The clock of each file the replay folded, by its place in the listing.
        var known = KnownClocks(files: files)
        var readable = 0
        let replayed: (state: TeamState, diagnostics: [Diagnostic])
        if let streamed = Trace.measure("doctor replay (streaming)", {
            StreamingReplay(repository: repository).fold(files) { event, file in
                checks.check(event, path: files.path(at: file))
                known.clocks[file] = event.clock
                readable += 1
            }
        }) {
            replayed = streamed
        } else {
            checks = EventChecks()
            known = KnownClocks(files: [])
            let (events, diagnostics) = reader.load(files)
            readable = events.count
            // Where each event really is (older histories use another layout).
            var paths: [String: String] = [:]
            for file in files where paths[String(TreeLayout.id(ofPath: file.path))] == nil {
                paths[String(TreeLayout.id(ofPath: file.path))] = file.path
            }
            for event in events { checks.check(event, path: paths[event.id] ?? TreeLayout.path(of: event.id)) }
            var state = TeamState()
            state.apply(events)
            replayed = (state, diagnostics)
        }
        var problems = replayed.diagnostics
        Trace.memory("doctor replayed")
        problems += try reader.strayEntries(rootTree: root)
        do {
            problems += try lamportProblems(tip: tip, known: known)
        } catch {
            // A shallow history cannot be replayed; every check on the tree still ran.
            guard let boundary = shallowBoundary(explaining: error, tips: [tip]) else { throw error }
            problems.append(shallowDiagnostic(boundary: boundary))
        }
        known = KnownClocks(files: [])
        Trace.memory("doctor lamport checked")
        problems += checks.problems()
        let cycles = checks.cycles
        let paths = cycles.isEmpty ? [:] : Dictionary(files.map { (String(TreeLayout.id(ofPath: $0.path)), $0.path) },
                                                      uniquingKeysWith: { first, _ in first })
        for cycle in cycles {
            let names = cycle.map { ShortID.of($0) }.joined(separator: " -> ")
            problems.append(Diagnostic(path: paths[cycle[0]] ?? TreeLayout.path(of: cycle[0]), severity: .warning,
                                       message: "task parent cycle \(names) -> \(ShortID.of(cycle[0])); shown with the cycle broken at its last-added task"))
        }
        // The comparison below decodes the cached state beside the replayed one: the listing
        // is not needed any more.
        files = []
        let entry = StateCache.Entry(ref: ref, tip: tip.hex, state: replayed.state, diagnostics: replayed.diagnostics)
        if let stale = try cacheMismatch(at: tip, replayed: entry) { problems.append(stale) }
        Trace.memory("doctor compared the cache")
        return (problems, readable)
    }

    /// Compares the state the cache serves (snapshot, journal, catch-up) with a replay of
    /// every event (`replayed`, or one made here); when they differ the cache is rebuilt and
    /// the difference reported.
    func cacheMismatch(at tip: ObjectID, replayed: StateCache.Entry? = nil) throws -> Diagnostic? {
        memo = nil
        let cached = try cachedState(at: tip).state
        let replayed = try replayed ?? replay(at: tip)
        memo = nil
        guard cached != replayed.state else { return nil }
        cache.write(replayed)
        return Diagnostic(path: cache.fileURL.path, severity: .error,
                          message: "the cached state differed from a replay of \(ref) (a damaged cache); it was rebuilt")
    }

    /// Events appended with a clock that is not above the history they were appended to (the
    /// Lamport rule), found by replaying the ref's commits oldest first. Such an event sorts
    /// before things written earlier. Imports keep their events' clocks, so they are exempt;
    /// merges add nothing of their own.
    ///
    /// `known` holds the clock of files already decoded (by path, with their blob): a file
    /// added at the same path with the same blob has the same bytes, so only the others are
    /// read again.
    func lamportProblems(tip: ObjectID, known: KnownClocks = KnownClocks(files: [])) throws -> [Diagnostic] {
        var highest: [ObjectID: Int] = [:]
        var problems: [Diagnostic] = []
        let tipTree = try repository.readCommit(tip).tree
        for commit in try repository.log(from: tip).reversed() {
            let base = commit.parents.compactMap { highest[$0] }.max() ?? 0
            guard commit.parents.count <= 1 else {
                highest[commit.id] = base
                continue
            }
            let added: EventListing
            if let parent = commit.parents.first {
                added = EventListing(try reader.addedEventFiles(old: repository.readCommit(parent).tree, new: commit.tree).added)
            } else if commit.tree == tipTree, !known.isEmpty {
                // A history of one import: its files are the listing the replay folded.
                added = known.files
            } else {
                added = try reader.eventFiles(rootTree: commit.tree)
            }
            let exempt = commit.message.hasPrefix("import:")
            // An import only raises the clock the next commit is checked against; where the
            // replay decoded every file it added, their clocks give that without a list.
            if exempt, let top = known.highestClock(in: added) {
                highest[commit.id] = max(base, top)
                continue
            }
            var top = base
            for (id, clock, path) in addedEvents(added, known: known) {
                if !exempt, clock <= base {
                    let file = path ?? added.first { TreeLayout.id(ofPath: $0.path) == id }?.path
                    problems.append(Diagnostic(
                        path: file ?? TreeLayout.path(of: id), severity: .warning,
                        message: "clock \(clock) is not above the history it was appended to (highest \(base)), so it sorts before events written earlier"))
                }
                top = max(top, clock)
            }
            highest[commit.id] = top
        }
        return problems
    }

    /// The events a commit added, as `reader.load(added)` would give them (in (clock, id)
    /// order; the path where it is at hand), taking the clocks of `known` files instead of
    /// decoding them where that cannot change the answer.
    private func addedEvents(_ added: EventListing, known: KnownClocks)
        -> [(id: String, clock: Int, path: String?)] {
        func loaded(_ files: some Collection<EventFile>) -> [(id: String, clock: Int, path: String?)] {
            reader.load(files).events.map { ($0.id, $0.clock, nil) }
        }
        guard !known.isEmpty else { return loaded(added) }
        var found: [(id: String, clock: Int, path: String?)] = []
        var unknown: [EventFile] = []
        var ids = Set<Substring>()
        for file in added {
            // Two files with one id: which one counts is the full read's to decide.
            guard ids.insert(TreeLayout.id(ofPath: file.path)).inserted else { return loaded(added) }
            if let clock = known.clock(of: file) {
                found.append((String(TreeLayout.id(ofPath: file.path)), clock, file.path))
            } else {
                unknown.append(file)
            }
        }
        found += loaded(unknown)
        found.sort { $0.clock != $1.clock ? $0.clock < $1.clock : $0.id < $1.id }
        return found
    }
}

/// The clocks the replay decoded, one per file of the listing it folded (500,000 at a time):
/// an array beside the listing instead of a dictionary keyed by path, which cost doctor tens of
/// megabytes. Found by path with a binary search, the listing being in path order (git's
/// tree order is byte order of whole paths); a listing that is not falls back to a dictionary.
struct KnownClocks {
    let files: EventListing
    /// By the file's place in `files`; `unknown` where the replay did not fold it (an event
    /// whose clock is that value is merely read again).
    var clocks: [Int]
    static let unknown = Int.min
    /// Only for a listing out of path order: place by path.
    private let places: [String: Int]?

    init(files: EventListing) {
        self.files = files
        clocks = Array(repeating: KnownClocks.unknown, count: files.count)
        let inOrder = files.indices.dropFirst().allSatisfy { files.pathUTF8(at: $0 - 1).lexicographicallyPrecedes(files.pathUTF8(at: $0)) }
        places = inOrder ? nil : Dictionary(files.indices.map { (files.path(at: $0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    var isEmpty: Bool { files.isEmpty }

    /// The clock of `file` if the replay decoded a file at its path with the same blob.
    func clock(of file: EventFile) -> Int? {
        guard let at = place(of: file.path), files.blobs[at] == file.blob, clocks[at] != KnownClocks.unknown else { return nil }
        return clocks[at]
    }

    /// The highest clock among `listing`'s files if the replay decoded every one of them (at
    /// the same path, with the same blob), or nil. Files of the listing the replay folded
    /// cannot share an id (it checked), so this is the highest a full read of them would give.
    func highestClock(in listing: EventListing) -> Int? {
        var highest = Int.min
        for position in listing.indices {
            // The same listing (a history of one import) is found in place, without a search.
            let at: Int?
            if position < files.count, files.blobs[position] == listing.blobs[position],
               files.pathUTF8(at: position) == listing.pathUTF8(at: position) {
                at = position
            } else {
                at = place(of: listing.path(at: position)).flatMap { files.blobs[$0] == listing.blobs[position] ? $0 : nil }
            }
            guard let at, clocks[at] != KnownClocks.unknown else { return nil }
            highest = max(highest, clocks[at])
        }
        return highest == Int.min ? nil : highest
    }

    private func place(of path: String) -> Int? {
        if let places { return places[path] }
        var low = 0, high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files.pathUTF8(at: middle).lexicographicallyPrecedes(path.utf8) { low = middle + 1 } else { high = middle }
        }
        return low < files.count && files.pathUTF8(at: low).elementsEqual(path.utf8) ? low : nil
    }
}

/// The checks `doctor` makes on each event, fed one event at a time in (clock, id) order.
struct EventChecks {
    private enum Finding {
        case problem(Diagnostic)
        /// A clock jump, reported only if larger than the number of events (at least 1,000),
        /// which is known at the end.
        case jump(Int, Diagnostic)
    }

    private var findings: [Finding] = []
    private var previous: Int?
    private var count = 0
    /// (id, parent) of the `task.added` events that name a parent: all `TaskCycles` looks at.
    private var withParents: [(id: String, parent: String)] = []

    mutating func check(_ event: Event, path: String) {
        count += 1
        if let previous, event.clock - previous > 1_000 {
            findings.append(.jump(event.clock - previous, Diagnostic(
                path: path, severity: .warning, message: "clock jumps from \(previous) to \(event.clock)")))
        }
        previous = event.clock
        for problem in EventSchema.problems(in: event) {
            findings.append(.problem(Diagnostic(path: path, severity: .warning,
                                                message: problem + "; the event is ignored where it does not fit")))
        }
        // Data that decodes but breaks its type's rules (a carry back in time): the fold ignores it.
        if let reason = EventCatalog.byType[event.type]?.invalidReason(event.data) {
            findings.append(.problem(Diagnostic(path: path, severity: .warning,
                                                message: "\(event.type): \(reason); the event is ignored")))
        }
        // Written by another build without the limits: kept on the ref, shown cut.
        for violation in FieldLimits.violations(in: event) {
            findings.append(.problem(Diagnostic(path: path, severity: .warning,
                                                message: "\(violation); it is kept, and shown cut to \(violation.limit) bytes with …")))
        }
        if event.type == EventType.taskAdded, let parent = TaskAdded(data: event.data)?.parent { withParents.append((event.id, parent.rawValue)) }
    }

    /// What the events checked so far break, in their order.
    func problems() -> [Diagnostic] {
        let jump = max(1_000, count)
        return findings.compactMap { finding in
            switch finding {
            case .problem(let diagnostic): diagnostic
            case .jump(let gap, let diagnostic): gap > jump ? diagnostic : nil
            }
        }
    }

    /// Each parent cycle once, as `TaskCycles.find` gives them.
    var cycles: [[String]] { TaskCycles.find(parents: withParents) }
}

/// A failure writing the export's file (not reading the history).
struct ExportFileFailure: Error {
    let underlying: any Error
}
