import ArgumentParsing
import TeamflowCore

/// `teamflow init [--team NAME]`: optional and idempotent.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Prepare this git repository for teamflow (optional; idempotent).",
        discussion: "Every command works in any git repository; init only records the team's name. A teammate's fresh clone needs only `teamflow sync`.",
        examples: ["teamflow init --team BeStory"],
        options: [OptionSpec(long: "team", valueName: "NAME", help: "The team's name, shown on boards and the wiki.")],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let state = try store.state()
        let team = inv.parsed.option("team")
        let needsEvent = state.eventCount == 0 || (team != nil && team != state.teamName)
        if needsEvent {
            let session = try inv.session()
            var data = Fields()
            if let team { data["team"] = .string(try Validate.title(team)) }
            _ = try store.append([EventDraft(type: EventType.teamInitialized, data: data,
                                             summary: team.map { "init: team \($0)" } ?? "init")],
                                 author: try session.requireAuthor(),
                                 at: Timestamp.format(session.now, timeZone: session.timeZone))
        }
        let name = team ?? state.teamName
        inv.emit(
            json: .object([("ref", .string(store.ref)), ("team", .optional(name)), ("changed", .bool(needsEvent))]),
            text: (needsEvent ? "Initialized teamflow" : "teamflow is already initialized")
                + (name.map { " for team \($0)" } ?? "") + " on \(store.ref)")
    }
}
