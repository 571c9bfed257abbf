import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow week [W]`: the week's board; `week carry`: Monday's carry-over.
enum WeekCommand {
    static let week = ArgumentSpec(name: "week", help: "ISO week like 2024-W47, or any date in it (default: this week).", isOptional: true)
    static let mine = FlagSpec(long: "mine", help: "Only my tasks (the member linked to git's user.email).")
    static let from = OptionSpec(long: "from", valueName: "W", help: "The week to carry from (default: the week before --to).")
    static let to = OptionSpec(long: "to", valueName: "W", help: "The week to carry into (default: this week).")

    static let spec = CommandSpec(
        name: "week",
        abstract: "Show a week's board: team goals, then each member's tasks, then overdue tasks and projects.",
        examples: ["teamflow week", "teamflow week 2024-W47", "teamflow week 2024-11-18 --json", "teamflow week carry", "teamflow week --burndown"],
        arguments: [week],
        flags: [mine, StatsCommand.burndown],
        subcommands: [
            CommandSpec(name: "carry", abstract: "Move a week's open tasks (with open sub-tasks) to a later week, in one undoable step.",
                        examples: ["teamflow week carry", "teamflow week carry --from 2024-W47 --to 2024-W48"],
                        options: [from, to],
                        run: handler(carry)),
        ],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        if try inv.parsed[StatsCommand.burndown] { return try StatsCommand.weekBurndown(inv) }
        let queries = try inv.queries()
        let shown = try inv.parsed[week]
        let board = try inv.parsed[mine] ? queries.myWeekBoard(shown) : queries.weekBoard(shown)
        inv.emit(json: EntityJSON.week(board, today: queries.session.today), text: text(board, today: queries.session.today))
    }

    static func carry(_ inv: Invocation) throws {
        let session = try inv.session()
        let carried = try WeekUseCases(repository: try inv.store(), session: session)
            .carry(from: inv.parsed[from], to: inv.parsed[to])
        let views = try inv.queries().views(carried.tasks)
        let count = carried.tasks.count
        inv.emit(json: EntityJSON.carried(carried, views: views, today: session.today), text: (["Carried \(count) task\(count == 1 ? "" : "s") from \(carried.from) to \(carried.to):"]
                   + views.map { "  " + Present.line($0.task, memberName: $0.memberName, today: session.today) }
                   + ["`teamflow undo` moves them back."]).joined(separator: "\n"))
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
            // The name usually holds the word already ("Sprint 3"): no "Sprint Sprint 3" heading.
            lines += ["", Console.styled("Sprint goals", .bold) + " (\(Present.progress(done, board.sprintGoals.count)))"
                + " · \(Present.oneLine(sprint.name)) (\(sprint.from) – \(sprint.to))"]
            lines += board.sprintGoals.map { "  " + Present.line($0) }
        }
        lines += Present.memberSections(board.members, unassigned: board.unassigned, today: today)
        lines += Present.overdueTasksSection(board.overdueTasks, today: today)
        lines += Present.overdueSection(board.overdue, today: today)
        return lines.joined(separator: "\n")
    }
}
