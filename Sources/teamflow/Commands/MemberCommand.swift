import ArgumentParsing
import TeamflowCore

/// `teamflow member add|rename|list`: the team's members.
enum MemberCommand {
    /// Completion for options that name a member: the names, read cheaply from the state cache.
    static let completion = CompletionKind.command("teamflow __complete members")

    static let spec = CommandSpec(
        name: "member",
        abstract: "Team members; tasks name them by name, handle or id prefix.",
        examples: ["teamflow member add 김민수 --handle minsu", "teamflow member rename minsu 김민수B", "teamflow member list"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a member.",
                        arguments: [ArgumentSpec(name: "name", help: "The member's name.")],
                        options: [OptionSpec(long: "handle", valueName: "H", help: "A short one-word name, e.g. minsu."),
                                  OptionSpec(long: "email", valueName: "E", help: "The member's email.")], run: handler(add)),
            CommandSpec(name: "rename", abstract: "Rename a member or change the handle.",
                        arguments: [ArgumentSpec(name: "member", help: "The member's name, handle or id prefix.", completion: completion),
                                    ArgumentSpec(name: "name", help: "The new name.", isOptional: true)],
                        options: [OptionSpec(long: "handle", valueName: "H", help: "The new handle.")], run: handler(rename)),
            CommandSpec(name: "list", abstract: "List the members.", run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let member = try useCases(inv).add(name: inv.argument("name"), handle: inv.parsed.option("handle"),
                                           email: inv.parsed.option("email"))
        inv.emit(json: Present.json(member), text: "Added member \(member.shortID): \(member.name)")
    }

    static func rename(_ inv: Invocation) throws {
        let member = try useCases(inv).rename(inv.argument("member"), to: inv.parsed.argument("name"),
                                              handle: inv.parsed.option("handle"))
        inv.emit(json: Present.json(member), text: "Renamed member \(member.shortID): \(member.name)")
    }

    static func list(_ inv: Invocation) throws {
        let members = try useCases(inv).list()
        inv.emit(json: .array(members.map(Present.json)),
                 text: members.isEmpty ? "No members yet: teamflow member add NAME" : members.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> MemberUseCases {
        MemberUseCases(repository: try inv.store(), session: try inv.session())
    }
}
