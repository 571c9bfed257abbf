public import Foundation
internal import Git
import TeamflowCore

/// How events travel to and from a remote: fetch one ref, push one ref with a lease.
///
/// `GitTransport` is the product's; tests wrap it to inject a concurrent push or a failure.
public protocol SyncTransport {
    /// Fetches the remote's `ref` into the local `tracking` ref (forced); returns false when the
    /// remote has no such ref. Throws `TeamflowError` when the remote cannot be reached.
    func fetch(remote: String, ref: String, into tracking: String) throws -> Bool

    /// Points the remote's `ref` at local commit `commit` only if it still points at `expected`
    /// (nil: only if it does not exist). Returns a rejection reason when the lease failed or the
    /// remote refused the update; throws when the remote cannot be reached.
    /// Commits are 40 hex digits.
    func push(remote: String, commit: String, ref: String, expected: String?) throws -> String?
}

/// Runs the user's `git fetch` / `git push` (see `GitProcess`). The remote and refspecs are
/// operands after `--end-of-options`, and a remote starting with `-` is refused outright.
/// teamflow never sets `protocol.allow`, so git's own policy stands (`ext::` is refused).
public struct GitTransport: SyncTransport {
    let git: GitProcess
    /// Show git's progress meters (on a terminal); otherwise git runs with `-q`.
    public var progress: Bool

    /// The transport for `store`'s repository; git runs in `environment` (`PATH`, `HOME`, ssh
    /// and credential settings), the caller's, which need not be this process's.
    public init(store: GitEventStore, progress: Bool,
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try self.init(repository: store.repository, progress: progress, environment: environment)
    }

    init(repository: Repository, progress: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let git = GitProcess(repository: repository, environment: environment) else {
            throw TeamflowError(.failure, "cannot find `git` on PATH; sync runs your git for fetch and push",
                                hints: ["Install git, or add it to PATH."])
        }
        self.git = git
        self.progress = progress
    }

    private var verbosity: String { progress ? "--progress" : "-q" }

    /// Without a terminal git must never wait for a password prompt nobody can answer.
    private var environment: [String: String] { progress ? [:] : ["GIT_TERMINAL_PROMPT": "0"] }

    public func fetch(remote: String, ref: String, into tracking: String) throws -> Bool {
        try RemoteCheck.typed(remote)
        let result = try git.run(["fetch", verbosity, "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules"],
                                 operands: [remote, "+\(ref):\(tracking)"],
                                 forwardStderr: progress, extraEnvironment: environment)
        if result.status == 0 { return true }
        // Tell "the remote has no events yet" from "cannot reach the remote" without parsing
        // translated messages: ls-remote --exit-code exits 2 when the ref is missing.
        let probe = try git.run(["ls-remote", "--exit-code"], operands: [remote, ref], extraEnvironment: environment)
        if probe.status == 2 { return false }
        throw TeamflowError(.failure, "cannot fetch \(ref) from \(remote): \(GitTransport.reason(result.stderr))",
                            hints: ["Nothing changed locally. Check the remote with `git fetch \(remote)`."])
    }

    public func push(remote: String, commit: String, ref: String, expected: String?) throws -> String? {
        try RemoteCheck.typed(remote)
        let lease = "--force-with-lease=\(ref):\(expected ?? "")"
        let result = try git.run(["push", verbosity, "--porcelain", "--no-recurse-submodules", lease],
                                 operands: [remote, "\(commit):\(ref)"],
                                 forwardStderr: progress, extraEnvironment: environment)
        if result.status == 0 { return nil }
        // --porcelain prints one line per ref; "!" marks a rejected update (stale lease, a
        // server-side compare-and-swap failure, or a hook's refusal). Anything else is transport.
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("!") {
            let fields = line.split(separator: "\t")
            return fields.count >= 3 ? String(fields[2]) : String(line)
        }
        throw TeamflowError(.failure, "cannot push \(ref) to \(remote): \(GitTransport.reason(result.stderr))",
                            hints: ["Your events are kept locally."],
                            reason: .syncAgain(remote: remote))
    }

    /// git's own explanation: its fatal/error lines, else the last non-empty line.
    static func reason(_ stderr: String) -> String {
        let lines = stderr.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let important = lines.filter { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") || $0.hasPrefix("remote:") }
        let chosen = important.isEmpty ? Array(lines.suffix(1)) : important
        return chosen.isEmpty ? "git failed without a message" : chosen.joined(separator: "; ")
    }
}
