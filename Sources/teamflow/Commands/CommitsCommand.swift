import ArgumentParsing
import JSONShapes
import Foundation
import TeamflowCore
import TeamflowGit

/// `teamflow commits scan|check` and `teamflow hooks install|uninstall`: `Teamflow-Done:` and
/// `Teamflow-Start:` trailers check and start tasks.
enum CommitsCommand {
    static let last = OptionSpec(long: "last", valueName: "N",
                                 help: "Read the newest N commits of HEAD instead (default when nothing was scanned on this branch: 50).")
    static let since = OptionSpec(long: "since", valueName: "REF",
                                  help: "Read the commits of HEAD that REF does not have (as git log REV..HEAD).")
    static let file = ArgumentSpec(name: "file", help: "The commit message file git gives a commit-msg hook.", completion: .file)

    static let spec = CommandSpec(
        name: "commits",
        abstract: "Check and start the tasks that commits' Teamflow-Done: and Teamflow-Start: trailers name.",
        discussion: "A line \"Teamflow-Done: 3f2a\" (a task id prefix or title; several separated by commas, several lines allowed) in a commit message checks the task; \"Teamflow-Start: 3f2a\" marks it in progress. Each commit is applied once per task (the task is linked to the commit), so scanning the same commits again, or after the hook, appends nothing.",
        examples: ["teamflow commits scan", "teamflow commits scan --since origin/main", "teamflow commits scan --last 200"],
        subcommands: [
            CommandSpec(name: "scan", abstract: "Apply the trailers of the commits since the last scan of this branch (or --since, --last).",
                        options: [since, last], run: handler(scan)),
            CommandSpec(name: "check", abstract: "Exit 1 when a commit message's trailers name no task or several (the commit-msg hook).",
                        arguments: [file], run: handler(check)),
        ]
    )

    static let hooksSpec = CommandSpec(
        name: "hooks",
        abstract: "Git hooks that keep teamflow up to date.",
        discussion: "install writes commit-msg (refuses a commit whose Teamflow-* trailers name no task) and post-commit (applies them). A hook already there is moved to <hook>.teamflow-chained and run first with the same arguments; uninstall puts it back.",
        examples: ["teamflow hooks install", "teamflow hooks uninstall"],
        subcommands: [
            CommandSpec(name: "install", abstract: "Install the commit-msg and post-commit hooks, chaining any hook already there.",
                        run: handler(install)),
            CommandSpec(name: "uninstall", abstract: "Remove teamflow's hooks and put back the hooks they chained.",
                        run: handler(uninstall)),
        ]
    )

    static func scan(_ inv: Invocation) throws {
        let p = inv.parsed
        let store = try inv.store()
        let commits: [(sha: String, message: String)]
        // Whether this scan read everything after the branch's last scan, so the record may move.
        var coversLastScan = true
        switch try (p[since], p[last]) {
        case (.some, .some):
            throw TeamflowError(.usage, "--since and --last contradict each other", reason: .contradicting(.since, .last))
        case (.some(let revision), nil):
            commits = try store.headCommits(since: revision)
            coversLastScan = try store.unscannedCommits().map { unscanned in
                Set(unscanned.map(\.sha)).isSubset(of: Set(commits.map(\.sha)))
            } ?? true
        case (nil, .some(let text)):
            commits = try store.headCommits(limit: try count(text))
            coversLastScan = false
        case (nil, nil):
            commits = try store.unscannedCommits() ?? store.headCommits(limit: 50)
        }
        let result = try TaskCommand.useCases(inv).scanCommits(commits)
        if coversLastScan { try store.recordScannedHead() }
        for (unknown, problem) in zip(result.unknown, result.problems) {
            inv.err("warning: skipped \(unknown): \(ErrorHints.message(for: problem))\n")
            for line in ErrorHints.lines(for: problem) { inv.err("  \(line)\n") }
        }
        let lines = result.checked.map { "Checked \($0.shortID): \(Present.oneLine($0.title))" }
            + result.started.map { "Started \($0.shortID): \(Present.oneLine($0.title))" }
        let plural = commits.count == 1 ? "" : "s"
        let names = try TaskCommand.memberNames(inv)
        inv.emit(json: GitHubJSON.commitScan(result, memberName: names),
                 text: lines.isEmpty ? "Nothing to apply in \(commits.count) commit\(plural)." : lines.joined(separator: "\n"))
    }

    static func count(_ text: String) throws -> Int {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text), (1...100_000).contains(count) else {
            throw TeamflowError(.usage, "invalid count '\(text)'", hints: ["Give a number from 1 to 100000."])
        }
        return count
    }

    /// The commit-msg hook's question: every trailer must name one task.
    static func check(_ inv: Invocation) throws {
        let path = try inv.argument(file)
        let message = CommitTrailers.editedMessage(try inv.readText(path))
        let problems = try TaskCommand.useCases(inv).trailerProblems(in: message)
        guard !problems.isEmpty else {
            inv.emit(json: .object([("problems", .array([]))]), text: "")
            return
        }
        for (trailer, problem) in problems {
            inv.err("\(trailer.kind.key): \(trailer.text): \(ErrorHints.message(for: problem))\n")
            for line in ErrorHints.lines(for: problem) { inv.err("  \(line)\n") }
        }
        let count = problems.count
        throw TeamflowError(.notFound, "\(count) Teamflow trailer\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") no single task; nothing was committed",
                            hints: ["Fix the message and commit again: git commit -e -F .git/COMMIT_EDITMSG",
                                    "(git commit --no-verify skips the check.)"])
    }

    static func install(_ inv: Invocation) throws {
        let changes = try GitHooks(store: try inv.store()).install(executable: ownExecutable())
        emit(inv, changes) { change in
            switch change.outcome {
            case .unchanged: return "Already installed: \(change.path)"
            case .chained: return "Installed \(change.path) (the hook that was there runs first, as \(change.hook)\(GitHooks.chainedSuffix))"
            case .updated: return "Updated \(change.path)"
            default: return "Installed \(change.path)"
            }
        }
    }

    static func uninstall(_ inv: Invocation) throws {
        let changes = try GitHooks(store: try inv.store()).uninstall()
        emit(inv, changes) { change in
            switch change.outcome {
            case .removed: return "Removed \(change.path)"
            case .notOurs: return "Left \(change.path) alone (not teamflow's)"
            default: return "No \(change.hook) hook"
            }
        }
    }

    static func emit(_ inv: Invocation, _ changes: [GitHooks.Change], line: (GitHooks.Change) -> String) {
        inv.emit(json: GitHubJSON.hooks(changes.map { ($0.hook, $0.path, $0.outcome.rawValue) }),
                 text: changes.map(line).joined(separator: "\n"))
    }

    /// This program's path, for the hooks to run it without depending on `PATH`; nil when the
    /// program is not called teamflow (the test runner), so the hooks look teamflow up on `PATH`.
    static func ownExecutable() -> String? {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
        guard let path, URL(fileURLWithPath: path).lastPathComponent == "teamflow" else { return nil }
        return path
    }
}
