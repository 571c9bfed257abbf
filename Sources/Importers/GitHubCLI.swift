public import Foundation
public import TeamflowCore

/// Runs the user's own GitHub CLI. A protocol so tests (and other front-ends) can answer in its place.
public protocol GitHubRunner: Sendable {
    /// Runs `gh arguments...` with no shell; throws only when gh cannot be started.
    func run(_ arguments: [String]) throws -> GitHubRunOutput
}

/// What one run of gh produced.
public struct GitHubRunOutput: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String

    public init(status: Int32, stdout: Data, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The `gh` executable found on `PATH`. gh keeps its own login, host (`GH_HOST`, GitHub
/// Enterprise) and token: teamflow never sees or stores a token.
public struct GitHubProcess: GitHubRunner {
    public let executable: URL
    public let environment: [String: String]

    /// Finds `gh` on `PATH` (from `environment`); nil when there is none.
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("gh")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                executable = candidate
                self.environment = environment
                return
            }
        }
        return nil
    }

    public func run(_ arguments: [String]) throws -> GitHubRunOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = self.environment
        // gh must print plain JSON: no pager, no colours, no prompts.
        environment["GH_PAGER"] = "cat"
        environment["NO_COLOR"] = "1"
        environment["GH_PROMPT_DISABLED"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain stderr on another thread so a chatty gh never blocks on a full pipe.
        let errBox = ErrorBytes()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return GitHubRunOutput(status: process.terminationStatus, stdout: outData,
                               stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}

/// Bytes read on a reader thread, read after the thread is joined.
private final class ErrorBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    func set(_ data: Data) {
        lock.lock()
        bytes = data
        lock.unlock()
    }
}

/// The questions teamflow asks gh, with fixed argument lists: every value from a user is checked
/// first (a PR number is digits, a repository is `OWNER/NAME` or `HOST/OWNER/NAME`) and a PR
/// number goes after `--`, so nothing typed can become an option.
public struct GitHubCLI: Sendable {
    /// The fields `review sync` asks for.
    public static let pullRequestFields = "number,title,body,author,url,headRefName,createdAt,state,mergedAt,comments,reviews"

    public let runner: (any GitHubRunner)?

    /// `runner` nil means gh is not installed: every question then fails saying so.
    public init(runner: (any GitHubRunner)?) {
        self.runner = runner
    }

    /// `gh pr view N --json … [--repo R]`, parsed.
    public func pullRequest(_ number: Int, repo: String? = nil) throws -> GitHubPullRequest {
        guard number > 0 else {
            throw TeamflowError(.usage, "invalid PR number '\(number)'", reason: .invalidValue(.pr, text: String(number)))
        }
        var arguments = ["pr", "view", "--json", Self.pullRequestFields]
        if let repo { arguments += ["--repo", try Self.repository(repo)] }
        let data = try run(arguments + ["--", String(number)])
        do {
            return try GitHubPullRequest(json: data)
        } catch let error as TeamflowError where error.message.hasPrefix("malformed gh JSON: the file is not JSON") {
            throw TeamflowError(.failure, "gh answered with something that is not JSON",
                                hints: ["Check that gh works on its own: gh pr view \(number)"])
        }
    }

    /// `OWNER/NAME` or `HOST/OWNER/NAME`: letters, digits, `.`, `_`, `-`, never starting with `-`.
    public static func repository(_ text: String) throws -> String {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && $0.allSatisfy(allowed.contains) }) else {
            throw TeamflowError(.usage, "invalid repository '\(text)'", hints: ["Write it as OWNER/NAME (or HOST/OWNER/NAME)."])
        }
        return text
    }

    /// Runs gh and returns its standard output; gh missing, failing or printing nothing is an error.
    func run(_ arguments: [String]) throws -> Data {
        guard let runner else {
            throw TeamflowError(.failure, "the GitHub CLI (gh) is not installed or not on PATH",
                                hints: ["Install the GitHub CLI (https://cli.github.com), then log in with: gh auth login"])
        }
        let output: GitHubRunOutput
        do {
            output = try runner.run(arguments)
        } catch {
            throw TeamflowError(.failure, "could not run gh: \(error)",
                                hints: ["Install the GitHub CLI (https://cli.github.com), then log in with: gh auth login"])
        }
        guard output.status == 0 else {
            let message = output.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw TeamflowError(.failure, message.isEmpty ? "gh failed (exit \(output.status))" : message)
        }
        return output.stdout
    }
}
extension GitHubCLI {
    /// The fields `issue import` asks for.
    public static let issueFields = "number,title,body,state,labels,assignees,url"

    /// `gh issue list --state S --limit N --json … [--label=L] [--repo R]`, parsed. `state` is
    /// `open`, `closed` or `all`; `label` one line, passed as one `--label=` word so that it can
    /// never be read as another option.
    public func issues(limit: Int, repo: String? = nil, state: String = "all", label: String? = nil) throws -> [TaskUseCases.Issue] {
        guard (1...1000).contains(limit) else {
            throw TeamflowError(.usage, "invalid limit '\(limit)'", hints: ["Give a number from 1 to 1000."])
        }
        guard ["open", "closed", "all"].contains(state) else {
            throw TeamflowError(.usage, "invalid state '\(state)'", reason: .invalidValue(.state, text: state))
        }
        var arguments = ["issue", "list", "--state", state, "--limit", String(limit), "--json", Self.issueFields]
        if let label {
            guard let checked = try Validate.labels([label]).first else {
                throw TeamflowError(.usage, "invalid label '\(label)'", reason: .invalidValue(.label, text: label))
            }
            arguments.append("--label=" + checked)
        }
        if let repo { arguments += ["--repo", try Self.repository(repo)] }
        let data = try run(arguments)
        do {
            return try GitHubIssues.parse(data)
        } catch let error as TeamflowError where error.message.hasPrefix("malformed gh JSON: not JSON") {
            throw TeamflowError(.failure, "gh answered with something that is not JSON",
                                hints: ["Check that gh works on its own: gh issue list"])
        }
    }

    /// `gh pr list --state open --limit N --json … [--repo R]`: the open PRs, each as
    /// `pr view` would print it (comments and reviews included).
    public func openPullRequests(limit: Int, repo: String? = nil) throws -> [GitHubPullRequest] {
        guard (1...1000).contains(limit) else {
            throw TeamflowError(.usage, "invalid limit '\(limit)'", hints: ["Give a number from 1 to 1000."])
        }
        var arguments = ["pr", "list", "--state", "open", "--limit", String(limit), "--json", Self.pullRequestFields]
        if let repo { arguments += ["--repo", try Self.repository(repo)] }
        let data = try run(arguments)
        do {
            return try GitHubPullRequest.list(json: data)
        } catch let error as TeamflowError where error.message.hasPrefix("malformed gh JSON: the file is not JSON") {
            throw TeamflowError(.failure, "gh answered with something that is not JSON",
                                hints: ["Check that gh works on its own: gh pr list"])
        }
    }
}
