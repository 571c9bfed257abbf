import Foundation
internal import Git
public import TeamflowCore

/// The concurrent edits the ref's merges resolved, read back from the history itself: a merge
/// commit's two parents are the two sides, so every clone that holds the merge derives the same
/// list, and nothing but the events is stored. `teamflow conflicts` lists them; each command
/// that reads a board tells the author whose write lost, once per clone.
extension GitEventStore {
    /// One merge of the events ref and the edits it superseded.
    public struct ResolvedMerge: Sendable, Equatable {
        /// The merge commit.
        public var commit: String
        /// When it was made (RFC 3339, UTC).
        public var at: String
        public var edits: [SupersededEdit]
    }

    /// How many commits back a clone with no notice marker looks (a fresh clone, or one that
    /// has not run a board since the notices came in).
    public static let noticeLookback = 500

    /// The merges of the ref with superseded edits, newest first: those not reachable from
    /// `since` (a commit id), else among the last `limit` commits (nil: the whole history).
    public func resolvedMerges(since: String? = nil, limit: Int? = nil) throws -> [ResolvedMerge] {
        guard let tip = try tip() else { return [] }
        let commits: [Commit]
        if let since, let old = ObjectID(hex: since), (try? repository.isAncestor(old, of: tip)) == true {
            commits = try repository.commitsBetween(from: tip, excluding: old).reversed().map { try repository.readCommit($0) }
        } else {
            commits = try repository.log(from: tip, limit: limit)
        }
        var merges: [ResolvedMerge] = []
        for commit in commits where commit.parents.count == 2 {
            let edits = try supersededEdits(commit.parents[0], commit.parents[1], merged: commit.id)
            guard !edits.isEmpty else { continue }
            let at = Timestamp.format(Date(timeIntervalSince1970: TimeInterval(commit.committer.time)), timeZone: TimeZone(identifier: "UTC") ?? .gmt)
            merges.append(ResolvedMerge(commit: commit.id.hex, at: at, edits: edits))
        }
        return merges
    }

    /// The superseded edits whose losing write is `email`'s, in merges this clone has not told
    /// about yet; the marker (`.git/teamflow/notices-<ref>`, the tip last looked at) then moves
    /// to the tip, so each is told once per clone. Nil when nothing is new. A marker that cannot
    /// be written costs a repeated notice, never a failure.
    public func newlySupersededWrites(of email: String) throws -> [SupersededEdit] {
        guard let tip = try tip() else { return [] }
        let marker = cache.folder.appendingPathComponent("notices-\(cache.key)")
        let seen = (try? String(contentsOf: marker, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard seen != tip.hex else { return [] }
        let merges = try resolvedMerges(since: seen, limit: Self.noticeLookback)
        try? FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        try? Data((tip.hex + "\n").utf8).write(to: marker, options: .atomic)
        let me = email.lowercased()
        return merges.reversed().flatMap(\.edits).filter { $0.lost.email.lowercased() == me }
    }
}
