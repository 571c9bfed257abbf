import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow goal add|check|uncheck|edit|remove|show|list`: the team's weekly goals.
enum GoalCommand {
    static let week = OptionSpec(long: "week", valueName: "W",
                                 help: "ISO week like 2024-W47, or any date in it (default: this week).")
    /// `check` offers open goals, `uncheck` done ones (the same argument, read as `ids`).
    static let openIDs = ArgumentSpec(name: ids.name, help: ids.help, isRepeating: true,
                                      completion: CompleteCommand.candidates("goals", .open))
    static let doneIDs = ArgumentSpec(name: ids.name, help: ids.help, isRepeating: true,
                                      completion: CompleteCommand.candidates("goals", .done))
    /// Goal ids with their titles (this week's first).
    static let completion = CompletionKind.command("teamflow __complete goals")
    static let text = ArgumentSpec(name: "text", help: "The goal.")
    static let id = ArgumentSpec(name: "id", help: "The goal's id or a unique prefix.", completion: completion)
    /// Several goals at once: all are found first, then one commit (nothing when any is not found).
    static let ids = ArgumentSpec(name: "id", help: "Goal id prefixes (at least 4 characters); several make one commit.",
                                  isRepeating: true, completion: completion)
    static let rule = ArgumentSpec(name: "rule", help: "The recurring goal's title or id, or the id of one of its weekly goals.")
    static let sprint = SprintCommand.sprintOption.withHelp("Put the goal in a sprint.")
    static let every = OptionSpec(long: "every", valueName: "PERIOD", help: "Repeat it: one goal every week (only `week` for now), from --week or this week.")
    static let until = OptionSpec(long: "until", valueName: "W", help: "With --every: the last week with the goal (default: no end).")
    static let title = OptionSpec(long: "title", valueName: "TEXT", help: "The new title.")
    static let noSprint = FlagSpec(long: "no-sprint", help: "Take the goal out of its sprint.")
    static let owner = TaskCommand.member.withHelp("Who owns the goal: a member's name, handle, id prefix, or me.")
    static let memberArgument = ArgumentSpec(name: "member", help: "The owner: a member's name, handle, id prefix, or me; none clears it.",
                                             completion: TaskCommand.member.completion)

    static let spec = CommandSpec(
        name: "goal",
        abstract: "Weekly team goals with checkmarks.",
        examples: ["teamflow goal add \"에픽 1, 2 빠르게 완성\"", "teamflow goal check 3f2a", "teamflow goal list --week 2024-W47"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a goal to a week.",
                        arguments: [text], options: [week, sprint, every, until, owner], run: handler(add)),
            CommandSpec(name: "assign", abstract: "Give a goal an owner (none clears it).",
                        arguments: [id, memberArgument], run: handler(assign)),
            CommandSpec(name: "check", abstract: "Mark goals done.", arguments: [openIDs], run: handler(check)),
            CommandSpec(name: "uncheck", abstract: "Mark goals open again.", arguments: [doneIDs], run: handler(uncheck)),
            CommandSpec(name: "edit", abstract: "Change a goal's title, week or sprint.",
                        arguments: [id], options: [title, week, sprint.withHelp("Put the goal in this sprint.")],
                        flags: [noSprint], run: handler(edit)),
            CommandSpec(name: "stop", abstract: "End a recurring goal from this week on (earlier weeks keep theirs).",
                        arguments: [rule], run: handler(stop)),
            CommandSpec(name: "remove", abstract: "Remove goals (the history keeps them); of a recurring goal, that week's only.",
                        arguments: [ids], run: handler(remove)),
            CommandSpec(name: "show", abstract: "Show a goal with its history.", arguments: [id], run: handler(show)),
            CommandSpec(name: "list", abstract: "List a week's goals.", options: [week], run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let p = inv.parsed
        if let period = try p[every] {
            let rule = try useCases(inv).addRecurring(title: inv.argument(text), every: period, week: p[week],
                                                      until: p[until], sprint: p[sprint])
            return inv.emit(json: GoalRuleView.json(rule), text: "Added recurring goal \(rule.shortID): \(Present.oneLine(rule.title)) (\(GoalRuleView.span(rule)))")
        }
        let goal = try useCases(inv).add(title: inv.argument(text), week: p[week], sprint: p[sprint], until: p[until], member: p[owner])
        let name = try ownerName(goal, inv)
        inv.emit(json: EntityJSON.json(goal, ownerName: name),
                 text: "Added goal \(goal.shortID) to \(goal.week): \(goal.title)" + (name.map { " (@\($0))" } ?? ""))
    }

    static func assign(_ inv: Invocation) throws {
        let who = try inv.argument(memberArgument)
        let goal = try useCases(inv).assign(inv.argument(id), to: Validate.isClearing(who) ? nil : who)
        let name = try ownerName(goal, inv)
        inv.emit(json: EntityJSON.json(goal, ownerName: name),
                 text: "Goal \(goal.shortID) \(Present.oneLine(goal.title)): " + (name.map { "owned by \(Present.oneLine($0))" } ?? "no owner"))
    }

    /// The owner's name as the state has it now.
    static func ownerName(_ goal: Goal, _ inv: Invocation) throws -> String? {
        try goal.member.flatMap { try inv.store().state().members[$0]?.name }
    }

    static func check(_ inv: Invocation) throws {
        let goals = try useCases(inv).check(inv.parsed.values(ids))
        inv.emit(json: EntityJSON.many(goals.map(EntityJSON.json)), text: goals.map(Present.line).joined(separator: "\n"))
    }

    static func uncheck(_ inv: Invocation) throws {
        let goals = try useCases(inv).uncheck(inv.parsed.values(ids))
        inv.emit(json: EntityJSON.many(goals.map(EntityJSON.json)), text: goals.map(Present.line).joined(separator: "\n"))
    }

    static func edit(_ inv: Invocation) throws {
        let p = inv.parsed
        let goal = try useCases(inv).edit(inv.argument(id), title: p[title], week: p[week], sprint: p[sprint], noSprint: p[noSprint])
        inv.emit(json: EntityJSON.json(goal), text: "Edited goal \(goal.shortID): \(goal.title) (\(goal.week))")
    }

    static func remove(_ inv: Invocation) throws {
        let goals = try useCases(inv).remove(inv.parsed.values(ids))
        inv.emit(json: EntityJSON.many(goals.map(EntityJSON.json)),
                 text: goals.map { "Removed goal \($0.shortID): \(Present.oneLine($0.title))" }.joined(separator: "\n"))
    }

    static func show(_ inv: Invocation) throws {
        let queries = try inv.queries()
        let detail = try queries.goalDetail(inv.argument(id))
        inv.emit(json: EntityJSON.json(detail), text: Present.detail(detail, timeZone: queries.session.timeZone))
    }

    static func stop(_ inv: Invocation) throws {
        let stopped = try useCases(inv).stop(inv.argument(rule))
        inv.emit(json: GoalRuleView.json(stopped), text: "Stopped recurring goal \(stopped.shortID): \(Present.oneLine(stopped.title)) (\(GoalRuleView.span(stopped)))")
    }

    static func list(_ inv: Invocation) throws {
        let goals = try useCases(inv).list(week: inv.parsed[week])
        inv.emit(json: .array(goals.map(EntityJSON.json)),
                 text: goals.isEmpty ? "No goals." : goals.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> GoalUseCases {
        GoalUseCases(repository: try inv.store(), session: try inv.session())
    }
}
