public import Foundation
internal import Git

/// What one git run produced.
public struct WikiGitOutput: Sendable, Equatable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String

    /// Creates an output (fakes in tests build these).
    public init(status: Int32, stdout: String = "", stderr: String = "") {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs git for `WikiPublisher`: the product runs the user's `git`; tests record the calls.
public protocol WikiGit {
    /// Runs `git` with exactly `arguments` (the publisher puts `--end-of-options` before every
    /// operand) in `directory`, with `environment` on top of the process's. Throws only when
    /// git cannot be started.
    func run(_ arguments: [String], in directory: String, environment: [String: String]) throws -> WikiGitOutput
}

/// The user's own `git` from `PATH`, so clone and push use their ssh config, agents and
/// credential helpers (see "Sync" in docs/ARCHITECTURE.md).
public struct SystemWikiGit: WikiGit {
    /// The environment git runs in (`PATH`, `HOME`, ssh and credential settings): the
    /// caller's, which need not be this process's.
    let environment: [String: String]

    /// nil when there is no `git` on `PATH` (of `environment`).
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        // Only `PATH` is looked at here; the directory is a placeholder until `run` names one.
        guard GitProcess(directory: "/", environment: environment) != nil else { return nil }
        self.environment = environment
    }

    /// Runs the user's git with exactly `arguments` (no `GIT_DIR` inherited: git finds the
    /// repository from `directory`).
    public func run(_ arguments: [String], in directory: String, environment: [String: String]) throws -> WikiGitOutput {
        guard let git = GitProcess(directory: directory, environment: self.environment) else {
            return WikiGitOutput(status: 127, stderr: "cannot find `git` on PATH")
        }
        // The arguments already hold their `--end-of-options`: passed as options, none is added.
        let output = try git.run(arguments, extraEnvironment: environment)
        return WikiGitOutput(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }
}
