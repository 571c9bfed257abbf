import ArgumentParsing
import JSONShapes
import Foundation
import TeamflowCore
import TeamflowGit

/// `teamflow commits scan` and `teamflow hooks install`: `Teamflow-Done:` trailers check tasks.
enum CommitsCommand {
    static let last = OptionSpec(long: "last", valueName: "N", help: "How many commits from HEAD to read (default 50).")

    static let spec = CommandSpec(
        name: "commits",
        abstract: "Check the tasks that commits' Teamflow-Done: trailers name.",
        discussion: "A line \"Teamflow-Done: 3f2a\" (a task id prefix or title; several separated by commas) in a commit message checks the task and links it to the commit. Scanning the same commits again appends nothing.",
        examples: ["teamflow commits scan", "teamflow commits scan --last 200"],
        subcommands: [
            CommandSpec(name: "scan", abstract: "Read the newest commits of HEAD and check the tasks their trailers name.",
                        options: [last], run: handler(scan)),
        ]
    )

    static let hooksSpec = CommandSpec(
        name: "hooks",
        abstract: "Git hooks that keep teamflow up to date.",
        examples: ["teamflow hooks install"],
        subcommands: [
            CommandSpec(name: "install", abstract: "Install a post-commit hook that runs teamflow commits scan --last 1 (an existing hook is left alone).",
                        run: handler(install)),
        ]
    )

    static func scan(_ inv: Invocation) throws {
        let text = try inv.parsed[last] ?? "50"
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text), (1...100_000).contains(count) else {
            throw TeamflowError(.usage, "invalid count '\(text)'")
        }
        let commits = try inv.store().headCommits(limit: count)
        let result = try TaskCommand.useCases(inv).scanCommits(commits)
        for unknown in result.unknown { inv.err("warning: no task matches Teamflow-Done: \(unknown)\n") }
        inv.emit(json: .array(result.checked.map { EntityJSON.json($0, memberName: nil) }),
                 text: result.checked.isEmpty ? "Nothing to check in \(commits.count) commit\(commits.count == 1 ? "" : "s")."
                     : result.checked.map { "Checked \($0.shortID): \(Present.oneLine($0.title))" }.joined(separator: "\n"))
    }

    /// The hook: never fails a commit (a scan that cannot run says nothing).
    static let hook = "#!/bin/sh\n# Installed by teamflow hooks install: check the tasks this commit's Teamflow-Done: trailers name.\nteamflow commits scan --last 1 >/dev/null 2>&1 || true\n"

    static func install(_ inv: Invocation) throws {
        let folder = try inv.store().hooksDirectory
        let file = folder.appendingPathComponent("post-commit")
        if let existing = try? String(contentsOf: file, encoding: .utf8) {
            guard existing == hook else {
                throw TeamflowError(.conflict, "\(file.path) already exists",
                                    hints: ["Add this line to it yourself: teamflow commits scan --last 1 >/dev/null 2>&1 || true"])
            }
            inv.emit(json: .object([("hook", .string(file.path)), ("installed", .bool(false))]), text: "Already installed: \(file.path)")
            return
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(hook.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        inv.emit(json: .object([("hook", .string(file.path)), ("installed", .bool(true))]), text: "Installed \(file.path)")
    }
}
