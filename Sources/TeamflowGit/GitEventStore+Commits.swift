import Foundation
internal import Git
import TeamflowCore

extension GitEventStore {
    /// The newest `limit` commits reachable from `HEAD` with their messages, newest first;
    /// empty while `HEAD` is unborn.
    public func headCommits(limit: Int) throws -> [(sha: String, message: String)] {
        guard let head = try repository.resolveReference("HEAD") else { return [] }
        return try repository.log(from: head, limit: limit).map { (sha: $0.id.hex, message: $0.message) }
    }

    /// The commits of `HEAD` that `revision` (`v1.2`, `HEAD~5`, a hash) does not have, newest
    /// first, like `git log REV..HEAD`. Throws `.notFound` when the revision names no commit.
    public func headCommits(since revision: String) throws -> [(sha: String, message: String)] {
        let base: ObjectID?
        do {
            base = try repository.commit(named: revision)
        } catch {
            throw TeamflowError(.usage, "'\(revision)' is not a revision git can read", reason: .invalidValue(.since, text: revision))
        }
        guard let base else {
            throw TeamflowError(.notFound, "no commit '\(revision)'",
                                hints: ["Name a commit, a tag or a branch, as for git log REV..HEAD."])
        }
        return try headCommits(after: base)
    }

    /// The commits a scan has not read yet: those after the commit the last scan of this branch
    /// stopped at, newest first; nil when there is no such record (or it is no longer in
    /// `HEAD`'s history, after a rebase), so the caller falls back to the newest commits.
    public func unscannedCommits() throws -> [(sha: String, message: String)]? {
        guard let head = try repository.resolveReference("HEAD"), let last = try lastScanned(),
              try repository.isAncestor(last, of: head) else { return nil }
        return try headCommits(after: last)
    }

    /// Notes `HEAD` as scanned for this branch, so the next scan starts after it.
    public func recordScannedHead() throws {
        guard let head = try repository.resolveReference("HEAD") else { return }
        var records = scanRecords()
        records[scanKey] = head.hex
        let text = records.keys.sorted().map { "\(records[$0] ?? "") \($0)\n" }.joined()
        try FileManager.default.createDirectory(at: scanFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: scanFile, options: .atomic)
    }

    private func headCommits(after base: ObjectID) throws -> [(sha: String, message: String)] {
        guard let head = try repository.resolveReference("HEAD") else { return [] }
        return try repository.commitsBetween(from: head, excluding: base).reversed().map { id in
            (sha: id.hex, message: try repository.readCommit(id).message)
        }
    }

    /// The last scanned commit of the current branch (or of a detached `HEAD`).
    func lastScanned() throws -> ObjectID? {
        guard let hex = scanRecords()[scanKey] else { return nil }
        return try? repository.commit(named: hex)
    }

    /// Per branch, the commit the last scan stopped at: a disposable note beside the state
    /// cache (losing it only makes the next scan read the newest commits again, which appends
    /// nothing for commits already applied).
    private var scanFile: URL {
        URL(fileURLWithPath: repository.commonDirectory).appendingPathComponent("teamflow/commits-scanned")
    }

    private var scanKey: String { repository.headBranch ?? "HEAD" }

    /// The file's lines `SHA BRANCH`; lines that do not read so are ignored.
    private func scanRecords() -> [String: String] {
        guard let text = try? String(contentsOf: scanFile, encoding: .utf8) else { return [:] }
        var records: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 40 || parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit) else { continue }
            records[String(parts[1])] = String(parts[0])
        }
        return records
    }
}
