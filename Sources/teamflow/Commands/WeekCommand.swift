import ArgumentParsing
import TeamflowCore

/// `teamflow week [W]`: the week's board.
enum WeekCommand {
    static let spec = CommandSpec(
        name: "week",
        abstract: "Show a week's board: team goals, then each member's tasks.",
        examples: ["teamflow week", "teamflow week 2024-W47", "teamflow week 2024-11-18 --json"],
        arguments: [ArgumentSpec(name: "week", help: "ISO week like 2024-W47, or any date in it (default: this week).", isOptional: true)]
    )

    static let handlers: [String: TeamflowCLI.Handler] = [
        "week": { inv in
            let session = try inv.session()
            let week = try session.week(inv.parsed.argument("week"))
            let board = WeekBoard(state: try inv.store().state(), week: week)
            inv.emit(json: json(board), text: text(board))
        },
    ]

    static func json(_ board: WeekBoard) -> JSON {
        .object([
            ("week", .string(board.week.description)),
            ("start", .string(board.start.description)),
            ("end", .string(board.end.description)),
            ("goals", .array(board.goals.map(Present.json))),
            ("members", .array([])),
            ("overdue", .array([])),
        ])
    }

    static func text(_ board: WeekBoard) -> String {
        var lines = [Console.styled("Week \(Present.week(board))", .bold), ""]
        lines.append(Console.styled("Team goals", .bold) + " (\(Present.progress(board.doneCount, board.goals.count)))")
        if board.goals.isEmpty {
            lines.append("  (none yet: teamflow goal add TEXT)")
        } else {
            lines += board.goals.map { "  " + Present.line($0) }
        }
        return lines.joined(separator: "\n")
    }
}
