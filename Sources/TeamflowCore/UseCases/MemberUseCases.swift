/// Team members: add, rename, list. Tasks name members by name, handle or id prefix.
public struct MemberUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds a member; a name or handle already in use is refused (it would make lookups ambiguous).
    @discardableResult
    public func add(name: String, handle: String? = nil, email: String? = nil) throws -> Member {
        let name = try Validate.text(name, what: "member name", example: "teamflow member add 김민수 --handle minsu")
        let handle = try handle.map(Self.validHandle)
        let state = try repository.state()
        let taken = Set(state.liveMembers.flatMap(\.names).map(Lookup.normalize))
        for word in [name] + (handle.map { [$0] } ?? []) where taken.contains(Lookup.normalize(word)) {
            throw TeamflowError(.conflict, "a member named '\(word)' already exists",
                                hints: ["Pick another name or handle; see `teamflow member list`."])
        }
        let email = email?.trimmingSpaces
        let added = MemberAdded(name: name, handle: handle, email: email?.isEmpty == false ? email : nil)
        let (event, after) = try context.append(added, summary: "member: add \(name)")
        return try readBack(after.members[event.id], "member")
    }

    /// Renames a member (and optionally changes the handle).
    @discardableResult
    public func rename(_ who: String, to newName: String?, handle: String? = nil) throws -> Member {
        let state = try repository.state()
        let member = try state.member(named: who)
        var rename = MemberRenamed(member: member.id)
        if let newName {
            let name = try Validate.text(newName, what: "member name", example: "teamflow member rename minsu 김민수")
            let clash = state.liveMembers.contains { $0.id != member.id && $0.names.map(Lookup.normalize).contains(Lookup.normalize(name)) }
            if clash { throw TeamflowError(.conflict, "a member named '\(name)' already exists") }
            rename.name = name
        }
        if let handle { rename.handle = .set(try Self.validHandle(handle)) }
        let after = try context.appendEdit(rename, summary: "member: rename \(member.name)", hint: "Give a new name or --handle.")
        return try readBack(after.members[member.id], "member")
    }

    /// Live members in the order they joined.
    public func list() throws -> [Member] { try repository.state().liveMembers }

    /// Finds a member by name, handle or id prefix.
    public func find(_ text: String) throws -> Member { try repository.state().member(named: text) }

    static func validHandle(_ text: String) throws -> String {
        var handle = text.trimmingSpaces
        if handle.hasPrefix("@") { handle.removeFirst() }
        guard !handle.isEmpty, !handle.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
            throw TeamflowError(.usage, "invalid handle '\(text)'", hints: ["A handle is one word, e.g. --handle minsu."])
        }
        return handle
    }
}
