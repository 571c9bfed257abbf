public import Foundation
internal import Git
import TeamflowCore

/// The git hooks `teamflow hooks install` writes: `commit-msg` refuses a commit whose
/// `Teamflow-*` trailers name no task, `post-commit` applies them. A hook already there is kept
/// beside ours as `<hook>.teamflow-chained` and run first with the same arguments and input;
/// `uninstall` puts it back byte for byte.
public struct GitHooks: Sendable {
    /// What became of one hook.
    public enum Outcome: String, Sendable, Equatable {
        /// Written where there was none.
        case installed
        /// Written, the hook that was there kept and run first.
        case chained
        /// Ours already, as it would be written.
        case unchanged
        /// Ours, rewritten (another teamflow path, an older text).
        case updated
        /// Ours, removed (and the chained one, if any, put back).
        case removed
        /// Not ours: left alone.
        case notOurs
        /// Nothing there.
        case absent
    }

    /// One hook file and what was done to it.
    public struct Change: Sendable, Equatable {
        public var hook: String
        public var path: String
        public var outcome: Outcome
    }

    /// The hooks teamflow writes.
    public static let names = ["commit-msg", "post-commit"]
    /// The name a hook that was there before gets.
    public static let chainedSuffix = ".teamflow-chained"
    /// The line that marks a hook as teamflow's.
    static let marker = "# teamflow-hook: 1"
    /// The post-commit hook earlier versions wrote (removed and replaced as ours).
    static let legacyPostCommit = "#!/bin/sh\n# Installed by teamflow hooks install: check the tasks this commit's Teamflow-Done: trailers name.\nteamflow commits scan --last 1 >/dev/null 2>&1 || true\n"

    /// The folder git runs hooks from: `core.hooksPath` (relative to the working tree) or
    /// `hooks` in the directory shared by all worktrees.
    public let folder: URL

    /// The hooks of `store`'s repository.
    public init(store: GitEventStore) throws {
        let repository = store.repository
        if let path = try repository.config("core.hooksPath"), !path.isEmpty {
            let base = repository.workingDirectory ?? repository.commonDirectory
            folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        } else {
            folder = URL(fileURLWithPath: repository.commonDirectory).appendingPathComponent("hooks")
        }
    }

    /// Writes both hooks, running teamflow at `executable` (else the `teamflow` on `PATH`);
    /// a hook that is not teamflow's is moved aside and chained. Throws `.conflict` when a
    /// hook must be chained but `<hook>.teamflow-chained` exists already (nothing is written).
    public func install(executable: String?) throws -> [Change] {
        let fm = FileManager.default
        for name in Self.names {
            let path = url(name).path
            if Self.exists(path), !Self.isOurs(path), Self.exists(path + Self.chainedSuffix) {
                throw TeamflowError(.conflict, "\(path) is not teamflow's and \(path + Self.chainedSuffix) exists already",
                                    hints: ["Move one of them away, then install again."])
            }
        }
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        return try Self.names.map { name in
            let path = url(name).path
            let text = Self.script(name, executable: executable)
            var outcome = Outcome.installed
            if Self.exists(path) {
                if Self.isOurs(path) {
                    if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return Change(hook: name, path: path, outcome: .unchanged) }
                    outcome = .updated
                    try fm.removeItem(atPath: path)
                } else {
                    try fm.moveItem(atPath: path, toPath: path + Self.chainedSuffix)
                    outcome = .chained
                }
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return Change(hook: name, path: path, outcome: outcome)
        }
    }

    /// Removes teamflow's hooks and puts back the ones they chained; a hook that is not
    /// teamflow's is left alone.
    public func uninstall() throws -> [Change] {
        let fm = FileManager.default
        return try Self.names.map { name in
            let path = url(name).path
            guard Self.exists(path) else {
                // A hook moved aside whose replacement someone deleted: still put it back.
                if Self.exists(path + Self.chainedSuffix) {
                    try fm.moveItem(atPath: path + Self.chainedSuffix, toPath: path)
                    return Change(hook: name, path: path, outcome: .removed)
                }
                return Change(hook: name, path: path, outcome: .absent)
            }
            guard Self.isOurs(path) else { return Change(hook: name, path: path, outcome: .notOurs) }
            try fm.removeItem(atPath: path)
            if Self.exists(path + Self.chainedSuffix) { try fm.moveItem(atPath: path + Self.chainedSuffix, toPath: path) }
            return Change(hook: name, path: path, outcome: .removed)
        }
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Whether something (a file or a link, even a dangling one) is at `path`.
    static func exists(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)) != nil
    }

    static func isOurs(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        return text == legacyPostCommit || text.split(separator: "\n").contains { $0 == marker }
    }

    /// `text` as one single-quoted shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The hook's text. teamflow is found at `executable` (quoted: no shell expansion), else on
    /// `PATH`; when it is missing the hook lets the commit through rather than block git.
    static func script(_ name: String, executable: String?) -> String {
        let purpose = name == "commit-msg"
            ? "refuses a commit whose Teamflow-Done: or Teamflow-Start: trailers name no task (or several)"
            : "applies this commit's Teamflow-Done: and Teamflow-Start: trailers (never fails the commit)"
        var lines = [
            "#!/bin/sh",
            "# Installed by teamflow hooks install: \(purpose).",
            "# A hook that was here before runs first, as \(name)\(chainedSuffix); teamflow hooks uninstall puts it back.",
            marker,
            "chained=\"$0\(chainedSuffix)\"",
        ]
        let find = [
            "teamflow=\(quoted(executable ?? "teamflow"))",
            "[ -x \"$teamflow\" ] || teamflow=teamflow",
        ]
        if name == "commit-msg" {
            lines += ["if [ -x \"$chained\" ]; then \"$chained\" \"$@\" || exit $?; fi"] + find + [
                "command -v \"$teamflow\" >/dev/null 2>&1 || exit 0",
                "exec \"$teamflow\" commits check -- \"$1\"",
            ]
        } else {
            lines += ["status=0", "if [ -x \"$chained\" ]; then \"$chained\" \"$@\" || status=$?; fi"] + find + [
                "\"$teamflow\" commits scan </dev/null >/dev/null 2>&1 || true",
                "exit $status",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
