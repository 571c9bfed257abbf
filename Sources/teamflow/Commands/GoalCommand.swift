import ArgumentParsing
import TeamflowCore

/// `teamflow goal add|check|uncheck|edit|remove|show|list`: the team's weekly goals.
enum GoalCommand {
    static let weekOption = OptionSpec(long: "week", valueName: "W",
                                       help: "ISO week like 2024-W47, or any date in it (default: this week).")
    /// Several goals at once: all are found first, then one commit (nothing when any is not found).
    static let idsArgument = ArgumentSpec(name: "id", help: "Goal id prefixes (at least 4 characters); several make one commit.",
                                          isRepeating: true, completion: completion)

    /// `check` offers open goals, `uncheck` done ones.
    static let openIDsArgument = ArgumentSpec(name: idsArgument.name, help: idsArgument.help, isRepeating: true,
                                              completion: CompleteCommand.candidates("goals", .open))
    static let doneIDsArgument = ArgumentSpec(name: idsArgument.name, help: idsArgument.help, isRepeating: true,
                                              completion: CompleteCommand.candidates("goals", .done))

    /// Goal ids with their titles (this week's first).
    static let completion = CompletionKind.command("teamflow __complete goals")

    static let spec = CommandSpec(
        name: "goal",
        abstract: "Weekly team goals with checkmarks.",
        examples: ["teamflow goal add \"에픽 1, 2 빠르게 완성\"", "teamflow goal check 3f2a", "teamflow goal list --week 2024-W47"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a goal to a week.",
                        arguments: [ArgumentSpec(name: "text", help: "The goal.")],
                        options: [weekOption, SprintCommand.sprintOption(help: "Put the goal in a sprint."),
                                  OptionSpec(long: "every", valueName: "PERIOD", help: "Repeat it: one goal every week (only `week` for now), from --week or this week."),
                                  OptionSpec(long: "until", valueName: "W", help: "With --every: the last week with the goal (default: no end).")],
                        run: handler(add)),
            CommandSpec(name: "check", abstract: "Mark goals done.", arguments: [openIDsArgument], run: handler(check)),
            CommandSpec(name: "uncheck", abstract: "Mark goals open again.", arguments: [doneIDsArgument], run: handler(uncheck)),
            CommandSpec(name: "edit", abstract: "Change a goal's title, week or sprint.",
                        arguments: [ArgumentSpec(name: "id", help: "The goal's id or a unique prefix.", completion: completion)],
                        options: [OptionSpec(long: "title", valueName: "TEXT", help: "The new title."), weekOption,
                                  SprintCommand.sprintOption(help: "Put the goal in this sprint.")],
                        flags: [FlagSpec(long: "no-sprint", help: "Take the goal out of its sprint.")], run: handler(edit)),
            CommandSpec(name: "stop", abstract: "End a recurring goal from this week on (earlier weeks keep theirs).",
                        arguments: [ArgumentSpec(name: "rule", help: "The recurring goal's title or id, or the id of one of its weekly goals.")],
                        run: handler(stop)),
            CommandSpec(name: "remove", abstract: "Remove goals (the history keeps them); of a recurring goal, that week's only.",
                        arguments: [idsArgument], run: handler(remove)),
            CommandSpec(name: "show", abstract: "Show a goal with its history.",
                        arguments: [ArgumentSpec(name: "id", help: "The goal's id or a unique prefix.", completion: completion)], run: handler(show)),
            CommandSpec(name: "list", abstract: "List a week's goals.", options: [weekOption], run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        if let every = inv.parsed.option("every") {
            let rule = try useCases(inv).addRecurring(title: inv.argument("text"), every: every, week: inv.parsed.option("week"),
                                                      until: inv.parsed.option("until"), sprint: inv.parsed.option("sprint"))
            return inv.emit(json: GoalRuleView.json(rule), text: "Added recurring goal \(rule.shortID): \(Present.oneLine(rule.title)) (\(GoalRuleView.span(rule)))")
        }
        let goal = try useCases(inv).add(title: inv.argument("text"), week: inv.parsed.option("week"),
                                         sprint: inv.parsed.option("sprint"), until: inv.parsed.option("until"))
        inv.emit(json: Present.json(goal), text: "Added goal \(goal.shortID) to \(goal.week): \(goal.title)")
    }

    static func check(_ inv: Invocation) throws {
        let goals = try useCases(inv).check(inv.parsed.arguments("id"))
        inv.emit(json: Present.many(goals.map(Present.json)), text: goals.map(Present.line).joined(separator: "\n"))
    }

    static func uncheck(_ inv: Invocation) throws {
        let goals = try useCases(inv).uncheck(inv.parsed.arguments("id"))
        inv.emit(json: Present.many(goals.map(Present.json)), text: goals.map(Present.line).joined(separator: "\n"))
    }

    static func edit(_ inv: Invocation) throws {
        let goal = try useCases(inv).edit(inv.argument("id"), title: inv.parsed.option("title"), week: inv.parsed.option("week"),
                                          sprint: inv.parsed.option("sprint"), noSprint: inv.parsed.flag("no-sprint"))
        inv.emit(json: Present.json(goal), text: "Edited goal \(goal.shortID): \(goal.title) (\(goal.week))")
    }

    static func remove(_ inv: Invocation) throws {
        let goals = try useCases(inv).remove(inv.parsed.arguments("id"))
        inv.emit(json: Present.many(goals.map(Present.json)),
                 text: goals.map { "Removed goal \($0.shortID): \(Present.oneLine($0.title))" }.joined(separator: "\n"))
    }

    static func show(_ inv: Invocation) throws {
        let queries = try inv.queries()
        let detail = try queries.goalDetail(inv.argument("id"))
        inv.emit(json: Present.json(detail), text: Present.detail(detail, timeZone: queries.session.timeZone))
    }

    static func stop(_ inv: Invocation) throws {
        let rule = try useCases(inv).stop(inv.argument("rule"))
        inv.emit(json: GoalRuleView.json(rule), text: "Stopped recurring goal \(rule.shortID): \(Present.oneLine(rule.title)) (\(GoalRuleView.span(rule)))")
    }

    static func list(_ inv: Invocation) throws {
        let goals = try useCases(inv).list(week: inv.parsed.option("week"))
        inv.emit(json: .array(goals.map(Present.json)),
                 text: goals.isEmpty ? "No goals." : goals.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> GoalUseCases {
        GoalUseCases(repository: try inv.store(), session: try inv.session())
    }
}
