import ArgumentParsing
import JSONShapes
import Foundation
import Importers
import TeamflowCore

/// `teamflow issue import`: one task per GitHub issue, through the user's own gh.
enum IssueCommand {
    static let limit = OptionSpec(long: "limit", valueName: "N", help: "How many issues gh lists, newest first (default 100).")
    static let repo = ReviewCommand.repo
    static let fromGitHubJSON = OptionSpec(long: "from-gh-json", valueName: "F.json",
                                           help: "Read `gh issue list --state all --json number,title,state,url` from a file instead of running gh (offline).",
                                           completion: .file)

    static let spec = CommandSpec(
        name: "issue",
        abstract: "GitHub issues as tasks, through your own gh.",
        discussion: "Each open issue becomes a task of this week linked to it, once. A second import retitles linked tasks and checks those whose issue was closed; it never adds an issue twice and never unchecks a task.",
        examples: ["teamflow issue import", "teamflow issue import --repo team/app --limit 50"],
        subcommands: [
            CommandSpec(name: "import", abstract: "Add a task for each open issue not imported yet; update the imported ones.",
                        options: [limit, repo, fromGitHubJSON], run: handler(importIssues)),
        ]
    )

    static func importIssues(_ inv: Invocation) throws {
        let p = inv.parsed
        let issues: [TaskUseCases.Issue]
        if let file = try p[fromGitHubJSON] {
            if try p[repo] != nil { throw TeamflowError(.usage, "--repo and --from-gh-json cannot be combined") }
            issues = try GitHubIssues.parse(try inv.readInput(file))
        } else {
            let text = try p[limit] ?? "100"
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text) else {
                throw TeamflowError(.usage, "invalid limit '\(text)'")
            }
            issues = try GitHubCLI(runner: GitHubProcess(environment: inv.environment)).issues(limit: count, repo: try p[repo])
        }
        let result = try TaskCommand.useCases(inv).importIssues(issues)
        let lines = result.added.map { "Added \($0.shortID): \(Present.oneLine($0.title))" }
            + result.retitled.map { "Retitled \($0.shortID): \(Present.oneLine($0.title))" }
            + result.checked.map { "Checked \($0.shortID): \(Present.oneLine($0.title))" }
        let json: JSON = .object([("added", .array(result.added.map { EntityJSON.json($0, memberName: nil) })),
                                  ("retitled", .array(result.retitled.map { EntityJSON.json($0, memberName: nil) })),
                                  ("checked", .array(result.checked.map { EntityJSON.json($0, memberName: nil) }))])
        inv.emit(json: json, text: lines.isEmpty ? "Nothing new in \(issues.count) issue\(issues.count == 1 ? "" : "s")." : lines.joined(separator: "\n"))
    }
}
