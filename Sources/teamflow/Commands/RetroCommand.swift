import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow retro add|list`: retrospective entries (keep / problem / try) of a week.
enum RetroCommand {
    static let text = ArgumentSpec(name: "text", help: "The entry.")
    static let kind = OptionSpec(long: "kind", valueName: "KIND", help: "keep, problem or try (default: keep).", allowedValues: RetroEntry.kinds)
    static let week = GoalCommand.week

    static let spec = CommandSpec(
        name: "retro",
        abstract: "Retrospective entries of a week: keep, problem, try.",
        examples: ["teamflow retro add \"매일 스크럼 유지\" --kind keep", "teamflow retro add \"PR이 너무 큼\" --kind problem",
                   "teamflow retro list --week 2024-W47"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a retrospective entry.", arguments: [text], options: [kind, week], run: handler(add)),
            CommandSpec(name: "list", abstract: "List retrospective entries (all weeks unless --week).",
                        options: [week.withHelp("Only this ISO week (or a date in it).")], run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let entry = try useCases(inv).add(text: inv.argument(text), kind: inv.parsed[kind], week: inv.parsed[week])
        inv.emit(json: EntityJSON.json(entry), text: "Added \(entry.kind) \(entry.shortID) to \(entry.week): \(entry.text)")
    }

    static func list(_ inv: Invocation) throws {
        let entries = try useCases(inv).list(week: inv.parsed[week])
        inv.emit(json: .array(entries.map(EntityJSON.json)),
                 text: entries.isEmpty ? "No retrospective entries." : entries.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> RetroUseCases {
        RetroUseCases(repository: try inv.store(), session: try inv.session())
    }
}
