import ArgumentParsing
import TeamflowCore

/// `teamflow week [W]`: the week's board.
enum WeekCommand {
    static let spec = CommandSpec(
        name: "week",
        abstract: "Show a week's board: team goals, then each member's tasks, then overdue projects.",
        examples: ["teamflow week", "teamflow week 2024-W47", "teamflow week 2024-11-18 --json", "teamflow week --burndown"],
        arguments: [ArgumentSpec(name: "week", help: "ISO week like 2024-W47, or any date in it (default: this week).", isOptional: true)],
        flags: [StatsCommand.burndownFlag],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        if inv.parsed.flag("burndown") { return try StatsCommand.weekBurndown(inv) }
        let queries = try inv.queries()
        let board = try queries.weekBoard(inv.parsed.argument("week"))
        inv.emit(json: json(board, today: queries.session.today), text: text(board, today: queries.session.today))
    }

    static func json(_ board: WeekBoard, today: Day) -> JSON {
        .object([
            ("week", .string(board.week.description)),
            ("start", .string(board.start.description)),
            ("end", .string(board.end.description)),
            ("goals", .array((board.goals + board.sprintGoals).map(Present.json))),
            ("sprint", board.sprint.map(Present.json) ?? .null),
            ("members", .array(board.members.map(memberJSON))),
            ("unassigned", .array(board.unassigned.map(Present.json))),
            ("overdue", .array(board.overdue.map { Present.json($0, today: today) })),
        ])
    }

    static func memberJSON(_ column: MemberTasks) -> JSON {
        .object([
            ("id", .string(column.member.id)),
            ("name", .string(column.member.name)),
            ("handle", .optional(column.member.handle)),
            ("done", .int(column.done)),
            ("total", .int(column.total)),
            ("tasks", .array(column.tasks.map(Present.json))),
        ])
    }

    static func text(_ board: WeekBoard, today: Day) -> String {
        var lines = [Console.styled("Week \(Present.week(board))", .bold), ""]
        lines.append(Console.styled("Team goals", .bold) + " (\(Present.progress(board.doneCount, board.goals.count)))")
        if board.goals.isEmpty {
            lines.append("  (none yet: teamflow goal add TEXT)")
        } else {
            lines += board.goals.map { "  " + Present.line($0) }
        }
        if let sprint = board.sprint {
            let done = board.sprintGoals.filter(\.done).count
            lines += ["", Console.styled("Sprint \(Present.oneLine(sprint.name))", .bold) + " \(sprint.from) – \(sprint.to) (\(Present.progress(done, board.sprintGoals.count)))"]
            lines += board.sprintGoals.map { "  " + Present.line($0) }
        }
        lines += Present.memberSections(board.members, unassigned: board.unassigned)
        lines += Present.overdueSection(board.overdue, today: today)
        return lines.joined(separator: "\n")
    }
}
