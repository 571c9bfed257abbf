import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow epic add|move|edit|remove|list`: groups of tasks with progress.
enum EpicCommand {
    static let epic = ArgumentSpec(name: "epic", help: "The epic's title or id prefix.")
    static let title = ArgumentSpec(name: "title", help: "The epic's title.")
    static let state = ArgumentSpec(name: "state", help: "todo, doing or done.", allowedValues: WorkStatus.names)
    static let project = OptionSpec(long: "project", valueName: "ID", help: "The project's name or id prefix.")
    static let newTitle = OptionSpec(long: "title", valueName: "TEXT", help: "The new title.")

    static let spec = CommandSpec(
        name: "epic",
        abstract: "Epics: groups of tasks, optionally in a project, with progress.",
        examples: ["teamflow epic add \"로그인 화면\" --project 앱", "teamflow epic move 로그인 doing", "teamflow epic list"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add an epic.", arguments: [title], options: [project], run: handler(add)),
            CommandSpec(name: "move", abstract: "Move an epic to todo, doing or done.", arguments: [epic, state], run: handler(move)),
            CommandSpec(name: "edit", abstract: "Change an epic's title or project.",
                        arguments: [epic], options: [newTitle, project.withHelp("The new project (none detaches).")], run: handler(edit)),
            CommandSpec(name: "remove", abstract: "Remove an epic (the history keeps it).", arguments: [epic], run: handler(remove)),
            CommandSpec(name: "list", abstract: "List epics with progress (done tasks / all tasks).",
                        options: [project.withHelp("Only epics of this project.")], run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let added = try useCases(inv).add(title: inv.argument(title), project: inv.parsed[project])
        inv.emit(json: EntityJSON.json(EpicProgress(epic: added, done: 0, total: 0)), text: "Added epic \(added.shortID): \(added.title)")
    }

    static func move(_ inv: Invocation) throws {
        let moved = try useCases(inv).move(inv.argument(epic), to: inv.argument(state))
        let progress = try inv.queries().progress(of: moved)
        inv.emit(json: EntityJSON.json(progress), text: Present.line(progress))
    }

    static func edit(_ inv: Invocation) throws {
        let edited = try useCases(inv).edit(inv.argument(epic), title: inv.parsed[newTitle], project: inv.parsed[project])
        let progress = try inv.queries().progress(of: edited)
        inv.emit(json: EntityJSON.json(progress), text: "Edited epic: " + Present.line(progress))
    }

    static func remove(_ inv: Invocation) throws {
        let removed = try useCases(inv).remove(inv.argument(epic))
        inv.emit(json: EntityJSON.json(EpicProgress(epic: removed, done: 0, total: 0)), text: "Removed epic \(removed.shortID): \(removed.title)")
    }

    static func list(_ inv: Invocation) throws {
        let epics = try useCases(inv).list(project: inv.parsed[project])
        inv.emit(json: .array(epics.map(EntityJSON.json)),
                 text: epics.isEmpty ? "No epics." : epics.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> EpicUseCases {
        EpicUseCases(repository: try inv.store(), session: try inv.session())
    }
}
