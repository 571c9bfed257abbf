public import Foundation

/// Runs the user's own `git` executable (found on `PATH`) for network operations.
///
/// Fetch and push go through the command-line git rather than libgit2's transports so that
/// everything the user already configured (ssh config and agent, credential helpers, proxies,
/// `insteadOf` rewrites, hooks) behaves exactly as it does for `git push`.
public struct GitProcess: Sendable {
    /// What a finished run produced.
    public struct Output: Sendable {
        /// The exit status (or the signal number for a killed process).
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error (also forwarded live when `forwardStderr`).
        public var stderr: String
    }

    /// The `git` executable.
    public let executable: URL
    /// The repository's git directory, passed as `GIT_DIR` so git acts on exactly it; nil lets
    /// git discover the repository from `directory` (or work outside one, as `clone` does).
    public let gitDirectory: String?
    /// The working directory for git (the work tree root, or the git directory when bare).
    public let directory: String
    /// The environment git runs in (before `run`'s own changes): the caller's, which need not
    /// be this process's.
    public let environment: [String: String]

    /// Finds `git` on `PATH` (from `environment`); nil when there is none.
    public init?(repository: Repository, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: repository.workingDirectory ?? repository.gitDirectory, gitDirectory: repository.gitDirectory,
                  environment: environment)
    }

    /// Runs git in `directory`, optionally pinned to `gitDirectory`; nil when git is not on `PATH`.
    public init?(directory: String, gitDirectory: String? = nil,
                 environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let git = GitProcess.find("git", path: environment["PATH"] ?? "/usr/bin:/bin") else { return nil }
        executable = git
        self.gitDirectory = gitDirectory
        self.directory = directory
        self.environment = environment
    }

    /// Runs `git options... --end-of-options operands...`; `forwardStderr` also copies git's
    /// stderr to ours as it comes (progress meters on a terminal). Throws only when git cannot
    /// be started.
    ///
    /// `options` are the subcommand and its options, all written by teamflow. Everything that
    /// comes from a user, a file or git config (remote names, URLs, paths, pathspecs) goes in
    /// `operands`: git stops reading options at `--end-of-options` (git 2.24+), so an operand
    /// such as `--upload-pack=touch pwned` can only ever be a name, never an option.
    public func run(_ options: [String], operands: [String] = [], forwardStderr: Bool = false,
                    extraEnvironment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = operands.isEmpty ? options : options + [GitProcess.endOfOptions] + operands
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = self.environment
        // An inherited GIT_DIR (say, from a hook) must never redirect git to another repository.
        environment["GIT_DIR"] = gitDirectory
        if gitDirectory == nil { environment["GIT_WORK_TREE"] = nil }
        for (key, value) in extraEnvironment { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain both pipes concurrently so a chatty git never blocks on a full pipe.
        let errBox = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let handle = err.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                errBox.append(chunk)
                if forwardStderr { FileHandle.standardError.write(chunk) }
            }
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    /// git's separator after which nothing is read as an option.
    public static let endOfOptions = "--end-of-options"

    /// Whether git would read `argument` as an option if it stood before `--end-of-options`:
    /// remote names and URLs like that are refused before git runs.
    public static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-")
    }

    static func find(_ name: String, path: String) -> URL? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// Bytes gathered on a reader thread, read after the thread is joined.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        data.append(chunk)
        lock.unlock()
    }
}
