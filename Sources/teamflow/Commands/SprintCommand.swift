import ArgumentParsing
import TeamflowCore

/// `teamflow sprint [NAME]`, `sprint add`, `sprint list`: named sprints and their board.
enum SprintCommand {
    static let spec = CommandSpec(
        name: "sprint",
        abstract: "Named sprints; `teamflow sprint [NAME]` shows a sprint's board (default: the one holding today).",
        examples: ["teamflow sprint add \"Sprint 12\" --from 2024-11-18 --to 2024-11-29", "teamflow sprint list",
                   "teamflow sprint \"Sprint 12\" --json", "teamflow sprint --burndown"],
        arguments: [ArgumentSpec(name: "name", help: "The sprint's name or id prefix (default: the sprint holding today).",
                                 isOptional: true, completion: .command("teamflow __complete sprints"))],
        flags: [StatsCommand.burndownFlag],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a sprint.",
                        arguments: [ArgumentSpec(name: "name", help: "The sprint's name.")],
                        options: [OptionSpec(long: "from", valueName: "DATE", help: "First day, YYYY-MM-DD.", isRequired: true),
                                  OptionSpec(long: "to", valueName: "DATE", help: "Last day, YYYY-MM-DD.", isRequired: true)], run: handler(add)),
            CommandSpec(name: "list", abstract: "List sprints.", run: handler(list)),
        ],
        run: handler(run)
    )

    static func add(_ inv: Invocation) throws {
        let sprint = try useCases(inv).add(name: inv.argument("name"), from: inv.parsed.option("from") ?? "",
                                           to: inv.parsed.option("to") ?? "")
        inv.emit(json: Present.json(sprint), text: "Added sprint \(sprint.shortID): \(sprint.name) (\(sprint.from) – \(sprint.to))")
    }

    static func list(_ inv: Invocation) throws {
        let sprints = try useCases(inv).list()
        inv.emit(json: .array(sprints.map(Present.json)),
                 text: sprints.isEmpty ? "No sprints." : sprints.map(Present.line).joined(separator: "\n"))
    }

    static func run(_ inv: Invocation) throws {
        if inv.parsed.flag("burndown") { return try StatsCommand.sprintBurndown(inv) }
        let session = try inv.session()
        let board = try SprintUseCases(repository: try inv.store(), session: session).board(inv.parsed.argument("name"))
        inv.emit(json: json(board, today: session.today), text: text(board, today: session.today))
    }

    static func json(_ board: SprintBoard, today: Day) -> JSON {
        .object([
            ("sprint", Present.json(board.sprint)),
            ("start", .string(board.sprint.from.description)),
            ("end", .string(board.sprint.to.description)),
            ("goals", .array(board.goals.map(Present.json))),
            ("members", .array(board.members.map(WeekCommand.memberJSON))),
            ("unassigned", .array(board.unassigned.map(Present.json))),
            ("overdue", .array(board.overdue.map { Present.json($0, today: today) })),
        ])
    }

    static func text(_ board: SprintBoard, today: Day) -> String {
        let done = board.goals.filter(\.done).count
        var lines = [Console.styled("Sprint \(Present.oneLine(board.sprint.name)) (\(board.sprint.from) – \(board.sprint.to))", .bold), ""]
        lines.append(Console.styled("Sprint goals", .bold) + " (\(Present.progress(done, board.goals.count)))")
        lines += board.goals.isEmpty ? ["  (none yet: teamflow goal add TEXT --sprint NAME)"] : board.goals.map { "  " + Present.line($0) }
        lines += Present.memberSections(board.members, unassigned: board.unassigned)
        lines += Present.overdueSection(board.overdue, today: today)
        return lines.joined(separator: "\n")
    }

    static func useCases(_ inv: Invocation) throws -> SprintUseCases {
        SprintUseCases(repository: try inv.store(), session: try inv.session())
    }
}
