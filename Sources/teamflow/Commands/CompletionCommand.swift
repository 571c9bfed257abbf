import ArgumentParsing
import Foundation
import TeamflowCore

/// `teamflow completion bash|zsh|fish` and the hidden `__complete` the scripts call for names.
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script (commands, options, member names).",
        examples: ["source <(teamflow completion bash)", "teamflow completion fish > ~/.config/fish/completions/teamflow.fish"],
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.", allowedValues: Shell.allCases.map(\.rawValue))],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        guard let shell = Shell(rawValue: inv.argument("shell")) else {
            throw TeamflowError(.usage, "unknown shell '\(inv.argument("shell"))'", hints: ["Use bash, zsh or fish."])
        }
        Console.raw(TeamflowCLI.parser.completionScript(shell: shell))
    }
}

/// `teamflow __complete members|projects|epics|sprints`: names, one per line, for completion scripts.
enum CompleteCommand {
    static let kinds = Queries.completionKinds

    static let spec = CommandSpec(
        name: "__complete",
        abstract: "List names for shell completion.",
        arguments: [ArgumentSpec(name: "kind", help: "members, projects, epics or sprints.", allowedValues: kinds)],
        isHidden: true,
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let names = try Queries.completionNames(inv.argument("kind"), in: try inv.store())
        // One name a line: a name holding a newline or a control character is shown escaped.
        Console.out(names.map { TerminalText.singleLine($0) + "\n" }.joined())
    }
}
