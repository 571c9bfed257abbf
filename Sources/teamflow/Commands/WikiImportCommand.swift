import ArgumentParsing
import JSONShapes
import Importers
import TeamflowCore

/// `teamflow import markdown FILE [--week W] [--year Y] [--members A,B] [--sprint NAME] [--dry-run]`:
/// a week's page as pasted from Notion, Google Docs or Slack.
enum WikiImportCommand {
    static let file = ArgumentSpec(name: "file", help: "The Markdown page, or - for standard input.", completion: .file)
    static let week = OptionSpec(long: "week", valueName: "W", help: "The week (default: the date the page names, else the sprint's first week, else this week).")
    static let year = OptionSpec(long: "year", valueName: "YYYY", help: "The year of a date written without one (default: the latest such date not after today).")
    static let members = OptionSpec(long: "members", valueName: "NAMES",
                                    help: "The page's names for members, comma-separated (name, handle or part of a name); only these and the team's names start a member's section.")
    static let sprint = SprintCommand.sprintOption.withHelp("File every goal and task in this sprint.")
    static let dryRun = FlagSpec(long: "dry-run", help: "Write nothing; show what would be imported and what is left out.")

    static let spec = CommandSpec(
        name: "markdown",
        abstract: "Import a weekly page (goals list, then a list per member) as goal and task events in one commit; items the week already has are skipped.",
        discussion: "Goals are the first list; an item ending or starting with ✅ (☑️, ✔️), written [x] or struck ~~through~~ is done. Bullets -, *, +, •, ◦, ▪ and numbers 1. or 1) at any indent. Each member's tasks follow under a heading or a line with the member's name or handle, or nested under a list item naming the member; an item indented under another becomes its sub-task, and lines under an item (⇒ …, → …, indented text) become its note. Other headings and paragraphs, code blocks and tables are skipped and listed with their line numbers. A title like '11 18 팀 현황', '2024.11.18' or '11/18' gives the week. Members must exist (teamflow member add). One `teamflow undo` takes the whole import back.",
        examples: ["teamflow import markdown 2024-W45.md", "pbpaste | teamflow import markdown - --members 건우,석영 --dry-run",
                   "teamflow import markdown notion-export.md --week 2024-11-04"],
        arguments: [file],
        options: [week, year, members, sprint],
        flags: [dryRun],
        run: handler(markdown)
    )

    static func markdown(_ inv: Invocation) throws {
        let text = try inv.readText(inv.argument(file))
        let names = (try inv.parsed[members] ?? "").split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        let options = WeeklyImportUseCase.Options(week: try inv.parsed[week], sprint: try inv.parsed[sprint],
                                                  year: try inv.parsed.int(year, in: 1...9999), members: names,
                                                  dryRun: try inv.parsed[dryRun])
        let result = try WeeklyImportUseCase(repository: try inv.store(), session: try inv.session()).run(text: text, options: options)
        inv.emit(json: json(result), text: Self.text(result))
    }

    static func json(_ result: WeeklyImportUseCase.Result) -> JSON {
        .object([
            ("week", .string(result.week)), ("goals", .int(result.goals)), ("tasks", .int(result.tasks)),
            ("skipped", .int(result.skipped)), ("dryRun", .bool(result.dryRun)),
            ("skippedLines", .array(result.skippedRanges.map {
                .object([("from", .int($0.first)), ("to", .int($0.last)), ("lines", .int($0.count)), ("reason", .string($0.reason.rawValue))])
            })),
            ("keptAsNotes", .array(result.keptAsNotes.map(JSON.int))),
            ("items", .array(result.items.map {
                .object([("kind", .string($0.member == nil ? "goal" : "task")), ("member", .optional($0.member)),
                         ("title", .string($0.title)), ("done", .bool($0.done)), ("depth", .int($0.depth)), ("note", .optional($0.note))])
            })),
        ])
    }

    static func text(_ result: WeeklyImportUseCase.Result) -> String {
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        let already = result.skipped > 0 ? " (skipped \(result.skipped) already in that week)" : ""
        var lines = [(result.dryRun ? "Would import " : "Imported ") + "\(plural(result.goals, "goal")) and \(plural(result.tasks, "task")) into \(result.week)" + already]
        if result.dryRun {
            for item in result.items {
                let box = item.done ? "[x]" : "[ ]"
                let who = item.member.map { Present.oneLine($0) + "  " } ?? "goal  "
                lines.append("  " + who + String(repeating: "  ", count: item.depth) + box + " " + Present.oneLine(item.title)
                             + (item.note == nil ? "" : "  (+ note)"))
            }
        }
        if !result.keptAsNotes.isEmpty {
            lines.append("kept \(plural(result.keptAsNotes.count, "line")) as notes: " + result.keptAsNotes.map(String.init).joined(separator: ", "))
        }
        let ranges = result.skippedRanges
        if !ranges.isEmpty {
            let total = ranges.reduce(0) { $0 + $1.count }
            lines.append("skipped \(plural(total, "line")): " + ranges.map {
                ($0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)") + " (\($0.reason.rawValue))"
            }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
