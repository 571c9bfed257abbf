import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow member add|rename|edit|list`: the team's members.
enum MemberCommand {
    /// Completion for options that name a member: the names, read cheaply from the state cache.
    static let completion = CompletionKind.command("teamflow __complete members")

    static let name = ArgumentSpec(name: "name", help: "The member's name.")
    static let member = ArgumentSpec(name: "member", help: "The member's name, handle or id prefix.", completion: completion)
    /// `member rename MEMBER [NAME]`.
    static let newName = ArgumentSpec(name: "name", help: "The new name.", isOptional: true)
    static let handle = OptionSpec(long: "handle", valueName: "H", help: "A short one-word name, e.g. minsu.")
    static let email = OptionSpec(long: "email", valueName: "E", help: "The member's email.")
    /// `member edit --name N`.
    static let nameOption = OptionSpec(long: "name", valueName: "N", help: "The new name.")

    static let spec = CommandSpec(
        name: "member",
        abstract: "Team members; tasks name them by name, handle or id prefix.",
        examples: ["teamflow member add 김민수 --handle minsu", "teamflow member rename minsu 김민수B",
                   "teamflow member edit 건우 --email geonwoo@example.com --handle geonwoo", "teamflow member list"],
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a member.", arguments: [name], options: [handle, email], run: handler(add)),
            CommandSpec(name: "rename", abstract: "Rename a member or change the handle.",
                        arguments: [member, newName], options: [handle.withHelp("The new handle.")], run: handler(rename)),
            CommandSpec(name: "edit", abstract: "Change a member's name, handle or email (the email links you: `me`).",
                        discussion: "`me` anywhere a member is named is the member whose email is git's user.email, "
                            + "else the one `git config teamflow.me` names (a handle or name). `none` clears --handle or --email.",
                        arguments: [member.withHelp("The member's name, handle, id prefix or me.")],
                        options: [nameOption, handle.withHelp("The new handle (none clears it)."),
                                  email.withHelp("The new email (none clears it).")], run: handler(edit)),
            CommandSpec(name: "list", abstract: "List the members.", run: handler(list)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let added = try useCases(inv).add(name: inv.argument(name), handle: inv.parsed[handle], email: inv.parsed[email])
        inv.emit(json: EntityJSON.json(added), text: "Added member \(added.shortID): \(added.name)")
    }

    static func rename(_ inv: Invocation) throws {
        let renamed = try useCases(inv).rename(inv.argument(member), to: inv.parsed[newName], handle: inv.parsed[handle])
        inv.emit(json: EntityJSON.json(renamed), text: "Renamed member \(renamed.shortID): \(renamed.name)")
    }

    static func edit(_ inv: Invocation) throws {
        let changes = try MemberUseCases.Changes(name: inv.parsed[nameOption], handle: inv.parsed[handle], email: inv.parsed[email])
        let edited = try useCases(inv).edit(inv.argument(member), changes)
        inv.emit(json: EntityJSON.json(edited), text: "Edited member " + Present.line(edited))
    }

    static func list(_ inv: Invocation) throws {
        let members = try useCases(inv).list()
        inv.emit(json: .array(members.map(EntityJSON.json)),
                 text: members.isEmpty ? "No members yet: teamflow member add NAME" : members.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> MemberUseCases {
        MemberUseCases(repository: try inv.store(), session: try inv.session())
    }
}
