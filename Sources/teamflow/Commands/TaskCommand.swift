import ArgumentParsing
import TeamflowCore

/// `teamflow task add|check|uncheck|start|move|assign|edit|remove|show|list`: members' tasks.
enum TaskCommand {
    static let idArgument = ArgumentSpec(name: "id", help: "The task's id prefix (at least 4 characters) or exact title.",
                                         completion: .command("teamflow __complete tasks"))
    /// Several tasks at once: all are found first, then one commit (nothing when any is not found).
    static let idsArgument = ArgumentSpec(name: "id", help: "Task id prefixes (at least 4 characters) or exact titles; several make one commit.",
                                          isRepeating: true, completion: .command("teamflow __complete tasks"))
    /// `check` offers open tasks, `uncheck` done ones.
    static let openIDsArgument = ArgumentSpec(name: idsArgument.name, help: idsArgument.help, isRepeating: true,
                                              completion: CompleteCommand.candidates("tasks", .open))
    static let doneIDsArgument = ArgumentSpec(name: idsArgument.name, help: idsArgument.help, isRepeating: true,
                                              completion: CompleteCommand.candidates("tasks", .done))
    static let memberOption = OptionSpec(long: "member", short: "m", valueName: "M", help: "A member's name, handle, id prefix, or me.",
                                         completion: MemberCommand.completion)
    static let weekOption = OptionSpec(long: "week", valueName: "W",
                                       help: "ISO week like 2024-W47, or any date in it (default: this week).")
    static let epicOption = OptionSpec(long: "epic", valueName: "ID", help: "The epic's title or id prefix.")

    static let spec = CommandSpec(
        name: "task",
        abstract: "Members' tasks by week, with sub-tasks and checkmarks.",
        examples: ["teamflow task add \"로그인 API 연결\" --member 민수", "teamflow task add \"토큰 저장\" --parent 3f2a",
                   "teamflow task check 3f2a 9d0b", "teamflow task show 3f2a", "teamflow task list --member minsu --open"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a task (a sub-task with --parent).",
                        arguments: [ArgumentSpec(name: "title", help: "The task.")],
                        options: [memberOption, epicOption, weekOption,
                                  OptionSpec(long: "due", valueName: "DATE", help: "Due date: YYYY-MM-DD, today, tomorrow, a weekday (fri) or +3d."),
                                  OptionSpec(long: "parent", valueName: "ID", help: "Make it a sub-task of this task."),
                                  SprintCommand.sprintOption(help: "Put the task in a sprint instead of a week.")], run: handler(add)),
            CommandSpec(name: "check", abstract: "Mark tasks done.", arguments: [openIDsArgument], run: handler(check)),
            CommandSpec(name: "uncheck", abstract: "Mark tasks open (todo) again.", arguments: [doneIDsArgument], run: handler(uncheck)),
            CommandSpec(name: "start", abstract: "Mark tasks in progress (doing).", arguments: [idsArgument], run: handler(start)),
            CommandSpec(name: "move", abstract: "Move tasks to todo, doing or done.",
                        arguments: [idsArgument, ArgumentSpec(name: "status", help: "The new status.", allowedValues: WorkStatus.names)],
                        run: handler(move)),
            CommandSpec(name: "assign", abstract: "Assign a task to a member.",
                        arguments: [idArgument, ArgumentSpec(name: "member", help: "The member's name, handle or id prefix.",
                                                             completion: MemberCommand.completion)], run: handler(assign)),
            CommandSpec(name: "edit", abstract: "Change tasks' title, week, due date, epic, parent or sprint.",
                        arguments: [idsArgument],
                        options: [OptionSpec(long: "title", valueName: "TEXT", help: "The new title."), weekOption,
                                  OptionSpec(long: "due", valueName: "DATE", help: "The new due date (none clears it)."),
                                  OptionSpec(long: "epic", valueName: "ID", help: "The new epic (none clears it)."),
                                  OptionSpec(long: "parent", valueName: "ID", help: "The new parent task (none makes it top-level)."),
                                  SprintCommand.sprintOption(help: "File the task in this sprint.")],
                        flags: [FlagSpec(long: "no-sprint", help: "Take the task out of its sprint.")], run: handler(edit)),
            CommandSpec(name: "remove", abstract: "Remove tasks and their sub-tasks (the history keeps them).", arguments: [idsArgument], run: handler(remove)),
            CommandSpec(name: "show", abstract: "Show a task: every field, its sub-tasks and its history.",
                        arguments: [idArgument], run: handler(showDetail)),
            CommandSpec(name: "list", abstract: "List tasks (default: this week's).",
                        options: [memberOption,
                                  OptionSpec(long: "week", valueName: "W", help: "ISO week, a date in it, or all (default: this week)."),
                                  epicOption, SprintCommand.sprintOption(help: "Only the sprint's tasks (filed in it or of its weeks); every week of it unless --week.")],
                        flags: [FlagSpec(long: "open", help: "Only tasks not done.", exclusiveGroup: "state"),
                                FlagSpec(long: "done", help: "Only tasks done.", exclusiveGroup: "state"),
                                FlagSpec(long: "mine", help: "Only my tasks (same as --member me).")],
                        validate: { parsed in
                            if parsed.flag("mine"), parsed.option("member") != nil { throw ValidationError("give --mine or --member, not both") }
                        }, run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let options = TaskUseCases.NewTask(member: inv.parsed.option("member"), epic: inv.parsed.option("epic"),
                                           week: inv.parsed.option("week"), due: inv.parsed.option("due"),
                                           parent: inv.parsed.option("parent"), sprint: inv.parsed.option("sprint"))
        let task = try useCases(inv).add(title: inv.argument("title"), options)
        if task.member == nil, options.member == nil {
            Console.err("note: the task is unassigned: no member is linked to you (teamflow member edit NAME --email YOUR_GIT_EMAIL)\n")
        }
        try show(task, inv, prefix: "Added task: ")
    }

    static func check(_ inv: Invocation) throws {
        try show(try useCases(inv).check(inv.parsed.arguments("id")), inv)
    }

    static func uncheck(_ inv: Invocation) throws {
        try show(try useCases(inv).uncheck(inv.parsed.arguments("id")), inv)
    }

    static func start(_ inv: Invocation) throws {
        try show(try useCases(inv).start(inv.parsed.arguments("id")), inv)
    }

    static func move(_ inv: Invocation) throws {
        try show(try useCases(inv).move(inv.parsed.arguments("id"), to: inv.argument("status")), inv)
    }

    static func assign(_ inv: Invocation) throws {
        try show(try useCases(inv).assign(inv.argument("id"), to: inv.argument("member")), inv)
    }

    static func edit(_ inv: Invocation) throws {
        let changes = TaskUseCases.Changes(title: inv.parsed.option("title"), week: inv.parsed.option("week"),
                                           due: inv.parsed.option("due"), epic: inv.parsed.option("epic"),
                                           parent: inv.parsed.option("parent"), sprint: inv.parsed.option("sprint"),
                                           noSprint: inv.parsed.flag("no-sprint"))
        try show(try useCases(inv).edit(inv.parsed.arguments("id"), changes), inv, prefix: "Edited: ")
    }

    static func remove(_ inv: Invocation) throws {
        let views = try inv.queries().views(try useCases(inv).remove(inv.parsed.arguments("id")))
        inv.emit(json: Present.many(views.map { Present.json($0.task, memberName: $0.memberName) }),
                 text: views.map { "Removed task \($0.task.shortID): \(Present.oneLine($0.task.title))" }.joined(separator: "\n"))
    }

    static func showDetail(_ inv: Invocation) throws {
        let queries = try inv.queries()
        let detail = try queries.taskDetail(inv.argument("id"))
        inv.emit(json: Present.json(detail, today: queries.session.today), text: Present.detail(detail, timeZone: queries.session.timeZone))
    }

    static func list(_ inv: Invocation) throws {
        let done: Bool? = inv.parsed.flag("done") ? true : inv.parsed.flag("open") ? false : nil
        let member = inv.parsed.flag("mine") ? Session.meWord : inv.parsed.option("member")
        let queries = try inv.queries(), today = queries.session.today
        let tasks = try queries.tasks(TaskUseCases.Filter(member: member, week: inv.parsed.option("week"),
                                                          epic: inv.parsed.option("epic"), done: done,
                                                          sprint: inv.parsed.option("sprint")))
        inv.emit(json: .array(tasks.map { Present.json($0.task, memberName: $0.memberName, today: today) }),
                 text: tasks.isEmpty ? "No tasks." : tasks.map { Present.line($0.task, memberName: $0.memberName, today: today) }.joined(separator: "\n"))
    }

    /// The changed task with its member's name.
    static func show(_ task: TeamTask, _ inv: Invocation, prefix: String = "") throws {
        try show([task], inv, prefix: prefix)
    }

    /// The changed tasks, one line each; JSON: one object for one task, an array for several.
    static func show(_ tasks: [TeamTask], _ inv: Invocation, prefix: String = "") throws {
        let queries = try inv.queries(), today = queries.session.today
        let views = try queries.views(tasks)
        inv.emit(json: Present.many(views.map { Present.json($0.task, memberName: $0.memberName, today: today) }),
                 text: views.map { prefix + Present.line($0.task, memberName: $0.memberName, today: today) }.joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> TaskUseCases {
        TaskUseCases(repository: try inv.store(), session: try inv.session())
    }
}
