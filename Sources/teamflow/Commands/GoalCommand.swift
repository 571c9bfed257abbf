import ArgumentParsing
import TeamflowCore

/// `teamflow goal add|check|uncheck|edit|remove|list`: the team's weekly goals.
enum GoalCommand {
    static let weekOption = OptionSpec(long: "week", valueName: "W",
                                       help: "ISO week like 2024-W47, or any date in it (default: this week).")

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
            CommandSpec(name: "check", abstract: "Mark a goal done.",
                        arguments: [ArgumentSpec(name: "id", help: "The goal's id or a unique prefix of at least 4 characters.",
                                                 completion: completion)], run: handler(check)),
            CommandSpec(name: "uncheck", abstract: "Mark a goal open again.",
                        arguments: [ArgumentSpec(name: "id", help: "The goal's id or a unique prefix.", completion: completion)], run: handler(uncheck)),
            CommandSpec(name: "edit", abstract: "Change a goal's title, week or sprint.",
                        arguments: [ArgumentSpec(name: "id", help: "The goal's id or a unique prefix.")],
                        options: [OptionSpec(long: "title", valueName: "TEXT", help: "The new title."), weekOption,
                                  SprintCommand.sprintOption(help: "Put the goal in this sprint.")],
                        flags: [FlagSpec(long: "no-sprint", help: "Take the goal out of its sprint.")], run: handler(edit)),
            CommandSpec(name: "stop", abstract: "End a recurring goal from this week on (earlier weeks keep theirs).",
                        arguments: [ArgumentSpec(name: "rule", help: "The recurring goal's title or id, or the id of one of its weekly goals.")],
                        run: handler(stop)),
            CommandSpec(name: "remove", abstract: "Remove a goal (the history keeps it); of a recurring goal, that week's only.",
                        arguments: [ArgumentSpec(name: "id", help: "The goal's id or a unique prefix.")], run: handler(remove)),
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
        let goal = try useCases(inv).check(inv.argument("id"))
        inv.emit(json: Present.json(goal), text: Present.line(goal))
    }

    static func uncheck(_ inv: Invocation) throws {
        let goal = try useCases(inv).uncheck(inv.argument("id"))
        inv.emit(json: Present.json(goal), text: Present.line(goal))
    }

    static func edit(_ inv: Invocation) throws {
        let goal = try useCases(inv).edit(inv.argument("id"), title: inv.parsed.option("title"), week: inv.parsed.option("week"),
                                          sprint: inv.parsed.option("sprint"), noSprint: inv.parsed.flag("no-sprint"))
        inv.emit(json: Present.json(goal), text: "Edited goal \(goal.shortID): \(goal.title) (\(goal.week))")
    }

    static func remove(_ inv: Invocation) throws {
        let goal = try useCases(inv).remove(inv.argument("id"))
        inv.emit(json: Present.json(goal), text: "Removed goal \(goal.shortID): \(goal.title)")
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
