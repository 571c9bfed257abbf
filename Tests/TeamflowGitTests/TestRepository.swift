import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// A real git repository in a temp folder, made and inspected with stock `git`.
final class TestRepository: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "teamflow-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git("init", "-q")
        try git("config", "user.name", "Tester")
        try git("config", "user.email", "tester@example.com")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Runs stock git in the repository and returns its trimmed stdout; throws on failure.
    @discardableResult
    func git(_ arguments: String..., input: String? = nil) throws -> String {
        try TestRepository.run("/usr/bin/git", arguments, cwd: path, input: input)
    }

    static func run(_ executable: String, _ arguments: [String], cwd: String, input: String? = nil,
                    environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "TestRepository", code: Int(process.terminationStatus), userInfo: [
                NSLocalizedDescriptionKey: "\(executable) \(arguments.joined(separator: " ")) failed: \(String(decoding: errData, as: UTF8.self))",
            ])
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func store() throws -> GitEventStore { try GitEventStore.open(at: path) }

    /// Commits files by hand on the events ref, as a teammate's tool or an attacker would:
    /// (mode, object, path) entries added to the tip's tree (or to an empty one).
    func plantEntries(_ entries: [(mode: String, object: String, path: String)]) throws {
        let tip = try? git("rev-parse", "-q", "--verify", "refs/teamflow/events")
        let env = ["GIT_INDEX_FILE": path + "/.git/plant-index"]
        defer { try? FileManager.default.removeItem(atPath: path + "/.git/plant-index") }
        if let tip { _ = try TestRepository.run("/usr/bin/git", ["read-tree", tip], cwd: path, environment: env) }
        for entry in entries {
            _ = try TestRepository.run("/usr/bin/git", ["update-index", "--add", "--cacheinfo", "\(entry.mode),\(entry.object),\(entry.path)"],
                                       cwd: path, environment: env)
        }
        let tree = try TestRepository.run("/usr/bin/git", ["write-tree"], cwd: path, environment: env)
        let commit = try tip.map { try git("commit-tree", tree, "-p", $0, "-m", "plant") } ?? git("commit-tree", tree, "-m", "plant")
        if let tip { try git("update-ref", "refs/teamflow/events", commit, tip) } else { try git("update-ref", "refs/teamflow/events", commit) }
    }

    /// Commits one file with `text` at `path` on the events ref.
    func plant(path: String, text: String) throws {
        try plantEntries([("100644", try git("hash-object", "-w", "--stdin", input: text), path)])
    }

    static let author = Author(name: "건우", email: "gw@example.com")

    /// Appends one goal.added event through the store.
    @discardableResult
    func addGoal(_ title: String, week: String = "2024-W47", at: String = "2024-11-19T10:00:00+09:00",
                 store: GitEventStore? = nil) throws -> Event {
        let store = try store ?? self.store()
        let draft = EventDraft(type: EventType.goalAdded, data: ["title": .string(title), "week": .string(week)],
                               summary: "goal: add \"\(title)\"")
        return try store.append([draft], author: TestRepository.author, at: at)[0]
    }
}
