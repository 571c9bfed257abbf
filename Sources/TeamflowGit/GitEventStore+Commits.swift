public import Foundation

extension GitEventStore {
    /// The newest `limit` commits reachable from `HEAD` with their messages, newest first;
    /// empty while `HEAD` is unborn.
    public func headCommits(limit: Int) throws -> [(sha: String, message: String)] {
        guard let head = try repository.resolveReference("HEAD") else { return [] }
        return try repository.log(from: head, limit: limit).map { (sha: $0.id.hex, message: $0.message) }
    }

    /// Where git looks for hooks: `hooks` in the directory shared by all worktrees.
    public var hooksDirectory: URL {
        URL(fileURLWithPath: repository.commonDirectory).appendingPathComponent("hooks")
    }
}
