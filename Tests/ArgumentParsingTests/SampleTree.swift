import ArgumentParsing

/// A small tree shaped like teamflow's: globals on the root, groups with and without a
/// default subcommand, a command with both arguments and a subcommand, exclusive flags.
/// Its options, flags and arguments are declared once, here, and the tests read with them.
enum SampleTree {
    // Globals.
    static let directory = OptionSpec(
        long: "", short: "C", valueName: "DIR", help: "Act in DIR, like git.",
        isGlobal: true, completion: .directory)
    static let author = OptionSpec(
        long: "author", valueName: "AUTHOR", help: "Record events as \"Name <email>\".",
        isGlobal: true)
    static let json = FlagSpec(long: "json", help: "Print machine-readable JSON.", isGlobal: true)

    // goal
    static let text = ArgumentSpec(name: "text", help: "What the team wants to reach.")
    static let week = OptionSpec(
        long: "week", short: "w", valueName: "W",
        help: "An ISO week (2024-W47) or any date in it; the default is the current week.")
    static let goalID = ArgumentSpec(
        name: "id", help: "The goal's id.", completion: .command("teamflow __complete goals"))
    static let listWeek = OptionSpec(long: "week", valueName: "W", help: "The week to list.")

    // task
    static let member = OptionSpec(
        long: "member", short: "m", valueName: "M", help: "Only this member's tasks.",
        completion: .command("teamflow __complete members"))
    static let open = FlagSpec(long: "open", help: "Only open tasks.", exclusiveGroup: "state")
    static let done = FlagSpec(long: "done", help: "Only checked tasks.", exclusiveGroup: "state")
    static let verbose = FlagSpec(long: "verbose", short: "v", help: "Show details.")
    static let quiet = FlagSpec(long: "quiet", short: "q", help: "Ids only.")
    static let taskID = ArgumentSpec(name: "id", help: "The task's id.")
    static let assignee = ArgumentSpec(name: "member", help: "Who takes it.")

    // generate
    static let template = ArgumentSpec(
        name: "template", help: "The template's name.", allowedValues: ["coordinator", "viewmodel"])
    static let unitName = ArgumentSpec(name: "name", help: "The name of the generated unit.")
    static let set = OptionSpec(long: "set", valueName: "KEY=VALUE", help: "Set a template variable.", isRepeating: true)
    static let trim = OptionSpec(
        long: "trim", valueName: "MODE", help: "Whitespace trimming.",
        defaultValue: "smart", allowedValues: ["none", "smart", "all"])
    static let out = OptionSpec(long: "out", short: "o", valueName: "DIR", help: "Where to write.", completion: .directory)
    static let dryRun = FlagSpec(long: "dry-run", help: "List what would be written.")
    static let manifest = ArgumentSpec(name: "manifest", help: "The manifest.", isOptional: true, completion: .file)

    // sprint
    static let sprintName = ArgumentSpec(name: "name", help: "The sprint to show.", isOptional: true)
    static let newSprintName = ArgumentSpec(name: "name", help: "The sprint's name.")
    static let from = OptionSpec(long: "from", valueName: "DATE", help: "First day.", isRequired: true)
    static let to = OptionSpec(long: "to", valueName: "DATE", help: "Last day.", isRequired: true)
    static let sprint = ArgumentSpec(name: "sprint", help: "The sprint.")
    static let files = ArgumentSpec(name: "file", help: "Files to attach.", isRepeating: true, completion: .file)

    // __complete
    static let kind = ArgumentSpec(name: "kind", help: "What to list.")

    static let root = CommandSpec(
        name: "teamflow",
        abstract: "A team's working life as YAML events in its own git repository.",
        options: [directory, author],
        flags: [json],
        subcommands: [goal, task, generate, sprintCommand, complete]
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
                arguments: [text],
                options: [week],
                run: record
            ),
            CommandSpec(name: "check", abstract: "Check a goal.", arguments: [goalID], run: record),
            CommandSpec(name: "list", abstract: "List the goals of a week.", options: [listWeek], run: record),
        ],
        defaultSubcommand: "list"
    )

    static let task = CommandSpec(
        name: "task",
        abstract: "Member tasks.",
        subcommands: [
            CommandSpec(
                name: "list", abstract: "List tasks.", options: [member], flags: [open, done, verbose, quiet], run: record),
            CommandSpec(name: "assign", abstract: "Assign a task to a member.", arguments: [taskID, assignee], run: record),
        ]
    )

    static let generate = CommandSpec(
        name: "generate",
        abstract: "Generate scaffolding from a template.",
        arguments: [template, unitName],
        options: [set, trim, out],
        flags: [dryRun],
        subcommands: [
            CommandSpec(name: "graph", abstract: "Generate the whole coordinator tree.", arguments: [manifest], run: record)
        ],
        validate: { parsed in
            for pair in try parsed.values(set) where !pair.contains("=") {
                throw ValidationError("'--set \(pair)' is not of the form KEY=VALUE")
            }
        },
        run: record
    )

    static let sprintCommand = CommandSpec(
        name: "sprint",
        abstract: "Named sprints.",
        arguments: [sprintName],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a sprint.", arguments: [newSprintName], options: [from, to], run: record),
            CommandSpec(name: "files", abstract: "Attach files.", arguments: [sprint, files], run: record),
        ],
        run: record
    )

    static let complete = CommandSpec(
        name: "__complete", abstract: "Completion candidates.", arguments: [kind], isHidden: true, run: record)

    static let parser = CommandLineParser(root: root, version: "1.2.3")

    /// Every command's body: throws `Ran` naming the command, so a test can tell which one
    /// `ParsedCommand.run()` dispatched to without shared state.
    static let record: CommandSpec.Run = { parsed in throw Ran(path: parsed.path) }

    /// What `record` throws.
    struct Ran: Error, Equatable { var path: [String] }
}
