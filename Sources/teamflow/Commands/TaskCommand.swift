import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow task add|check|uncheck|start|move|assign|edit|remove|show|list`: members' tasks.
enum TaskCommand {
    // Each option, flag and argument once: the spec lists below use these values, and the
    // handlers read with them.
    static let id = ArgumentSpec(name: "id", help: "The task's id prefix (at least 4 characters) or exact title.",
                                 completion: .command("teamflow __complete tasks"))
    /// Several tasks at once: all are found first, then one commit (nothing when any is not found).
    static let ids = ArgumentSpec(name: "id", help: "Task id prefixes (at least 4 characters) or exact titles; several make one commit.",
                                  isRepeating: true, completion: .command("teamflow __complete tasks"))
    static let title = ArgumentSpec(name: "title", help: "The task.")
    static let status = ArgumentSpec(name: "status", help: "The new status.", allowedValues: WorkStatus.names)
    static let assignee = ArgumentSpec(name: "member", help: "The member's name, handle or id prefix.", completion: MemberCommand.completion)
    static let member = OptionSpec(long: "member", short: "m", valueName: "M", help: "A member's name, handle, id prefix, or me.",
                                   completion: MemberCommand.completion)
    static let week = GoalCommand.week
    static let epic = OptionSpec(long: "epic", valueName: "ID", help: "The epic's title or id prefix.")
    static let due = OptionSpec(long: "due", valueName: "DATE", help: "Due date: YYYY-MM-DD, today, tomorrow, a weekday (fri) or +3d.")
    static let parent = OptionSpec(long: "parent", valueName: "ID", help: "Make it a sub-task of this task.")
    static let sprint = SprintCommand.sprintOption.withHelp("Put the task in a sprint instead of a week.")
    static let newTitle = OptionSpec(long: "title", valueName: "TEXT", help: "The new title.")
    static let noSprint = FlagSpec(long: "no-sprint", help: "Take the task out of its sprint.")
    static let points = OptionSpec(long: "points", valueName: "N", help: "The estimate: a whole number from 0 (none clears it).")
    static let label = OptionSpec(long: "label", valueName: "L", help: "A label (repeat for more).", isRepeating: true)
    static let noLabel = OptionSpec(long: "no-label", valueName: "L", help: "Take a label off (repeat for more).", isRepeating: true)
    static let open = FlagSpec(long: "open", help: "Only tasks not done.", exclusiveGroup: "state")
    static let done = FlagSpec(long: "done", help: "Only tasks done.", exclusiveGroup: "state")
    static let mine = FlagSpec(long: "mine", help: "Only my tasks (same as --member me).")
    /// `check` offers open tasks, `uncheck` done ones (the same argument, read as `ids`).
    static let openIDs = ArgumentSpec(name: ids.name, help: ids.help, isRepeating: true,
                                      completion: CompleteCommand.candidates("tasks", .open))
    static let doneIDs = ArgumentSpec(name: ids.name, help: ids.help, isRepeating: true,
                                      completion: CompleteCommand.candidates("tasks", .done))

    static let spec = CommandSpec(
        name: "task",
        abstract: "Members' tasks by week, with sub-tasks and checkmarks.",
        examples: ["teamflow task add \"로그인 API 연결\" --member 민수", "teamflow task add \"토큰 저장\" --parent 3f2a",
                   "teamflow task check 3f2a 9d0b", "teamflow task show 3f2a", "teamflow task list --member minsu --open"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a task (a sub-task with --parent).",
                        arguments: [title], options: [member, epic, week, due, parent, sprint, points, label], run: handler(add)),
            CommandSpec(name: "check", abstract: "Mark tasks done.", arguments: [openIDs], run: handler(check)),
            CommandSpec(name: "uncheck", abstract: "Mark tasks open (todo) again.", arguments: [doneIDs], run: handler(uncheck)),
            CommandSpec(name: "start", abstract: "Mark tasks in progress (doing).", arguments: [ids], run: handler(start)),
            CommandSpec(name: "move", abstract: "Move tasks to todo, doing or done.", arguments: [ids, status], run: handler(move)),
            CommandSpec(name: "assign", abstract: "Assign a task to a member.", arguments: [id, assignee], run: handler(assign)),
            CommandSpec(name: "edit", abstract: "Change tasks' title, week, due date, epic, parent or sprint.",
                        arguments: [ids],
                        options: [newTitle, week, due.withHelp("The new due date (none clears it)."),
                                  epic.withHelp("The new epic (none clears it)."),
                                  parent.withHelp("The new parent task (none makes it top-level)."),
                                  sprint.withHelp("File the task in this sprint."), points, label, noLabel],
                        flags: [noSprint], run: handler(edit)),
            CommandSpec(name: "remove", abstract: "Remove tasks and their sub-tasks (the history keeps them).", arguments: [ids], run: handler(remove)),
            CommandSpec(name: "link", abstract: "Link a task to a PR, an issue or a commit (a sync checks it when the PR merges).",
                        arguments: [id], options: [linkPR, linkIssue, linkCommit], flags: [unlink], run: handler(link)),
            CommandSpec(name: "show", abstract: "Show a task: every field, its sub-tasks and its history.",
                        arguments: [id], run: handler(showDetail)),
            CommandSpec(name: "list", abstract: "List tasks (default: this week's).",
                        options: [member, week.withHelp("ISO week, a date in it, or all (default: this week)."),
                                  epic, sprint.withHelp("Only the sprint's tasks (filed in it or of its weeks); every week of it unless --week."),
                                  label.withHelp("Only tasks with this label.")],
                        flags: [open, done, mine],
                        validate: { parsed in
                            if try parsed[mine], try parsed[member] != nil { throw ValidationError("give --mine or --member, not both") }
                        }, run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let p = inv.parsed
        let options = try TaskUseCases.NewTask(member: p[member], epic: p[epic], week: p[week], due: p[due],
                                               parent: p[parent], sprint: p[sprint],
                                               points: p[points].map(Validate.points), labels: p.values(label))
        let task = try useCases(inv).add(title: inv.argument(title), options)
        if task.member == nil, options.member == nil {
            inv.err("note: the task is unassigned: no member is linked to you (teamflow member edit NAME --email YOUR_GIT_EMAIL)\n")
        }
        try show(task, inv, prefix: "Added task: ")
    }

    static func check(_ inv: Invocation) throws {
        try show(try useCases(inv).check(inv.parsed.values(ids)), inv)
    }

    static func uncheck(_ inv: Invocation) throws {
        try show(try useCases(inv).uncheck(inv.parsed.values(ids)), inv)
    }

    static func start(_ inv: Invocation) throws {
        try show(try useCases(inv).start(inv.parsed.values(ids)), inv)
    }

    static func move(_ inv: Invocation) throws {
        try show(try useCases(inv).move(inv.parsed.values(ids), to: inv.argument(status)), inv)
    }

    static func assign(_ inv: Invocation) throws {
        try show(try useCases(inv).assign(inv.argument(id), to: inv.argument(assignee)), inv)
    }

    static func edit(_ inv: Invocation) throws {
        let p = inv.parsed
        let changes = try TaskUseCases.Changes(title: p[newTitle], week: p[week], due: p[due], epic: p[epic],
                                               parent: p[parent], sprint: p[sprint], noSprint: p[noSprint],
                                               points: p[points], addLabels: p.values(label), removeLabels: p.values(noLabel))
        try show(try useCases(inv).edit(p.values(ids), changes), inv, prefix: "Edited: ")
    }

    static func remove(_ inv: Invocation) throws {
        let views = try inv.queries().views(try useCases(inv).remove(inv.parsed.values(ids)))
        inv.emit(json: EntityJSON.many(views.map { EntityJSON.json($0.task, memberName: $0.memberName) }),
                 text: views.map { "Removed task \($0.task.shortID): \(Present.oneLine($0.task.title))" }.joined(separator: "\n"))
    }

    static let linkPR = OptionSpec(long: "pr", valueName: "N", help: "The pull request's number.")
    static let linkIssue = OptionSpec(long: "issue", valueName: "N", help: "The issue's number.")
    static let linkCommit = OptionSpec(long: "commit", valueName: "SHA", help: "The commit's hash (7 to 40 hex digits).")
    static let unlink = FlagSpec(long: "unlink", help: "Remove the link instead.")

    static func link(_ inv: Invocation) throws {
        let p = inv.parsed
        let given = try [("pr", p[linkPR]), ("issue", p[linkIssue]), ("commit", p[linkCommit])].compactMap { kind, value in value.map { (kind, $0) } }
        guard given.count == 1, let (kind, ref) = given.first else {
            throw TeamflowError(.usage, "give exactly one of --pr, --issue or --commit")
        }
        let unlinking = try p[unlink]
        let task = try useCases(inv).link(inv.argument(id), kind: kind, ref: ref, unlink: unlinking)
        try show(task, inv, prefix: unlinking ? "Unlinked: " : "Linked: ")
    }

    static func showDetail(_ inv: Invocation) throws {
        let queries = try inv.queries()
        let detail = try queries.taskDetail(inv.argument(id))
        inv.emit(json: EntityJSON.json(detail, today: queries.session.today), text: Present.detail(detail, timeZone: queries.session.timeZone))
    }

    static func list(_ inv: Invocation) throws {
        let p = inv.parsed
        let state: Bool? = try p[done] ? true : p[open] ? false : nil
        let filter = try TaskUseCases.Filter(member: p[mine] ? Session.meWord : p[member], week: p[week], epic: p[epic],
                                             done: state, sprint: p[sprint], label: p[label])
        let queries = try inv.queries(), today = queries.session.today
        let list = try queries.taskList(filter)
        inv.emit(json: .array(list.tasks.indices.map { EntityJSON.json(list.tasks[$0], memberName: list.memberNames[$0], today: today) }),
                 lines: list.isEmpty ? TextBuffer("No tasks.") : Present.lines(list, today: today))
        KeptUntilExit.keep(list)
    }

    /// The changed task with its member's name.
    static func show(_ task: TeamTask, _ inv: Invocation, prefix: String = "") throws {
        try show([task], inv, prefix: prefix)
    }

    /// The changed tasks, one line each; JSON: one object for one task, an array for several.
    static func show(_ tasks: [TeamTask], _ inv: Invocation, prefix: String = "") throws {
        let queries = try inv.queries(), today = queries.session.today
        let views = try queries.views(tasks)
        inv.emit(json: EntityJSON.many(views.map { EntityJSON.json($0.task, memberName: $0.memberName, today: today) }),
                 text: views.map { prefix + Present.line($0.task, memberName: $0.memberName, today: today) }.joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> TaskUseCases {
        TaskUseCases(repository: try inv.store(), session: try inv.session())
    }

    /// Each task's member's name as the state now has it, for printing tasks a use case returned.
    static func memberNames(_ inv: Invocation) throws -> (TeamTask) -> String? {
        let state = try inv.store().state()
        return { task in task.member.flatMap { state.members[$0]?.name } }
    }
}
