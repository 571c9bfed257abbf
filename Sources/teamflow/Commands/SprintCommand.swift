import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow sprint [NAME]`, `sprint add`, `sprint list`: named sprints and their board.
enum SprintCommand {
    /// The sprint whose board `sprint [NAME]` shows.
    static let name = ArgumentSpec(name: "name", help: "The sprint's name or id prefix (default: the sprint holding today).",
                                   isOptional: true, completion: .command("teamflow __complete sprints"))
    /// `sprint add NAME`: a new name, so nothing to complete.
    static let newName = ArgumentSpec(name: "name", help: "The sprint's name.")
    static let from = OptionSpec(long: "from", valueName: "DATE", help: "First day, YYYY-MM-DD.", isRequired: true)
    static let to = OptionSpec(long: "to", valueName: "DATE", help: "Last day, YYYY-MM-DD.", isRequired: true)
    /// `--sprint NAME` of other commands, completed with the sprints' names; each command words
    /// its help (`SprintCommand.sprintOption.withHelp(...)`).
    static let sprintOption = OptionSpec(long: "sprint", valueName: "NAME", help: "A sprint's name or id prefix.",
                                         completion: .command("teamflow __complete sprints"))

    static let spec = CommandSpec(
        name: "sprint",
        abstract: "Named sprints; `teamflow sprint [NAME]` shows a sprint's board (default: the one holding today).",
        examples: ["teamflow sprint add \"Sprint 12\" --from 2024-11-18 --to 2024-11-29", "teamflow sprint list",
                   "teamflow sprint \"Sprint 12\" --json", "teamflow sprint --burndown"],
        arguments: [name],
        options: [StatsCommand.by.withHelp("With --burndown: count items or the tasks' points (default: items).")],
        flags: [StatsCommand.burndown],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a sprint.", arguments: [newName], options: [from, to], run: handler(add)),
            CommandSpec(name: "list", abstract: "List sprints.", run: handler(list)),
        ],
        run: handler(run)
    )

    static func add(_ inv: Invocation) throws {
        let sprint = try useCases(inv).add(name: inv.argument(newName), from: inv.parsed[from] ?? "", to: inv.parsed[to] ?? "")
        inv.emit(json: EntityJSON.json(sprint), text: "Added sprint \(sprint.shortID): \(sprint.name) (\(sprint.from) – \(sprint.to))")
    }

    static func list(_ inv: Invocation) throws {
        let sprints = try useCases(inv).list()
        inv.emit(json: .array(sprints.map(EntityJSON.json)),
                 text: sprints.isEmpty ? "No sprints." : sprints.map(Present.line).joined(separator: "\n"))
    }

    static func run(_ inv: Invocation) throws {
        defer { inv.tellSupersededWrites() }
        if try inv.parsed[StatsCommand.burndown] { return try StatsCommand.sprintBurndown(inv) }
        let session = try inv.session()
        let board = try SprintUseCases(repository: try inv.store(), session: session).board(inv.parsed[name])
        inv.emit(json: json(board, today: session.today), text: text(board, today: session.today))
    }

    /// Keys: `sprint`, `start`, `end`, `today`, `done`, `total`, `daysLeft` (working days from
    /// today to the end), `goals`, `members` (each with `done`/`total`), `unassigned`, `overdue`.
    static func json(_ board: SprintBoard, today: Day) -> JSON {
        .object([
            ("sprint", EntityJSON.json(board.sprint)),
            ("start", .string(board.sprint.from.description)),
            ("end", .string(board.sprint.to.description)),
            ("today", .string(board.today.description)),
            ("done", .int(board.done)),
            ("total", .int(board.total)),
            ("daysLeft", .int(board.daysLeft)),
            ("goals", .array(board.goals.map(EntityJSON.json))),
            ("members", .array(board.members.map { EntityJSON.memberColumn($0, today: today) })),
            ("unassigned", .array(board.unassigned.map { EntityJSON.json($0, today: today) })),
            ("overdue", .array(board.overdue.map { EntityJSON.json($0, today: today) })),
        ])
    }

    static func text(_ board: SprintBoard, today: Day) -> String {
        var lines = [header(board), ""]
        lines.append(Console.styled("Sprint goals", .bold) + " (\(Present.progress(board.goalProgress.done, board.goalProgress.total)))")
        lines += board.goals.isEmpty ? ["  (none yet: teamflow goal add TEXT --sprint NAME)"] : board.goals.map { "  " + Present.line($0) }
        lines += Present.memberSections(board.members, unassigned: board.unassigned, unassignedProgress: board.unassignedProgress, today: today)
        lines += Present.overdueSection(board.overdue, today: today)
        return lines.joined(separator: "\n")
    }

    /// `Sprint 3 (2024-11-18 – 2024-11-29) · 8/18 done · 4 days left`: the name as given
    /// (no second "Sprint"), the tasks' tally, and the working days left.
    static func header(_ board: SprintBoard) -> String {
        let sprint = board.sprint
        let left = board.today > sprint.to ? "ended"
            : "\(board.daysLeft) day\(board.daysLeft == 1 ? "" : "s") left"
        return Console.styled("\(Present.oneLine(sprint.name)) (\(sprint.from) – \(sprint.to))", .bold)
            + " · \(Present.progress(board.done, board.total)) done · \(left)"
    }

    static func useCases(_ inv: Invocation) throws -> SprintUseCases {
        SprintUseCases(repository: try inv.store(), session: try inv.session())
    }
}
