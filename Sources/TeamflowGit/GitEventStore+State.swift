import Foundation
internal import Git
public import TeamflowCore
import YAML

/// Reading: the derived state from the snapshot cache, the journal of our own appends, a tree
/// diff for anything else, or a full rebuild; and every event straight from the tree.
extension GitEventStore {
    public func state() throws -> TeamState {
        try cachedState().state
    }

    public func events() throws -> [Event] {
        try loadAll().events
    }

    /// Every event and every problem, read from the tree (no cache).
    public func loadAll() throws -> (events: [Event], diagnostics: [Diagnostic]) {
        guard let tip = try tip() else { return ([], []) }
        let files = try reader.eventFiles(rootTree: repository.readCommit(tip).tree)
        return reader.load(files)
    }

    /// The derived state for the current tip: from the cache, updated incrementally, or rebuilt.
    func cachedState() throws -> StateCache.Entry {
        guard let tip = try tip() else {
            return StateCache.Entry(ref: ref, tip: "", state: TeamState(), diagnostics: [])
        }
        let entry = try cachedState(at: tip)
        report(entry.diagnostics)
        return entry
    }

    /// Hands the history's problems to `onDiagnostic`, once per process.
    func report(_ diagnostics: [Diagnostic]) {
        guard !reported, !diagnostics.isEmpty else { return }
        reported = true
        diagnostics.forEach(onDiagnostic)
    }

    func cachedState(at tip: ObjectID) throws -> StateCache.Entry {
        if var entry = memo, entry.tip == tip.hex {
            if entry.unwritten {
                entry.unwritten = false
                cache.write(entry)
                memo = entry
            }
            return entry
        }
        var entry = try loadState(at: tip)
        if keepsStateDecoded { Trace.measure("decode all") { entry.state.decodeAll() } }
        memo = entry
        return entry
    }

    private func loadState(at tip: ObjectID) throws -> StateCache.Entry {
        // Take the memo out so the state below is uniquely owned: folding new events into it
        // then mutates in place instead of copying every dictionary.
        var old = memo ?? Trace.measure("cache read") { cache.read() }
        memo = nil
        if let entry = old, entry.tip == tip.hex { return entry }
        if var entry = old.take() {
            let cachedCount = entry.state.eventCount
            let trusted = Trace.measure("cache journal") { applyJournal(&entry, until: tip) }
            if !trusted {
                // A damaged journal is never trusted: rebuild from the ref, start it afresh.
                return try rebuild(at: tip)
            }
            if entry.tip == tip.hex || (try? Trace.measure("cache catch-up") { try incremental(&entry, to: tip) }) == true {
                // A snapshot some events behind is brought up to date by the journal or a small
                // tree diff; rewriting 2.5 MB on every command would cost more.
                if entry.state.eventCount - cachedCount >= StateCache.rewriteAfter {
                    entry.extensions = Trace.measure("cache write") { cache.write(entry) }
                }
                return entry
            }
        }
        return try rebuild(at: tip)
    }

    /// The state replayed from every event at `tip`, written to the cache.
    func rebuild(at tip: ObjectID) throws -> StateCache.Entry {
        let entry = try replay(at: tip)
        cache.write(entry)
        return entry
    }

    /// The state replayed from every event at `tip`, without touching the cache.
    func replay(at tip: ObjectID) throws -> StateCache.Entry {
        Trace.memory("replay started")
        let files = try reader.eventFiles(rootTree: repository.readCommit(tip).tree)
        if let (state, diagnostics) = Trace.measure("replay (streaming)", { StreamingReplay(repository: repository).fold(files) }) {
            return StateCache.Entry(ref: ref, tip: tip.hex, state: state, diagnostics: diagnostics)
        }
        let (events, diagnostics) = reader.load(files)
        var state = TeamState()
        state.apply(events)
        return StateCache.Entry(ref: ref, tip: tip.hex, state: state, diagnostics: diagnostics)
    }

    /// The state and problems of a replay of every event, ignoring (and not writing) the
    /// cache: what a cold rebuild computes.
    public func replayState() throws -> (state: TeamState, diagnostics: [Diagnostic]) {
        guard let tip = try tip() else { return (TeamState(), []) }
        let entry = try replay(at: tip)
        return (entry.state, entry.diagnostics)
    }

    private func loadAll(at tip: ObjectID) throws -> (events: [Event], diagnostics: [Diagnostic]) {
        reader.load(try reader.eventFiles(rootTree: repository.readCommit(tip).tree))
    }

    /// Folds in the journal's records that continue from the entry's tip (each record's commit
    /// must have that tip as its only parent, as its own bytes prove), stopping at `tip` or at
    /// the first that does not.
    /// Returns false when the journal is damaged (a record fails its checksum or does not
    /// parse): the entry must then be dropped and the state rebuilt from the ref.
    private func applyJournal(_ entry: inout StateCache.Entry, until tip: ObjectID) -> Bool {
        let contents = cache.journal.contents(base: entry.tip)
        if contents.damaged { return false }
        for record in contents.records where entry.tip != tip.hex {
            // The bytes must hash to the tip and name the tip reached so far as the only parent.
            guard let id = ObjectID(hex: record.tip), let commit = RawCommit(bytes: record.commit, id: id),
                  commit.parents?.map(\.hex) == [entry.tip] else { return true }
            var events: [Event] = []
            for bytes in record.events {
                guard case .event(let event, _) = EventTreeReader.parse(path: "journal", blob: .success(bytes)) else { return false }
                events.append(event)
            }
            guard events.allSatisfy({ entry.state.canAppend($0) }) else { return true }
            for event in events { entry.state.apply(event) }
            entry.tip = record.tip
        }
        return true
    }

    /// Folds in only the files added since the cached tip. Returns false when a rebuild is
    /// needed (not a descendant, a file changed, or an added event sorts before the cached
    /// ones); `entry` may then be half-updated and must be dropped.
    private func incremental(_ entry: inout StateCache.Entry, to tip: ObjectID) throws -> Bool {
        guard let oldTip = ObjectID(hex: entry.tip), try repository.isAncestor(oldTip, of: tip) else { return false }
        let diff = try reader.addedEventFiles(old: repository.readCommit(oldTip).tree, new: repository.readCommit(tip).tree)
        guard !diff.changed else { return false }
        // Our own appends always land at the canonical path; anything else gets a full check.
        guard diff.added.allSatisfy({ TreeLayout.isCanonical($0.path) }) else { return false }
        let (events, diagnostics) = reader.load(diff.added)
        for event in events {
            guard entry.state.canAppend(event) else { return false }
            entry.state.apply(event)
        }
        entry.tip = tip.hex
        entry.diagnostics += diagnostics
        return true
    }
}
