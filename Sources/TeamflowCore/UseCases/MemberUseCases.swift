/// Team members: add, rename, list. Tasks name members by name, handle or id prefix.
public struct MemberUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

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
        var data: Fields = ["name": .string(name)]
        if let handle { data["handle"] = .string(handle) }
        if let email = email?.trimmingSpaces, !email.isEmpty { data["email"] = .string(email) }
        let (event, after) = try repository.recordAndFold(
            EventDraft(type: EventType.memberAdded, data: data, summary: "member: add \(name)"), session: session)
        return try Self.read(after, event.id)
    }

    /// Renames a member (and optionally changes the handle).
    @discardableResult
    public func rename(_ who: String, to newName: String?, handle: String? = nil) throws -> Member {
        let state = try repository.state()
        let member = try state.member(named: who)
        var data: Fields = ["member": .string(member.id)]
        if let newName {
            let name = try Validate.text(newName, what: "member name", example: "teamflow member rename minsu 김민수")
            let clash = state.liveMembers.contains { $0.id != member.id && $0.names.map(Lookup.normalize).contains(Lookup.normalize(name)) }
            if clash { throw TeamflowError(.conflict, "a member named '\(name)' already exists") }
            data["name"] = .string(name)
        }
        if let handle { data["handle"] = .string(try Self.validHandle(handle)) }
        guard data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give a new name or --handle."])
        }
        let (event, after) = try repository.recordAndFold(
            EventDraft(type: EventType.memberRenamed, data: data, summary: "member: rename \(member.name)"), session: session)
        _ = event
        return try Self.read(after, member.id)
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

    static func read(_ state: TeamState, _ id: String) throws -> Member {
        guard let member = state.members[id] else {
            throw TeamflowError(.failure, "the member was written but could not be read back")
        }
        return member
    }
}
