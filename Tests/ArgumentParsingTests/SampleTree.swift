import ArgumentParsing

/// A small tree shaped like teamflow's: globals on the root, groups with and without a
/// default subcommand, a command with both arguments and a subcommand, exclusive flags.
enum SampleTree {
    static let root = CommandSpec(
        name: "teamflow",
        abstract: "A team's working life as YAML events in its own git repository.",
        options: [
            OptionSpec(
                long: "", short: "C", valueName: "DIR", help: "Act in DIR, like git.",
                isGlobal: true, completion: .directory),
            OptionSpec(
                long: "author", valueName: "AUTHOR", help: "Record events as \"Name <email>\".",
                isGlobal: true),
        ],
        flags: [FlagSpec(long: "json", help: "Print machine-readable JSON.", isGlobal: true)],
        subcommands: [goal, task, generate, sprint, complete]
    )

    static let goal = CommandSpec(
        name: "goal",
        abstract: "Weekly team goals.",
        subcommands: [
            CommandSpec(
                name: "add",
                abstract: "Add a goal for a week.",
                discussion: "The goal is recorded as an event; its short id is printed.",
                examples: ["teamflow goal add \"Ship epics 1 and 2\" --week 2024-W47"],
                arguments: [ArgumentSpec(name: "text", help: "What the team wants to reach.")],
                options: [
                    OptionSpec(
                        long: "week", short: "w", valueName: "W",
                        help: "An ISO week (2024-W47) or any date in it; the default is the current week.")
                ],
                run: record
            ),
            CommandSpec(
                name: "check", abstract: "Check a goal.",
                arguments: [
                    ArgumentSpec(
                        name: "id", help: "The goal's id.", completion: .command("teamflow __complete goals"))
                ], run: record),
            CommandSpec(
                name: "list", abstract: "List the goals of a week.",
                options: [OptionSpec(long: "week", valueName: "W", help: "The week to list.")], run: record),
        ],
        defaultSubcommand: "list"
    )

    static let task = CommandSpec(
        name: "task",
        abstract: "Member tasks.",
        subcommands: [
            CommandSpec(
                name: "list", abstract: "List tasks.",
                options: [
                    OptionSpec(
                        long: "member", short: "m", valueName: "M", help: "Only this member's tasks.",
                        completion: .command("teamflow __complete members"))
                ],
                flags: [
                    FlagSpec(long: "open", help: "Only open tasks.", exclusiveGroup: "state"),
                    FlagSpec(long: "done", help: "Only checked tasks.", exclusiveGroup: "state"),
                    FlagSpec(long: "verbose", short: "v", help: "Show details."),
                    FlagSpec(long: "quiet", short: "q", help: "Ids only."),
                ], run: record),
            CommandSpec(
                name: "assign", abstract: "Assign a task to a member.",
                arguments: [
                    ArgumentSpec(name: "id", help: "The task's id."),
                    ArgumentSpec(name: "member", help: "Who takes it."),
                ], run: record),
        ]
    )

    static let generate = CommandSpec(
        name: "generate",
        abstract: "Generate scaffolding from a template.",
        arguments: [
            ArgumentSpec(
                name: "template", help: "The template's name.", allowedValues: ["coordinator", "viewmodel"]),
            ArgumentSpec(name: "name", help: "The name of the generated unit."),
        ],
        options: [
            OptionSpec(long: "set", valueName: "KEY=VALUE", help: "Set a template variable.", isRepeating: true),
            OptionSpec(
                long: "trim", valueName: "MODE", help: "Whitespace trimming.",
                defaultValue: "smart", allowedValues: ["none", "smart", "all"]),
            OptionSpec(long: "out", short: "o", valueName: "DIR", help: "Where to write.", completion: .directory),
        ],
        flags: [FlagSpec(long: "dry-run", help: "List what would be written.")],
        subcommands: [
            CommandSpec(
                name: "graph", abstract: "Generate the whole coordinator tree.",
                arguments: [
                    ArgumentSpec(name: "manifest", help: "The manifest.", isOptional: true, completion: .file)
                ], run: record)
        ],
        validate: { parsed in
            for pair in parsed.options("set") where !pair.contains("=") {
                throw ValidationError("'--set \(pair)' is not of the form KEY=VALUE")
            }
        },
        run: record
    )

    static let sprint = CommandSpec(
        name: "sprint",
        abstract: "Named sprints.",
        arguments: [ArgumentSpec(name: "name", help: "The sprint to show.", isOptional: true)],
        subcommands: [
            CommandSpec(
                name: "add", abstract: "Add a sprint.",
                arguments: [ArgumentSpec(name: "name", help: "The sprint's name.")],
                options: [
                    OptionSpec(long: "from", valueName: "DATE", help: "First day.", isRequired: true),
                    OptionSpec(long: "to", valueName: "DATE", help: "Last day.", isRequired: true),
                ], run: record),
            CommandSpec(
                name: "files", abstract: "Attach files.",
                arguments: [
                    ArgumentSpec(name: "sprint", help: "The sprint."),
                    ArgumentSpec(name: "file", help: "Files to attach.", isRepeating: true, completion: .file),
                ], run: record),
        ],
        run: record
    )

    static let complete = CommandSpec(
        name: "__complete", abstract: "Completion candidates.",
        arguments: [ArgumentSpec(name: "kind", help: "What to list.")],
        isHidden: true, run: record)

    static let parser = CommandLineParser(root: root, version: "1.2.3")

    /// Every command's body: throws `Ran` naming the command, so a test can tell which one
    /// `ParsedCommand.run()` dispatched to without shared state.
    static let record: CommandSpec.Run = { parsed in throw Ran(path: parsed.path) }

    /// What `record` throws.
    struct Ran: Error, Equatable { var path: [String] }
}
