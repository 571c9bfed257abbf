import ArgumentParsing
import Importers
import TeamflowCore

/// `teamflow import markdown FILE [--week W] [--sprint NAME]`: a weekly page in the team's Notion shape.
enum WikiImportCommand {
    static let file = ArgumentSpec(name: "file", help: "The Markdown page, or - for standard input.", completion: .file)
    static let week = OptionSpec(long: "week", valueName: "W", help: "The week (default: the week the page names, else the sprint's first week, else this week).")
    static let sprint = SprintCommand.sprintOption.withHelp("File every goal and task in this sprint.")

    static let spec = CommandSpec(
        name: "markdown",
        abstract: "Import a weekly page (goals list, then a list per member) as goal and task events in one commit; items the week already has are skipped.",
        discussion: "Goals are the first list; an item ending with ✅ or written [x] is done. Each member's tasks follow under a heading or a line with the member's name, or nested under a list item naming the member; an item indented under another becomes its sub-task. Members must exist (teamflow member add). One `teamflow undo` takes the whole import back.",
        examples: ["teamflow import markdown 2024-W45.md", "teamflow import markdown notion-export.md --week 2024-11-04"],
        arguments: [file],
        options: [week, sprint],
        run: handler(markdown)
    )

    static func markdown(_ inv: Invocation) throws {
        let text = try inv.readText(inv.argument(file))
        let result = try WeeklyImportUseCase(repository: try inv.store(), session: try inv.session())
            .run(text: text, week: inv.parsed[week], sprint: inv.parsed[sprint])
        let skipped = result.skipped > 0 ? " (skipped \(result.skipped) already in that week)" : ""
        inv.emit(json: .object([("week", .string(result.week)), ("goals", .int(result.goals)), ("tasks", .int(result.tasks)),
                                ("skipped", .int(result.skipped))]),
                 text: "Imported \(result.goals) goal\(result.goals == 1 ? "" : "s") and \(result.tasks) task\(result.tasks == 1 ? "" : "s") into \(result.week)" + skipped)
    }
}
