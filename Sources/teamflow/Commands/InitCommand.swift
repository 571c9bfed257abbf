import ArgumentParsing
import TeamflowCore

/// `teamflow init [--team NAME]`: optional and idempotent.
enum InitCommand {
    static let team = OptionSpec(long: "team", valueName: "NAME", help: "The team's name, shown on boards and the wiki.")

    static let spec = CommandSpec(
        name: "init",
        abstract: "Prepare this git repository for teamflow (optional; idempotent).",
        discussion: "Every command works in any git repository; init only records the team's name. A teammate's fresh clone needs only `teamflow sync`.",
        examples: ["teamflow init --team BeStory"],
        options: [team],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let outcome = try InitUseCase(repository: store).initialize(team: inv.parsed[team], session: inv.session)
        inv.emit(
            json: .object([("ref", .string(store.ref)), ("team", .optional(outcome.team)), ("changed", .bool(outcome.changed))]),
            text: (outcome.changed ? "Initialized teamflow" : "teamflow is already initialized")
                + (outcome.team.map { " for team \($0)" } ?? "") + " on \(store.ref)")
    }
}
