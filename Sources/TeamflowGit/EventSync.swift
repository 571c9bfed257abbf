import Foundation
internal import Git
public import TeamflowCore

/// How a sync should behave.
public struct SyncOptions: Sendable {
    /// Fetch (into the tracking ref only) and report what would move; write and push nothing.
    public var dryRun = false
    /// Merge with a remote that was rewritten (force-pushed) to a history sharing no commit with
    /// ours, instead of refusing. Histories that simply started apart (two clones that added
    /// events before their first sync) are merged without it.
    public var allowUnrelated = false
    /// How many fetch-merge-push rounds to try when the remote keeps moving under us.
    public var maxAttempts = 5

    public init(dryRun: Bool = false, allowUnrelated: Bool = false, maxAttempts: Int = 5) {
        self.dryRun = dryRun
        self.allowUnrelated = allowUnrelated
        self.maxAttempts = max(1, maxAttempts)
    }
}

/// What a sync did (or, in a dry run, would do).
public struct SyncReport: Sendable, Equatable {
    public enum Action: String, Sendable {
        /// Neither side has any events.
        case empty
        /// Both sides already hold the same history.
        case upToDate = "up-to-date"
        /// Only we had new events: they were pushed.
        case pushed
        /// Only the remote had new events: our ref moved forward to its tip.
        case fastForwarded = "fast-forwarded"
        /// We had no events: we took the remote's history as is.
        case adopted
        /// Both moved: a merge commit holding the union was written and pushed.
        case merged
    }

    public var remote: String
    public var action: Action
    /// Events the remote had that we did not (now ours, unless a dry run).
    public var received: Int
    /// Events we had that the remote did not (now the remote's, unless a dry run).
    public var sent: Int
    /// Our tip after the sync (the current one in a dry run).
    var tipID: ObjectID?
    /// `tipID` as 40 hex digits.
    public var tip: String? { tipID?.hex }
    /// Fetch-merge-push rounds used (more than one when the remote moved under us).
    public var attempts: Int
    public var dryRun: Bool
    /// Fields both sides had set, and whose value on one side lost (merges only; a dry run
    /// says what would be superseded).
    public var superseded: [SupersededEdit] = []
}

extension GitEventStore {
    /// The local ref that mirrors `remote`'s events ref: `refs/teamflow/remotes/<name>/events`.
    /// Names that are not safe ref components (URLs, paths) are replaced by a stable hash.
    public func trackingRef(for remote: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        let safe = !remote.isEmpty && remote.allSatisfy { allowed.contains($0) }
        let name = safe ? remote : "url-" + String((try? repository.hashBlob(Array(remote.utf8)).hex.prefix(12)) ?? "remote")
        return "refs/teamflow/remotes/\(name)/events"
    }

    /// Fetches `remote`'s events ref, merges it with ours by union, and pushes the result with a
    /// lease, so a push never clobbers events someone else pushed since our fetch.
    ///
    /// Every step is safe to kill: the fetch only moves the tracking ref, our ref moves by
    /// compare-and-swap to a commit that contains both histories, and the push is a lease.
    /// The next sync simply continues from whatever state was reached.
    ///
    /// A history fetched shallow (`--depth`) cannot be compared: that stops the sync with the
    /// command that fetches the rest (see `ShallowHistory.swift`).
    public func sync(remote: String, transport: any SyncTransport, options: SyncOptions = SyncOptions(),
                     author: Author, at: String) throws -> SyncReport {
        let tracking = trackingRef(for: remote)
        if !options.dryRun { sweepStaleTemporaries() }
        do {
            return try syncRounds(remote: remote, tracking: tracking, transport: transport, options: options, author: author, at: at)
        } catch {
            let tips = [try? tip(), try? repository.resolveReference(tracking)]
            guard let boundary = shallowBoundary(explaining: error, tips: tips) else { throw error }
            throw shallowSyncError(boundary: boundary, remote: remote)
        }
    }

    /// The fetch-merge-push rounds of `sync`.
    private func syncRounds(remote: String, tracking: String, transport: any SyncTransport, options: SyncOptions,
                            author: Author, at: String) throws -> SyncReport {
        var lastRejection = ""
        for attempt in 1...options.maxAttempts {
            var report = SyncReport(remote: remote, action: .empty, received: 0, sent: 0, tipID: nil,
                                    attempts: attempt, dryRun: options.dryRun)
            // What we saw there last time: a remote that no longer contains it was rewritten.
            let previous = try repository.resolveReference(tracking)
            let remoteTip = try fetchTip(remote: remote, tracking: tracking, transport: transport)
            let localTip = try tip()
            report.tipID = localTip
            guard localTip != remoteTip else {
                report.action = localTip == nil ? .empty : .upToDate
                return report
            }
            let union = try compare(localTip, remoteTip, remote: remote, tracking: tracking, write: false)
            if let remoteTip { try refuseOversizedClocks(local: localTip, remote: remoteTip, name: remote) }
            report.received = union.onlyRemote
            report.sent = union.onlyLocal
            guard let remoteTip else {
                report.action = .pushed
                if options.dryRun { return report }
                if let rejection = try push(localTip, remote: remote, expected: nil, tracking: tracking, transport: transport) {
                    lastRejection = rejection
                    continue
                }
                return report
            }
            guard let localTip else {
                report.action = .adopted
                if options.dryRun { return report }
                if try moveRef(to: remoteTip, from: nil, message: "sync: adopt the events of \(remote)") {
                    report.tipID = remoteTip
                    return report
                }
                continue
            }
            if try repository.isAncestor(remoteTip, of: localTip) {
                report.action = .pushed
                if options.dryRun { return report }
                if let rejection = try push(localTip, remote: remote, expected: remoteTip, tracking: tracking, transport: transport) {
                    lastRejection = rejection
                    continue
                }
                return report
            }
            if try repository.isAncestor(localTip, of: remoteTip) {
                report.action = .fastForwarded
                if options.dryRun { return report }
                if try moveRef(to: remoteTip, from: localTip, message: "sync: fast-forward to \(remote)") {
                    report.tipID = remoteTip
                    return report
                }
                continue
            }
            // Two clones that started on their own meet unrelated, and that is fine: union.
            // Refuse only a remote that was rewritten to a history unrelated to ours.
            let rewritten = try previous.map { try !repository.isAncestor($0, of: remoteTip) } ?? false
            let related = try repository.mergeBase(localTip, remoteTip) != nil
            guard options.allowUnrelated || related || !rewritten else {
                throw TeamflowError(.conflict, "the events on \(remote) share no history with yours (\(ref) there was force-pushed or recreated)",
                                    hints: ["Nothing was changed or pushed.",
                                            "To keep the events of both histories, sync allowing unrelated histories."],
                                    reason: .unrelatedHistories(remote: remote))
            }
            report.action = .merged
            if options.dryRun {
                report.superseded = try supersededEdits(localTip, remoteTip, merged: nil)
                return report
            }
            let merge = try writeMerge(localTip, remoteTip, remote: remote, tracking: tracking, counts: union, author: author, at: at)
            guard try moveRef(to: merge, from: localTip, message: "sync: merge the events of \(remote)") else { continue }
            report.tipID = merge
            report.superseded = try supersededEdits(localTip, remoteTip, merged: merge)
            if let rejection = try push(merge, remote: remote, expected: remoteTip, tracking: tracking, transport: transport) {
                lastRejection = rejection
                continue
            }
            return report
        }
        throw TeamflowError(.failure, "\(ref) on \(remote) kept moving while syncing (\(options.maxAttempts) attempts; last refusal: \(lastRejection))",
                            hints: ["Your events are safe locally (merged with what was fetched).",
                                    "If it keeps failing, check whether a hook or branch protection on the remote refuses the update."],
                            reason: .syncAgain(remote: remote))
    }

    /// The concurrent edits a merge of `local` and `remote` resolves: the events only one side
    /// has are read (what differs, not the history) and compared in TeamflowCore; names come
    /// from the merged state (or ours, in a dry run), read only when there is something to name.
    func supersededEdits(_ local: ObjectID, _ remote: ObjectID, merged: ObjectID?) throws -> [SupersededEdit] {
        let localTree = try repository.readCommit(local).tree, remoteTree = try repository.readCommit(remote).tree
        let onlyLocal = reader.load(try reader.addedEventFiles(old: remoteTree, new: localTree).added).events
        let onlyRemote = reader.load(try reader.addedEventFiles(old: localTree, new: remoteTree).added).events
        guard !ConcurrentEdits.superseded(local: onlyLocal, remote: onlyRemote, in: TeamState()).isEmpty else { return [] }
        let state = try merged.map { try cachedState(at: $0).state } ?? state()
        return ConcurrentEdits.superseded(local: onlyLocal, remote: onlyRemote, in: state)
    }

    /// Fetches and returns the remote's tip (nil: it has no events ref; a stale tracking ref
    /// is then dropped so it cannot stand in for a ref that no longer exists).
    private func fetchTip(remote: String, tracking: String, transport: any SyncTransport) throws -> ObjectID? {
        let exists = try transport.fetch(remote: remote, ref: ref, into: tracking)
        let tip = try repository.resolveReference(tracking)
        if !exists {
            if let tip { try? repository.deleteReference(tracking, expecting: tip) }
            return nil
        }
        guard let tip else {
            throw TeamflowError(.failure, "git fetch from \(remote) reported success but \(tracking) is missing")
        }
        return tip
    }

    /// Compares the two histories' trees; a path with two contents is reported as corruption.
    private func compare(_ local: ObjectID?, _ remote: ObjectID?, remote name: String, tracking: String,
                         write: Bool) throws -> TreeUnion.Result {
        let localTree = try local.map { try repository.readCommit($0).tree }
        let remoteTree = try remote.map { try repository.readCommit($0).tree }
        do {
            return try TreeUnion(repository: repository).union(local: localTree, remote: remoteTree, write: write)
        } catch let conflict as TreeUnion.Conflict {
            let what = TreeUnion.eventID(of: conflict.path).map { "event \($0)" } ?? "'\(conflict.path)'"
            throw TeamflowError(.conflict, "\(what) differs between your history and \(name)'s (\(conflict.path)); nothing was merged or pushed",
                                hints: ["The same event path with two contents is corruption. Compare `git show \(ref):\(conflict.path)` with `git show \(tracking):\(conflict.path)`."],
                                reason: .damagedHistory)
        }
    }

    /// Writes the merge commit (parents: our tip, then the remote's) in one pack.
    private func writeMerge(_ local: ObjectID, _ remote: ObjectID, remote name: String, tracking: String,
                            counts: TreeUnion.Result, author: Author, at: String) throws -> ObjectID {
        try repository.withPackedWrites {
            let union = try compare(local, remote, remote: name, tracking: tracking, write: true)
            guard let tree = union.tree else { throw TeamflowError(.failure, "the merged events tree is empty") }
            let signature = Signature(author: author, at: at)
            let message = "sync: merge the events of \(name)\n\n\(counts.onlyRemote) event\(counts.onlyRemote == 1 ? "" : "s") from \(name), \(counts.onlyLocal) from here.\n"
            return try repository.writeCommit(tree: tree, parents: [local, remote], author: signature,
                                              committer: signature, message: message)
        }
    }

    /// Pushes with a lease; on success the tracking ref records what the remote now holds.
    private func push(_ commit: ObjectID?, remote: String, expected: ObjectID?, tracking: String,
                      transport: any SyncTransport) throws -> String? {
        guard let commit else { return nil }
        if let rejection = try transport.push(remote: remote, commit: commit.hex, ref: ref, expected: expected?.hex) {
            return rejection
        }
        // Only a mirror: if it cannot be updated the next fetch corrects it.
        try? repository.updateReference(tracking, to: commit, expecting: expected, message: "teamflow: pushed to \(remote)")
        return nil
    }
}
