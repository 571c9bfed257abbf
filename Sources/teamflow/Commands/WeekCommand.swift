import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow week [W]`: the week's board; `week carry`: Monday's carry-over.
enum WeekCommand {
    static let week = ArgumentSpec(name: "week", help: "ISO week like 2024-W47, or any date in it (default: this week).", isOptional: true)
    static let mine = FlagSpec(long: "mine", help: "Only my tasks (the member linked to git's user.email).")
    static let from = OptionSpec(long: "from", valueName: "W", help: "The week to carry from (default: the week before --to).")
    static let to = OptionSpec(long: "to", valueName: "W", help: "The week to carry into (default: this week).")
    static let tasksOnly = FlagSpec(long: "tasks-only", help: "Carry the open tasks only.", exclusiveGroup: "carry")
    static let goalsOnly = FlagSpec(long: "goals-only", help: "Carry the open goals only.", exclusiveGroup: "carry")

    static let spec = CommandSpec(
        name: "week",
        abstract: "Show a week's board: team goals, then each member's tasks, then overdue tasks and projects.",
        examples: ["teamflow week", "teamflow week 2024-W47", "teamflow week 2024-11-18 --json", "teamflow week carry", "teamflow week --burndown"],
        arguments: [week],
        options: [StatsCommand.by.withHelp("With --burndown: count items or the tasks' points (default: items).")],
        flags: [mine, StatsCommand.burndown],
        subcommands: [
            CommandSpec(name: "carry", abstract: "Move a week's open tasks (with open sub-tasks) and goals to a later week, in one undoable step.",
                        discussion: "The week left keeps each as a record ([>] … → W). Recurring goals are not carried: their next instance is there already.",
                        examples: ["teamflow week carry", "teamflow week carry --from 2024-W47 --to 2024-W48", "teamflow week carry --goals-only"],
                        options: [from, to],
                        flags: [tasksOnly, goalsOnly],
                        run: handler(carry)),
        ],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        defer { inv.tellSupersededWrites() }
        if try inv.parsed[StatsCommand.burndown] { return try StatsCommand.weekBurndown(inv) }
        let queries = try inv.queries()
        let shown = try inv.parsed[week]
        let board = try inv.parsed[mine] ? queries.myWeekBoard(shown) : queries.weekBoard(shown)
        inv.emit(json: EntityJSON.week(board, today: queries.session.today), text: text(board, today: queries.session.today))
    }

    static func carry(_ inv: Invocation) throws {
        let session = try inv.session()
        let scope: WeekUseCases.Scope = try inv.parsed[tasksOnly] ? .tasksOnly : inv.parsed[goalsOnly] ? .goalsOnly : .all
        let carried = try WeekUseCases(repository: try inv.store(), session: session)
            .carry(from: inv.parsed[from], to: inv.parsed[to], scope: scope)
        let views = try inv.queries().views(carried.tasks)
        let state = try inv.store().state()
        let goals = carried.goals.map { GoalLine($0, in: state) }
        let taskLines = views.map { "  " + Present.line($0.task, memberName: $0.memberName, today: session.today) }
        let counts = [views.isEmpty ? nil : "\(views.count) task\(views.count == 1 ? "" : "s")",
                      goals.isEmpty ? nil : "\(goals.count) goal\(goals.count == 1 ? "" : "s")"].compactMap { $0 }
        inv.emit(json: EntityJSON.carried(carried, views: views, goals: goals, today: session.today),
                 text: carryText(counts.joined(separator: " and "), carried, goals.map { "  " + Present.line($0) } + taskLines))
    }

    static func carryText(_ counts: String, _ carried: WeekUseCases.Carried, _ lines: [String]) -> String {
        (["Carried \(counts) from \(carried.from) to \(carried.to):"] + lines + ["`teamflow undo` moves them back."])
            .joined(separator: "\n")
    }

    static func text(_ board: WeekBoard, today: Day) -> String {
        var lines = [Console.styled("Week \(Present.week(board))", .bold), ""]
        let progress = board.goalProgress
        lines.append(Console.styled("Team goals", .bold) + " (\(Present.progress(progress.done, progress.total)))")
        if board.goalLines.isEmpty {
            lines.append("  (none yet: teamflow goal add TEXT)")
        } else {
            lines += board.goalLines.map { "  " + Present.line($0) }
        }
        if let sprint = board.sprint {
            let done = board.sprintGoals.filter(\.done).count
            // The name usually holds the word already ("Sprint 3"): no "Sprint Sprint 3" heading.
            lines += ["", Console.styled("Sprint goals", .bold) + " (\(Present.progress(done, board.sprintGoals.count)))"
                + " · \(Present.oneLine(sprint.name)) (\(sprint.from) – \(sprint.to))"]
            lines += board.sprintGoalLines.map { "  " + Present.line($0) }
        }
        lines += Present.memberSections(board.members, unassigned: board.unassigned, unassignedProgress: board.unassignedProgress, today: today)
        lines += Present.overdueTasksSection(board.overdueTasks, today: today)
        lines += Present.overdueSection(board.overdue, today: today)
        return lines.joined(separator: "\n")
    }
}
