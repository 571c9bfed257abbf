public import Foundation
internal import Git
public import TeamflowCore
import YAML

/// The event store on a git ref: one YAML file per event, one commit per append,
/// compare-and-swap ref updates. The working tree, index and HEAD are never touched.
public final class GitEventStore: EventRepository {
    /// The default ref; `git config teamflow.ref` may name another.
    public static let defaultRef = "refs/teamflow/events"
    /// How often an append retries when another process moved the ref first.
    static let maxAttempts = 50

    /// The repository itself stays inside TeamflowGit: no `Git` type is public API.
    let repository: Repository
    public let ref: String
    /// Called with every problem found while reading (corrupt files); the CLI prints them.
    public var onDiagnostic: (Diagnostic) -> Void = { _ in }

    let reader: EventTreeReader
    let cache: StateCache
    /// The state of the last tip seen in this process: use cases read it several times.
    var memo: StateCache.Entry?
    /// Whether this process has printed the history's problems already (once is enough).
    var reported = false
    /// Whether this process has cleared abandoned libgit2 temporaries (once is enough).
    var sweptTemporaries = false
    /// While set, every appended event records this person in its envelope key `recordedBy`
    /// (`name`, `email`): who wrote it for its author (the web board's "as" field). The
    /// author is then the member written for, and nothing else changes.
    public var recordedBy: Author?
    /// Whether the state kept in memory is decoded whole (`TeamState.decodeAll`) when it is
    /// loaded: for a long-running process that scans it on every request (the web board), where
    /// decoding the snapshot's entries again on each scan would be most of the work. A command
    /// leaves it off and decodes only what it reads.
    public var keepsStateDecoded = false

    init(repository: Repository, ref: String = GitEventStore.defaultRef) {
        self.repository = repository
        self.ref = ref
        reader = EventTreeReader(repository: repository)
        cache = StateCache(commonDirectory: repository.commonDirectory, ref: ref)
    }

    /// Opens the store of the repository containing `directory`, honouring `teamflow.ref` and
    /// `GIT_CEILING_DIRECTORIES` from `environment` (the caller's, which need not be this process's).
    public static func open(at directory: String,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GitEventStore {
        let repository: Repository
        do {
            repository = try Repository.discover(from: directory, environment: environment)
        } catch {
            // The hint names no front-end's option; the command line words it with `-C DIR`.
            throw TeamflowError(.failure, "not a git repository (or any parent up to /): \(directory)",
                                hints: ["Run `git init` there first, or open a folder inside a git repository."],
                                code: .notARepository)
        }
        var ref = defaultRef
        let configured: String?
        do {
            configured = try repository.config("teamflow.ref")
        } catch {
            // A config that cannot be read must not quietly send writes to the default ref.
            throw TeamflowError(.failure, "cannot read git config teamflow.ref: \(error)",
                                hints: ["Fix the repository's config (`git config --list` shows the problem)."])
        }
        if let configured, !configured.isEmpty {
            guard configured.hasPrefix("refs/"), !configured.contains(".."), !configured.hasSuffix("/") else {
                throw TeamflowError(.failure, "git config teamflow.ref is '\(configured)', not a full ref name",
                                    hints: ["Use a name like refs/teamflow/events or refs/heads/teamflow."])
            }
            ref = configured
        }
        return GitEventStore(repository: repository, ref: ref)
    }

    /// The ref's current tip, nil before the first event (`tipHash()` is the public form).
    func tip() throws -> ObjectID? {
        try repository.resolveReference(ref)
    }

    // MARK: Writing

    public func append(_ drafts: [EventDraft], author: Author, at: String) throws -> [Event] {
        guard !drafts.isEmpty else { return [] }
        // Use cases check before they append; a library client calling the store directly
        // meets the same rules, so the store never writes what a command would refuse.
        try EventCatalog.requireValid(drafts, author: author)
        Trace.memory("append start")
        Trace.measure("sweep temporaries") { sweepStaleTemporaries() }
        let summary = drafts.count == 1 ? drafts[0].summary : "\(drafts.count) events: " + drafts[0].summary
        for attempt in 0..<GitEventStore.maxAttempts {
            let parent = try tip()
            let maxClock = try parent.map { try knownMaxClock(at: $0) } ?? 0
            // Valid histories stay far below the limit; the check keeps the sums from trapping.
            guard maxClock >= 0, maxClock <= Event.clockLimit - drafts.count else {
                throw TeamflowError(.failure, "the history's highest clock (\(maxClock)) leaves no room for new events",
                                    hints: ["One event carries an oversized clock."],
                                    reason: .damagedHistory)
            }
            var events: [Event] = []
            var ids: [String] = [] // kept apart: mapping `events` per draft would be quadratic
            var files: [(id: String, contents: String)] = []
            for (offset, draft) in drafts.enumerated() {
                // References to earlier drafts of this append (a sub-task's parent) become their ids.
                let data = try draft.resolvedData(earlierIDs: ids)
                var event = draft.event(id: "", at: at, author: author, clock: maxClock + 1 + offset, data: data)
                if let recorder = recordedBy {
                    event.extra[Event.recordedByKey] = .map(["name": .string(recorder.name), "email": .string(recorder.email)])
                }
                // Emitted once: hashed with the empty id, then stored with the id the hash gives.
                let text = EventCodec.TextAroundID(event)
                event.id = try makeID(for: text, parent: parent, offset: offset)
                events.append(event)
                ids.append(event.id)
                files.append((id: event.id, contents: text.text(id: event.id)))
            }
            Trace.memory("append encoded")
            if let written = try Trace.measure("append commit", { try commit(files, parent: parent, author: author, at: at, message: summary) }) {
                let tip = written.id
                cache.writeHead(tip: tip.hex, maxClock: maxClock + events.count)
                if let parent { cache.journal.append(parent: parent.hex, tip: tip.hex, commit: written.bytes, events: files.map(\.contents)) }
                advanceMemo(from: parent, to: tip, with: events)
                Trace.memory("append done")
                return events
            }
            backoff(attempt)
        }
        throw TeamflowError(.failure, "the events ref \(ref) kept moving while appending; nothing was written",
                            hints: ["Another teamflow process is writing a lot; try again."])
    }

    /// Before the first write of this process (append, import, sync): removes the temporary
    /// files a killed writer left in `objects` and `objects/pack` (`pack_git2_*`,
    /// `tmp_object_git2_*`), once they are an hour old by the real clock, so a concurrent
    /// writer's live temporary is never touched (see `Repository.removeStaleTemporaries`).
    func sweepStaleTemporaries() {
        guard !sweptTemporaries else { return }
        sweptTemporaries = true
        repository.removeStaleTemporaries()
    }

    /// Writes the events' files, trees and commit, then moves the ref by compare-and-swap.
    /// Returns the new tip, or nil when another writer moved the ref first (the caller retries).
    func commit(_ files: [(id: String, contents: String)], parent: ObjectID?, author: Author, at: String,
                message: String) throws -> RawCommit? {
        let commit = try Trace.measure("write objects") { try writeCommit(files, parent: parent, author: author, at: at, message: message) }
        return try Trace.measure("move ref (verify, CAS)") { try moveRef(to: commit.id, from: parent, message: message) } ? commit : nil
    }

    /// Writes blobs, the trees on their paths and a commit; no ref moves.
    func writeCommit(_ files: [(id: String, contents: String)], parent: ObjectID?, author: Author, at: String,
                     message: String) throws -> RawCommit {
        var blobs: [(id: String, blob: ObjectID)] = []
        blobs.reserveCapacity(files.count)
        for file in files {
            blobs.append((file.id, try Trace.measure("blob") { try repository.writeBlob(Array(file.contents.utf8)) }))
        }
        try FaultInjection.hit(.afterBlob)
        return try Trace.measure("trees and commit") { try writeCommit(blobs: blobs, parent: parent, author: author, at: at, message: message) }
    }

    /// Writes the trees placing blobs already written, and a commit; no ref moves.
    func writeCommit(blobs: [(id: String, blob: ObjectID)], parent: ObjectID?, author: Author, at: String,
                     message: String) throws -> RawCommit {
        let baseTree = try parent.map { try repository.readCommit($0).tree }
        let tree = try TreeWriter(repository: repository).insert(blobs, into: baseTree)
        try FaultInjection.hit(.afterTree)
        let signature = Signature(author: author, at: at)
        let commit = try repository.writeRawCommit(tree: tree, parents: parent.map { [$0] } ?? [], author: signature,
                                                   committer: signature, message: message + "\n")
        try FaultInjection.hit(.afterCommit)
        return commit
    }

    /// Compare-and-swap of the ref; false when another writer got there first.
    func moveRef(to commit: ObjectID, from parent: ObjectID?, message: String) throws -> Bool {
        do {
            try FaultInjection.hit(.beforeRef)
            try repository.updateReference(ref, to: commit, expecting: parent, message: "teamflow: " + message)
            try FaultInjection.hit(.afterRef)
            return true
        } catch let error as GitError where error.kind == .referenceMoved || error.kind == .locked || error.kind == .exists {
            return false
        }
    }

    /// Folds our own new events into the state held for the parent, in place, so reading the
    /// state after an append costs nothing.
    private func advanceMemo(from parent: ObjectID?, to tip: ObjectID, with events: [Event]) {
        // A long-running reader's state, when another writer moved the ref since it was last
        // read, is first brought up to the parent (journal or tree diff) rather than dropped:
        // dropping it would decode the whole snapshot again on the next read.
        if keepsStateDecoded, let parent, let held = memo?.tip, held != parent.hex {
            _ = try? cachedState(at: parent)
        }
        // The first append starts from the empty history: nothing to read back from the ref.
        let held = parent == nil ? StateCache.Entry(ref: ref, tip: "", state: TeamState(), diagnostics: [], unwritten: true)
                                 : memo.take()
        guard var entry = held, entry.tip == (parent?.hex ?? ""),
              events.allSatisfy({ entry.state.canAppend($0) }) else { return }
        for event in events { entry.state.apply(event) }
        entry.tip = tip.hex
        memo = entry
    }

    /// The highest clock at `tip`: from the head file when it is current, else from the state.
    private func knownMaxClock(at tip: ObjectID) throws -> Int {
        if let clock = cache.maxClock(at: tip.hex) { return clock }
        return try cachedState(at: tip).state.maxClock
    }

    /// A deterministic id: the hash of the parent tip and the event's content (its text with
    /// an empty id), built as bytes without joining the texts first.
    private func makeID(for text: EventCodec.TextAroundID, parent: ObjectID?, offset: Int) throws -> String {
        let prefix = "parent \(parent?.hex ?? "none")\noffset \(offset)\n"
        let emptyID = EventCodec.TextAroundID.idLine("")
        var seed: [UInt8] = []
        seed.reserveCapacity(prefix.utf8.count + text.head.utf8.count + emptyID.utf8.count + text.tail.utf8.count)
        for part in [prefix, text.head, emptyID, text.tail] { seed.append(contentsOf: part.utf8) }
        return String(try repository.hashBlob(seed).hex.prefix(EventID.length))
    }

    private func backoff(_ attempt: Int) {
        // Spread concurrent writers apart a little more on every failed attempt.
        usleep(useconds_t(min(50_000, 500 * (attempt + 1)) + Int.random(in: 0...1_000)))
    }
}

extension TeamState {
    /// The highest clock folded in.
    var maxClock: Int { last?.clock ?? 0 }
}

extension Signature {
    /// A git signature from an event's author and RFC 3339 time.
    init(author: Author, at: String) {
        let date = Timestamp.parse(at) ?? Date(timeIntervalSince1970: 0)
        self.init(name: author.name, email: author.email, time: Int64(date.timeIntervalSince1970),
                  offsetMinutes: Signature.offsetMinutes(of: at))
    }

    static func offsetMinutes(of at: String) -> Int {
        guard at.count >= 6, !at.hasSuffix("Z"), !at.hasSuffix("z") else { return 0 }
        let tail = Array(at.suffix(6))
        guard tail[3] == ":", let h = Int(String(tail[1...2])), let m = Int(String(tail[4...5])) else { return 0 }
        return (tail[0] == "-" ? -1 : 1) * (h * 60 + m)
    }
}
