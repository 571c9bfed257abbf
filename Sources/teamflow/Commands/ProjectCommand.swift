import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow project add|edit|move|remove|list`: projects with due dates and a state.
enum ProjectCommand {
    static let project = ArgumentSpec(name: "project", help: "The project's name or id prefix.")
    static let name = ArgumentSpec(name: "name", help: "The project's name.")
    static let state = EpicCommand.state
    static let due = TaskCommand.due
    static let description = OptionSpec(long: "description", valueName: "TEXT", help: "What the project is about.")
    static let newName = OptionSpec(long: "name", valueName: "TEXT", help: "The new name.")
    static let status = OptionSpec(long: "status", valueName: "S", help: "Only projects in this state.", allowedValues: WorkStatus.names)
    static let force = FlagSpec(long: "force", help: "Remove even when epics belong to it; they are detached.")
    static let overdue = FlagSpec(long: "overdue", help: "Only projects due before today and not done.")

    static let spec = CommandSpec(
        name: "project",
        abstract: "Projects with due dates and a todo / doing / done state; overdue ones stand out.",
        examples: ["teamflow project add \"앱 출시\" --due 2024-12-06", "teamflow project move 앱 doing",
                   "teamflow project list --overdue"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a project.", arguments: [name], options: [due, description], run: handler(add)),
            CommandSpec(name: "edit", abstract: "Change a project's name, due date or description.",
                        arguments: [project],
                        options: [newName, due.withHelp("The new due date (none clears it)."),
                                  description.withHelp("The new description (empty clears it).")], run: handler(edit)),
            CommandSpec(name: "move", abstract: "Move a project to todo, doing or done.", arguments: [project, state], run: handler(move)),
            CommandSpec(name: "remove", abstract: "Remove a project (the history keeps it).",
                        arguments: [project], flags: [force], run: handler(remove)),
            CommandSpec(name: "list", abstract: "List projects with progress (done tasks of their epics / all of them, and percent).",
                        options: [status], flags: [overdue], run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let (cases, today) = try useCases(inv)
        let added = try cases.add(name: inv.argument(name), due: inv.parsed[due], description: inv.parsed[description])
        inv.emit(json: EntityJSON.json(added, today: today), text: "Added project \(added.shortID): \(added.name)")
    }

    static func edit(_ inv: Invocation) throws {
        let (cases, today) = try useCases(inv)
        let edited = try cases.edit(inv.argument(project), name: inv.parsed[newName], due: inv.parsed[due],
                                    description: inv.parsed[description])
        inv.emit(json: EntityJSON.json(edited, today: today), text: "Edited project: " + Present.line(edited, today: today))
    }

    static func move(_ inv: Invocation) throws {
        let (cases, today) = try useCases(inv)
        let moved = try cases.move(inv.argument(project), to: inv.argument(state))
        inv.emit(json: EntityJSON.json(moved, today: today), text: Present.line(moved, today: today))
    }

    static func remove(_ inv: Invocation) throws {
        let (cases, today) = try useCases(inv)
        let removed = try cases.remove(inv.argument(project), force: inv.parsed[force])
        inv.emit(json: EntityJSON.json(removed, today: today), text: "Removed project \(removed.shortID): \(removed.name)")
    }

    static func list(_ inv: Invocation) throws {
        let (cases, today) = try useCases(inv)
        let projects = try cases.listWithProgress(overdue: inv.parsed[overdue], status: inv.parsed[status])
        inv.emit(json: .array(projects.map { json($0, today: today) }),
                 text: projects.isEmpty ? "No projects." : projects.map { line($0, today: today) }.joined(separator: "\n"))
    }

    /// A project's JSON plus `done`, `total` (the tasks of its epics) and `percent` (null without tasks).
    static func json(_ item: ProjectProgress, today: Day) -> JSON {
        guard case .object(let pairs) = EntityJSON.json(item.project, today: today) else { return EntityJSON.json(item.project, today: today) }
        return .object(pairs + [("done", .int(item.done)), ("total", .int(item.total)), ("percent", item.percent.map(JSON.int) ?? .null)])
    }

    static func line(_ item: ProjectProgress, today: Day) -> String {
        Present.line(item.project, today: today) + "  (\(Present.progress(item.done, item.total, percent: item.percent)))"
    }

    static func useCases(_ inv: Invocation) throws -> (ProjectUseCases, Day) {
        let session = try inv.session()
        return (ProjectUseCases(repository: try inv.store(), session: session), session.today)
    }
}
