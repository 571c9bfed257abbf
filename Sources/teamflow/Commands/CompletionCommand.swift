import ArgumentParsing
import Foundation
import Scaffolding
import TeamflowCore

/// `teamflow completion bash|zsh|fish` and the hidden `__complete` the scripts call for names.
enum CompletionCommand {
    static let shell = ArgumentSpec(name: "shell", help: "bash, zsh or fish.", allowedValues: Shell.allCases.map(\.rawValue))

    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script (commands, options, member names).",
        examples: ["source <(teamflow completion bash)", "teamflow completion fish > ~/.config/fish/completions/teamflow.fish"],
        arguments: [shell],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let name = try inv.argument(shell)
        guard let chosen = Shell(rawValue: name) else {
            throw TeamflowError(.usage, "unknown shell '\(name)'", hints: ["Use bash, zsh or fish."])
        }
        inv.raw(TeamflowCLI.parser.completionScript(shell: chosen))
    }
}

/// `teamflow __complete KIND [--open|--done]`: names (members, projects, epics, sprints,
/// templates) or ids with titles (tasks, goals: `id<TAB>title`), one per line, for the
/// completion scripts; `--open` / `--done` narrow tasks and goals by their checkmark.
enum CompleteCommand {
    static let kinds = Queries.completionKinds + Queries.candidateKinds + ["templates"]

    static let kind = ArgumentSpec(name: "kind", help: "members, projects, epics, sprints, tasks, goals or templates.", allowedValues: kinds)
    static let open = FlagSpec(long: "open", help: "Only tasks or goals not done.", exclusiveGroup: "state")
    static let done = FlagSpec(long: "done", help: "Only tasks or goals done.", exclusiveGroup: "state")

    static let spec = CommandSpec(
        name: "__complete",
        abstract: "List names for shell completion.",
        arguments: [kind],
        flags: [open, done],
        isHidden: true,
        run: handler(run)
    )

    /// Task or goal ids for the argument of `check` (open ones) or `uncheck` (done ones).
    static func candidates(_ kind: String, _ state: Queries.CandidateState) -> CompletionKind {
        .command("teamflow __complete \(kind)" + (state == .any ? "" : " --\(state.rawValue)"))
    }

    static func run(_ inv: Invocation) throws {
        let kind = try inv.argument(Self.kind)
        // One candidate a line: a newline or control character is shown escaped; the value (an
        // id or a name) comes first, so the first tab on a line ends it.
        let lines: [String]
        if Queries.candidateKinds.contains(kind) {
            let state: Queries.CandidateState = try inv.parsed[open] ? .open : try inv.parsed[done] ? .done : .any
            lines = try inv.queries().completionCandidates(kind, state: state).map { TerminalText.singleLine($0.value) + "\t" + TerminalText.singleLine($0.title) }
        } else if kind == "templates" {
            lines = try Paths.catalog(inv).list().filter(\.isActive).map { TerminalText.singleLine($0.name) + "\t" + TerminalText.singleLine($0.description) }
        } else {
            lines = try Queries.completionNames(kind, in: try inv.store()).map(TerminalText.singleLine)
        }
        inv.out(lines.map { $0 + "\n" }.joined())
    }
}
