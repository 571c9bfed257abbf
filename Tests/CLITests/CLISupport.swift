import Foundation
@testable import teamflow
import XCTest

/// Runs teamflow command lines as a user would, in temp git repositories: in this process by
/// default (`TeamflowCLI.run` with in-memory output, the way `main.swift` runs it with the
/// process's own), or as the built binary (`spawn`) where the process itself is under test.
enum CLI {
    /// The binary SwiftPM built next to the test bundle (the test target depends on it).
    static let binary: URL = {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("teamflow"),
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent("teamflow"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/teamflow"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    struct Result {
        var stdout: String
        var stderr: String
        var code: Int32
    }

    /// The environment every test run gets: a fixed clock and zone, no colour, no user config.
    static let baseEnvironment: [String: String] = [
        "TEAMFLOW_NOW": "2024-11-19T10:00:00+09:00",
        "TZ": "Asia/Seoul",
        "NO_COLOR": "1",
        "PATH": "/usr/bin:/bin:/usr/local/bin",
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": NSTemporaryDirectory(),
        "LANG": "C.UTF-8",
    ]

    /// Starts the binary; the caller waits (or kills it).
    static func start(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                      stdin: String? = nil) throws -> (Process, Pipe, Pipe) {
        try Subprocess.start(binary.path, arguments, in: directory,
                             environment: baseEnvironment.merging(environment) { $1 }, stdin: stdin)
    }

    /// Variables read from the process's environment below the CLI (by libgit2, git
    /// subprocesses, fault injection and tracing) rather than from the dictionary a run is
    /// given: a test that sets one is only honest against a process of its own.
    static let processOnlyVariables: Set<String> = ["TEAMFLOW_TEST_FAULT", "TEAMFLOW_TRACE", "HOME", "PATH", "XDG_CONFIG_HOME"]

    /// Runs to the end and collects output and exit code: in this process (`stdin` as
    /// standard input, empty when nil like the closed pipe a spawned run gets), unless the run
    /// sets a variable only a process of its own would see (`processOnlyVariables`, any
    /// `GIT_…`), which spawns the binary.
    @discardableResult
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                    stdin: String? = nil) throws -> Result {
        if spawnsAll || environment.keys.contains(where: { processOnlyVariables.contains($0) || $0.hasPrefix("GIT_") }) {
            return try spawn(arguments, in: directory, environment: environment, stdin: stdin)
        }
        let output = Output.memory(input: Data((stdin ?? "").utf8))
        let code = TeamflowCLI.run(arguments: arguments, environment: baseEnvironment.merging(environment) { $1 },
                                   output: output, directory: directory)
        return Result(stdout: output.standardOutput, stderr: output.standardError, code: code)
    }

    /// `TEAMFLOW_CLI_TESTS_SPAWN=1 swift test` runs every command line as the built binary, as
    /// the suite did before it ran them in process: the same tests against the real process
    /// (and the figure to compare in docs/PERFORMANCE.md).
    static let spawnsAll = ProcessInfo.processInfo.environment["TEAMFLOW_CLI_TESTS_SPAWN"] == "1"

    /// Runs the built binary to the end: for tests of the process itself (signals, terminals,
    /// progress lines, exit paths, the installed artifacts).
    @discardableResult
    static func spawn(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                      stdin: String? = nil) throws -> Result {
        try Subprocess.run(binary.path, arguments, in: directory,
                           environment: baseEnvironment.merging(environment) { $1 }, stdin: stdin)
    }
}

/// Runs any program for the tests: the one place that wires pipes and waits.
enum Subprocess {
    /// Starts `executable`; `environment` nil keeps this process's environment.
    static func start(_ executable: String, _ arguments: [String], in directory: String,
                      environment: [String: String]? = nil, stdin: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        return (process, out, err)
    }

    /// Runs to the end; both pipes are drained before waiting so a large output cannot block.
    ///
    /// Started with `posix_spawn` and waited for with `waitpid`: Foundation's `Process` polls
    /// for the child's exit on Linux, tens of milliseconds a run, and the suite runs git and
    /// the binary thousands of times. The exit code is `Process.terminationStatus`'s: the
    /// status, or the signal's number when a signal ended the child.
    static func run(_ executable: String, _ arguments: [String], in directory: String,
                    environment: [String: String]? = nil, stdin: String? = nil) throws -> CLI.Result {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0], inPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0, pipe(&inPipe) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // Only the child's copies (dup2'd onto 0, 1, 2) survive its exec.
        for fd in outPipe + errPipe + inPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // The working directory through env(1)'s -C: the Glibc module does not export
        // posix_spawn_file_actions_addchdir_np.
        let argv = (["/usr/bin/env", "-C", directory, executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, envp)
        // The child holds its own copies; the parent keeps only its ends.
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        let input = FileHandle(fileDescriptor: inPipe[1], closeOnDealloc: true)
        let out = FileHandle(fileDescriptor: outPipe[0], closeOnDealloc: true)
        let err = FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.readDataToEndOfFile()
            group.leave()
        }
        // Written on its own thread, so a child that prints before it has read all of its
        // input cannot block on a full pipe while this thread is still writing.
        group.enter()
        DispatchQueue.global().async {
            if let stdin { try? input.write(contentsOf: Data(stdin.utf8)) }
            try? input.close()
            group.leave()
        }
        let outData = out.readDataToEndOfFile()
        group.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return CLI.Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errBox.data, as: UTF8.self),
                          code: signal == 0 ? (status >> 8) & 0xFF : signal)
    }

    /// Runs stock git; throws with git's stderr on a non-zero exit; returns trimmed stdout.
    @discardableResult
    static func git(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> String {
        let result = try run("/usr/bin/git", arguments, in: directory,
                             environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        guard result.code == 0 else {
            throw NSError(domain: "git", code: Int(result.code), userInfo: [
                NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            ])
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Carries stderr's bytes out of the reader thread (written once, read after `wait`).
final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// A temp folder holding a git repository with a configured user.
final class Workspace: @unchecked Sendable {
    let path: String

    init(gitInit: Bool = true) throws {
        path = NSTemporaryDirectory() + "teamflow-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if gitInit {
            try git("init", "-q")
            try git("config", "user.name", "건우")
            try git("config", "user.email", "gw@example.com")
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Runs teamflow in this workspace (in process where it can; see `CLI.run`).
    @discardableResult
    func teamflow(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, in: path, environment: environment, stdin: stdin)
    }

    /// Runs the built binary in this workspace, for tests of the process itself.
    @discardableResult
    func spawnTeamflow(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil) throws -> CLI.Result {
        try CLI.spawn(arguments, in: path, environment: environment, stdin: stdin)
    }

    /// Runs stock git; throws on a non-zero exit.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try Subprocess.git(arguments, in: path)
    }

    /// The id field of a `--json` object printed by a write command.
    func id(from result: CLI.Result, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
              let id = object["id"] as? String else {
            XCTFail("no id in: \(result.stdout) \(result.stderr)", file: file, line: line)
            return ""
        }
        return id
    }
}

/// Every regular file under `folder` (sub-folders such as `charts/` included), by its path
/// relative to `folder`: what an export wrote, to compare two runs byte for byte.
func filesUnder(_ folder: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let root = URL(fileURLWithPath: folder)
    for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory),
              !isDirectory.boolValue else { continue }
        out[name] = try Data(contentsOf: root.appendingPathComponent(name))
    }
    return out
}
