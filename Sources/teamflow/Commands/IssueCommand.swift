import ArgumentParsing
import JSONShapes
import Foundation
import Importers
import TeamflowCore

/// `teamflow issue import`: one task per GitHub issue, through the user's own gh.
enum IssueCommand {
    static let limit = OptionSpec(long: "limit", valueName: "N", help: "How many issues gh lists, newest first (default 100).")
    static let repo = ReviewCommand.repo
    static let label = OptionSpec(long: "label", valueName: "L", help: "Only issues with this label (gh issue list --label).")
    static let state = OptionSpec(long: "state", valueName: "S",
                                  help: "open or all (default all: a closed issue checks its task).",
                                  defaultValue: "all", allowedValues: ["open", "all"])
    static let week = GoalCommand.week.withHelp("The week new tasks go to (default: this week).")
    static let dryRun = FlagSpec(long: "dry-run", help: "Say what would be added, updated or checked; write nothing.")
    static let fromGitHubJSON = OptionSpec(long: "from-gh-json", valueName: "F.json",
                                           help: "Read `gh issue list --state all --json number,title,body,state,labels,assignees,url` from a file instead of running gh (offline).",
                                           completion: .file)

    static let spec = CommandSpec(
        name: "issue",
        abstract: "GitHub issues as tasks, through your own gh.",
        discussion: "Each open issue becomes a task linked to it, once, with the issue's labels and, when an assignee's GitHub login is a member's handle, that member. A second import updates the title and labels of tasks linked to open issues and checks those whose issue was closed; it never adds an issue twice and never unchecks a task.",
        examples: ["teamflow issue import", "teamflow issue import --label bug --state open --dry-run",
                   "teamflow issue import --repo team/app --limit 50 --week 2024-W48"],
        subcommands: [
            CommandSpec(name: "import", abstract: "Add a task for each open issue not imported yet; update the imported ones.",
                        options: [limit, repo, label, state, week, fromGitHubJSON], flags: [dryRun], run: handler(importIssues)),
        ]
    )

    static func importIssues(_ inv: Invocation) throws {
        let p = inv.parsed
        var issues: [TaskUseCases.Issue]
        let wantedState = try p[state] ?? "all"
        let wantedLabel = try p[label]
        if let file = try p[fromGitHubJSON] {
            if try p[repo] != nil { throw TeamflowError(.usage, "--repo and --from-gh-json cannot be combined") }
            // The file holds what gh printed; the same filters apply to it as gh would.
            issues = try GitHubIssues.parse(try inv.readInput(file))
            if wantedState == "open" { issues.removeAll { !$0.open } }
            if let wantedLabel {
                issues.removeAll { !$0.labels.contains { Lookup.normalize($0) == Lookup.normalize(wantedLabel) } }
            }
        } else {
            let text = try p[limit] ?? "100"
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text) else {
                throw TeamflowError(.usage, "invalid limit '\(text)'")
            }
            issues = try GitHubCLI(runner: GitHubProcess(environment: inv.environment))
                .issues(limit: count, repo: try p[repo], state: wantedState, label: wantedLabel)
        }
        let options = TaskUseCases.IssueImportOptions(week: try p[week], dryRun: try p[dryRun])
        let result = try TaskCommand.useCases(inv).importIssues(issues, options: options)
        let verbs: [TaskUseCases.IssueChange.Action: (done: String, dry: String)] = [
            .added: ("Added", "Would add"), .retitled: ("Retitled", "Would retitle"),
            .relabeled: ("Relabeled", "Would relabel"), .checked: ("Checked", "Would check"),
        ]
        let lines = result.changes.map { change in
            let verb = verbs[change.action].map { result.dryRun ? $0.dry : $0.done } ?? change.action.rawValue
            return "\(verb) #\(change.issue)\(change.task.map { " → " + ShortID.of($0) } ?? ""): \(Present.oneLine(change.title))"
        }
        let names = try TaskCommand.memberNames(inv)
        inv.emit(json: GitHubJSON.issueImport(result, memberName: names), text: lines.isEmpty ? "Nothing new in \(issues.count) issue\(issues.count == 1 ? "" : "s")." : lines.joined(separator: "\n"))
    }
}
