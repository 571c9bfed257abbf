import Foundation
import XCTest

/// A repository set up the way the attack was: git's config holds a CI token, and a teammate
/// commits template files that are symlinks to it (or to /proc). Shared by the symlink tests.
enum HostileTemplates {
    /// The token strings that must never reach an output file, stdout or stderr.
    static let secrets = ["c2VjcmV0LWJhc2ljLXRva2Vu", "ghs_LeakedInstallationToken42"]
    /// An environment value a template could read through /proc/self/environ.
    static let environmentSecret = "env-secret-Zq81xK"

    /// A workspace whose `.git/config` carries both kinds of token, as `actions/checkout` leaves it.
    static func repository() throws -> Workspace {
        let w = try Workspace()
        try w.git("config", "http.https://github.com/.extraheader", "AUTHORIZATION: basic \(secrets[0])")
        try w.git("remote", "add", "origin", "https://x-access-token:\(secrets[1])@github.com/team/app.git")
        return w
    }

    /// Writes `text` at `path` (relative to the workspace), creating folders.
    static func write(_ text: String, _ path: String, in w: Workspace) throws {
        let url = URL(fileURLWithPath: w.path + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Makes `path` (relative to the workspace) a symlink to `target`, creating folders.
    static func link(_ path: String, to target: String, in w: Workspace) throws {
        let full = w.path + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
    }

    /// Commits everything, as the teammate did (git stores the links as links).
    static func commit(_ w: Workspace) throws {
        try w.git("add", "-A")
        try w.git("commit", "-q", "-m", "templates")
    }

    /// Fails when any secret appears in the result's output or in any file below `folder`.
    static func assertNoLeak(_ result: CLI.Result, folder: String?, file: StaticString = #filePath, line: UInt = #line) {
        for secret in secrets + [environmentSecret] {
            XCTAssertFalse(result.stdout.contains(secret), "stdout leaks \(secret)", file: file, line: line)
            XCTAssertFalse(result.stderr.contains(secret), "stderr leaks \(secret)", file: file, line: line)
        }
        guard let folder, let walker = FileManager.default.enumerator(atPath: folder) else { return }
        while let relative = walker.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for secret in secrets + [environmentSecret] where text.contains(secret) {
                XCTFail("\(relative) leaks \(secret)", file: file, line: line)
            }
        }
    }

    /// Fails unless `result` is exit 1 with an `error:` naming `path` as refused for `reason`,
    /// nothing exists at `out`, and no secret leaked.
    static func assertRefused(_ result: CLI.Result, naming path: String, because reason: String, out: String?,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.code, 1, result.stdout + result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("\(path): refused: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(reason), result.stderr, file: file, line: line)
        if let out { XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is written", file: file, line: line) }
        assertNoLeak(result, folder: out, file: file, line: line)
    }
}
