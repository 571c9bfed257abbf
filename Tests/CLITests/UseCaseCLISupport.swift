import Foundation
import XCTest

/// The fixed clock and zone every end-to-end test uses (never the wall clock).
let fixedEnvironment = ["TEAMFLOW_NOW": "2024-11-19T10:00:00+09:00", "TZ": "Asia/Seoul", "NO_COLOR": "1"]

/// Runs `teamflow args` in `cwd`; returns stdout, stderr and the exit code.
func runTeamflow(_ args: [String], cwd: URL, env: [String: String] = [:]) throws -> (stdout: String, stderr: String, code: Int32) {
    guard FileManager.default.isExecutableFile(atPath: CLI.binary.path) else {
        throw XCTSkip("the teamflow binary is not built")
    }
    return try run(CLI.binary, args, cwd: cwd, env: env)
}

/// Runs a program with this process's environment (less TEAMFLOW_AUTHOR) plus the fixed clock.
@discardableResult
func run(_ executable: URL, _ args: [String], cwd: URL, env: [String: String] = [:]) throws -> (stdout: String, stderr: String, code: Int32) {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "TEAMFLOW_AUTHOR")
    for (key, value) in fixedEnvironment.merging(env, uniquingKeysWith: { $1 }) { environment[key] = value }
    let result = try Subprocess.run(executable.path, args, in: cwd.path, environment: environment)
    return (result.stdout, result.stderr, result.code)
}

/// A temporary git repository with a configured author; removed by `tearDown`.
final class TempRepo {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("teamflow-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let git = URL(fileURLWithPath: "/usr/bin/git")
        try run(git, ["init", "-q"], cwd: url)
        try run(git, ["config", "user.name", "Kim Minsu"], cwd: url)
        try run(git, ["config", "user.email", "kim@example.com"], cwd: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Runs teamflow here and fails the test when the exit code is not `expect`.
    @discardableResult
    func tf(_ args: String..., expect: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try runTeamflow(args, cwd: url)
        XCTAssertEqual(result.code, expect, "teamflow \(args.joined(separator: " "))\n\(result.stderr)", file: file, line: line)
        return expect == 0 ? result.stdout : result.stderr
    }

    /// The `id` of the first JSON object in a `--json` listing whose `key` equals `value`.
    func id(of value: String, key: String = "title", in args: String...) throws -> String {
        let out = try runTeamflow(args + ["--json"], cwd: url).stdout
        let items = (try JSONSerialization.jsonObject(with: Data(out.utf8))) as? [[String: Any]] ?? []
        return (items.first { $0[key] as? String == value }?["id"] as? String) ?? "missing-\(value)"
    }
}

/// Replaces every 24-hex-digit id (and its 8-character short form) with `#1`, `#2`, ... in
/// order of first appearance, so expected output does not depend on commit hashes.
func normalizeIDs(_ text: String) -> String {
    guard let regex = try? NSRegularExpression(pattern: "\\b[0-9a-f]{24}\\b") else { return text }
    var names: [String: String] = [:]
    var out = text
    let range = NSRange(text.startIndex..., in: text)
    for match in regex.matches(in: text, range: range) {
        guard let r = Range(match.range, in: text) else { continue }
        let id = String(text[r])
        if names[id] == nil { names[id] = "#\(names.count + 1)" }
    }
    for (id, name) in names.sorted(by: { $0.key < $1.key }) {
        out = out.replacingOccurrences(of: id, with: name).replacingOccurrences(of: String(id.prefix(8)), with: name)
    }
    return out
}
