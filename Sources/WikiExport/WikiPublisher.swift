public import Foundation
public import TeamflowCore

/// `teamflow wiki publish`'s workflow: clone (or use a checkout in place), write the pages the
/// export owns, stage exactly those paths, commit when something changed, push.
///
/// Every git call goes through the injected `WikiGit`, with user-given names (the target, the
/// clone folder, page paths, the push refspec) after `--end-of-options`; a target starting
/// with `-` is refused before git runs.
public struct WikiPublisher {
    /// What a publish did.
    public struct Outcome: Sendable, Equatable {
        /// Whether a commit was made (false: the wiki was up to date).
        public var changed: Bool
        /// Whether that commit was pushed (an in-place checkout without upstream is not).
        public var pushed: Bool
        /// The pages written and removed.
        public var report: WikiWriteReport
        /// Pages written plus pages removed.
        public var changedPages: Int { report.written.count + report.removed.count }
    }

    let git: any WikiGit
    let temporaryDirectory: String

    /// `temporaryDirectory` holds the clone of a URL or bare repository (removed afterwards).
    public init(git: any WikiGit, temporaryDirectory: String = NSTemporaryDirectory()) {
        self.git = git
        self.temporaryDirectory = temporaryDirectory
    }

    /// Publishes `files` to `target` (a URL, a bare repository or a checkout; a relative path is
    /// relative to `directory`), committing as `author` at `date` (RFC 3339).
    public func publish(_ files: [WikiFile], to target: String, from directory: String,
                        author: Author, date: String, message: String? = nil) throws -> Outcome {
        try Self.checkTarget(target)
        let local = target.hasPrefix("/") ? target : (directory as NSString).appendingPathComponent(target)
        let inPlace = isCheckout(local)
        var temporary: String?
        defer { temporary.map { try? FileManager.default.removeItem(atPath: $0) } }
        let folder: String
        if inPlace {
            folder = local
        } else {
            let clone = (temporaryDirectory as NSString).appendingPathComponent("teamflow-wiki-" + UUID().uuidString)
            temporary = clone
            let source = FileManager.default.fileExists(atPath: local) ? local : target
            try check(["clone", "-q", "--depth", "1"], operands: [source, clone], in: temporaryDirectory, doing: "clone \(target)")
            folder = clone
        }
        let report = try WikiWriter.write(files, to: folder)
        let paths = Set(files.map(\.name) + report.removed + [WikiWriter.manifestName]).sorted()
        // Page names are literal paths, never pathspec magic (`:(glob)...`) or globs.
        try check(["--literal-pathspecs", "add", "-A"], operands: paths, in: folder, doing: "stage the pages")
        let staged = try run(["diff", "--cached", "--quiet"], in: folder)
        guard staged.status == 1 else {
            guard staged.status == 0 else { throw failure("compare the pages", staged) }
            return Outcome(changed: false, pushed: false, report: report)
        }
        let identity = ["GIT_AUTHOR_NAME": author.name, "GIT_AUTHOR_EMAIL": author.email, "GIT_AUTHOR_DATE": date,
                        "GIT_COMMITTER_NAME": author.name, "GIT_COMMITTER_EMAIL": author.email, "GIT_COMMITTER_DATE": date]
        let changed = report.written.count + report.removed.count
        let text = message ?? "teamflow: update the wiki (\(changed) page\(changed == 1 ? "" : "s"))"
        try check(["commit", "-q", "--no-verify", "--message=" + text], in: folder, doing: "commit the pages", environment: identity)
        let hasUpstream = try run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"], in: folder).status == 0
        guard !inPlace || hasUpstream else { return Outcome(changed: true, pushed: false, report: report) }
        let branch = try check(["symbolic-ref", "--short", "HEAD"], in: folder, doing: "read the branch")
        let refspec = inPlace ? [] : ["origin", "HEAD:refs/heads/\(branch)"]
        try check(["push", "-q"], operands: refspec, in: folder, doing: "push to \(target)")
        return Outcome(changed: true, pushed: true, report: report)
    }

    /// A target git could read as an option (`--upload-pack=...`) is wrong usage.
    public static func checkTarget(_ target: String) throws {
        guard target.hasPrefix("-") else { return }
        throw TeamflowError(.usage, "'\(target)' is not a wiki repository: it starts with '-', so git would read it as an option",
                            hints: ["Give a URL or a path (write ./\(target) for a folder named so)."])
    }

    /// Whether `path` is a local repository with a work tree (updated in place).
    func isCheckout(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let output = try? run(["rev-parse", "--is-inside-work-tree", "--show-toplevel"], in: path),
              output.status == 0 else { return false }
        let lines = output.stdout.split(separator: "\n")
        return lines.first == "true" && lines.count == 2
            && URL(fileURLWithPath: String(lines[1])).resolvingSymlinksInPath().path
                == URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// `options --end-of-options operands` (no separator without operands), prompts off.
    private func run(_ options: [String], operands: [String] = [], in directory: String,
                     environment: [String: String] = [:]) throws -> WikiGitOutput {
        let arguments = operands.isEmpty ? options : options + ["--end-of-options"] + operands
        // Nobody can answer a password prompt in the middle of a publish.
        let environment = environment.merging(["GIT_TERMINAL_PROMPT": "0"]) { old, _ in old }
        return try git.run(arguments, in: directory, environment: environment)
    }

    /// Runs git and returns its trimmed stdout, or throws with git's reason.
    @discardableResult
    private func check(_ options: [String], operands: [String] = [], in directory: String, doing what: String,
                       environment: [String: String] = [:]) throws -> String {
        let output = try run(options, operands: operands, in: directory, environment: environment)
        guard output.status == 0 else { throw failure(what, output) }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func failure(_ what: String, _ output: WikiGitOutput) -> TeamflowError {
        let reason = output.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
        return TeamflowError(.failure, "cannot \(what): \(reason)", hints: ["Nothing was published."])
    }
}
