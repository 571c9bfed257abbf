import Foundation
import XCTest

/// Runs the built `teamflow` binary as a user would, in temp git repositories.
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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = baseEnvironment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        return (process, out, err)
    }

    /// Runs to the end and collects output and exit code.
    @discardableResult
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                    stdin: String? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, in: directory, environment: environment, stdin: stdin)
        // Read both pipes before waiting so a large output cannot block the child.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let errData = errBox.data
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      code: process.terminationStatus)
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

    @discardableResult
    func teamflow(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, in: path, environment: environment, stdin: stdin)
    }

    /// Runs stock git; fails the test on a non-zero exit.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "git", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed"])
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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
