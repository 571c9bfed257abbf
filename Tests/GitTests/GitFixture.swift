import Foundation
import XCTest
@testable import Git

/// A temporary folder with repositories made by stock git, the independent reader in tests.
final class GitFixture {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        // Resolve symlinks so paths compare equal to what libgit2 reports.
        let path = URL(fileURLWithPath: base).resolvingSymlinksInPath()
            .appendingPathComponent("gittests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        root = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `root/name`.
    func path(_ name: String) -> String {
        (root as NSString).appendingPathComponent(name)
    }

    /// A fresh non-bare repository with one commit on `main` (file `README` in `docs/`).
    func makeRepository(_ name: String = "repo") throws -> String {
        let dir = path(name)
        try git(["init", "-q", "-b", "main", dir], in: root)
        try FileManager.default.createDirectory(atPath: dir + "/docs/deep", withIntermediateDirectories: true)
        try "hello\n".write(toFile: dir + "/docs/README", atomically: true, encoding: .utf8)
        try git(["add", "."], in: dir)
        try git(["commit", "-q", "-m", "first"], in: dir)
        return dir
    }

    /// Runs `/usr/bin/git` with a fixed identity and clock; returns stdout, trimmed.
    @discardableResult
    func git(_ arguments: [String], in directory: String, allowFailure: Bool = false) throws -> String {
        let result = try GitFixture.run(arguments, in: directory, home: root)
        if result.status != 0 && !allowFailure {
            throw FixtureError.gitFailed(arguments, result.status, result.errors)
        }
        return result.output
    }

    static func run(_ arguments: [String], in directory: String, home: String) throws
        -> (status: Int32, output: String, errors: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-c", "user.name=Fixture", "-c", "user.email=fixture@example.com"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "Fixture"
        environment["GIT_AUTHOR_EMAIL"] = "fixture@example.com"
        environment["GIT_AUTHOR_DATE"] = "1700000000 +0000"
        environment["GIT_COMMITTER_NAME"] = "Fixture"
        environment["GIT_COMMITTER_EMAIL"] = "fixture@example.com"
        environment["GIT_COMMITTER_DATE"] = "1700000000 +0000"
        environment["GIT_CEILING_DIRECTORIES"] = (home as NSString).deletingLastPathComponent
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: outData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return (process.terminationStatus, text, String(decoding: errData, as: UTF8.self))
    }
}

enum FixtureError: Error {
    case gitFailed([String], Int32, String)
}

/// Fixed signatures: tests never read the wall clock.
enum Fixed {
    static let alice = Signature(name: "Alice", email: "alice@example.com", time: 1_700_000_000, offsetMinutes: 60)
    static let bob = Signature(name: "Bob", email: "bob@example.com", time: 1_700_000_100, offsetMinutes: -300)

    static func signature(at time: Int64) -> Signature {
        Signature(name: "Alice", email: "alice@example.com", time: time, offsetMinutes: 0)
    }
}

/// UTF-8 bytes of `text`.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
