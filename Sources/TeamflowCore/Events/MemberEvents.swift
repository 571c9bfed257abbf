/// `member.added`: a member tasks can be assigned to.
public struct MemberAdded: TeamEvent {
    public static let type = EventType.memberAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("name"), EventSchema.o("handle"), EventSchema.o("email")]

    public var name: String
    public var handle: String?
    public var email: String?

    public init(name: String, handle: String? = nil, email: String? = nil) {
        self.name = name
        self.handle = handle
        self.email = email
    }

    public init?(data: Fields) {
        guard let name = data.string("name") else { return nil }
        self.init(name: name, handle: data.string("handle"), email: data.string("email"))
    }

    public var data: Fields {
        var data: Fields = ["name": .string(name)]
        data.put("handle", handle)
        data.put("email", email)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        state.members[event.id as String] = Member(id: .init(event.id), name: name, handle: handle, email: email, removed: false,
                                         clock: event.clock)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(MemberRemoved.type, key: "member", id: event.id, undoing: event)
    }
}

/// `member.renamed`: last writer wins; a removed member ignores renames (removal wins).
public struct MemberRenamed: TeamEvent {
    public static let type = EventType.memberRenamed
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "member", skipping: ["email"]) // the email is kept, not folded
    public static let keys = [EventSchema.r("member"), EventSchema.o("name"), EventSchema.o("handle"), EventSchema.o("email")]

    public var member: EntityID<Member>
    public var name: String?
    public var handle: Patch<String>
    /// Accepted in the data but not folded: no command changes a member's email yet.
    public var email: String?

    public init(member: EntityID<Member>, name: String? = nil, handle: Patch<String> = .unchanged, email: String? = nil) {
        self.member = member
        self.name = name
        self.handle = handle
        self.email = email
    }

    public init?(data: Fields) {
        guard let member: EntityID<Member> = data.id("member") else { return nil }
        self.init(member: member, name: data.string("name"), handle: data.patch("handle"), email: data.string("email"))
    }

    public var data: Fields {
        var data: Fields = ["member": .string(member.rawValue)]
        data.put("name", name)
        data.put("handle", handle)
        data.put("email", email)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.members[member], !item.removed else { return }
        if let name { item.name = name }
        handle.apply(to: &item.handle)
        state.members[member] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let prior = before.members[member].map { m -> Fields in
            ["name": .string(m.name), "handle": Compensation.optional(m.handle)]
        }
        return Compensation.edit(event, key: "member", id: member, prior: prior)
    }
}

/// `member.edited`: `member edit` changes the name, handle or email (links a member to a git
/// identity for `me`). Per-key last writer wins; `null` clears the handle or the email; a
/// removed member ignores it. (`member.renamed` never folded its email, so older teamflow
/// reading a newer team's history would have disagreed on it: a new type instead.)
public struct MemberEdited: TeamEvent {
    public static let type = EventType.memberEdited
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "member")
    public static let keys = [EventSchema.r("member"), EventSchema.o("name"), EventSchema.o("handle"), EventSchema.o("email")]

    public var member: EntityID<Member>
    public var name: String?
    public var handle: Patch<String>
    public var email: Patch<String>

    public init(member: EntityID<Member>, name: String? = nil, handle: Patch<String> = .unchanged, email: Patch<String> = .unchanged) {
        self.member = member
        self.name = name
        self.handle = handle
        self.email = email
    }

    public init?(data: Fields) {
        guard let member: EntityID<Member> = data.id("member") else { return nil }
        self.init(member: member, name: data.string("name"), handle: data.patch("handle"), email: data.patch("email"))
    }

    public var data: Fields {
        var data: Fields = ["member": .string(member.rawValue)]
        data.put("name", name)
        data.put("handle", handle)
        data.put("email", email)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.members[member], !item.removed else { return }
        if let name { item.name = name }
        handle.apply(to: &item.handle)
        email.apply(to: &item.email)
        state.members[member] = item
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let prior = before.members[member].map { m -> Fields in
            ["name": .string(m.name), "handle": Compensation.optional(m.handle), "email": Compensation.optional(m.email)]
        }
        return Compensation.edit(event, key: "member", id: member, prior: prior)
    }
}

/// `member.removed`: written by undo only (no `member remove` command yet).
public struct MemberRemoved: RemovalEvent {
    public static let type = EventType.memberRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "member", removes = true, opposite = EventType.memberRestored
    public var id: Member.ID
    public init(id: Member.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Member.ID, removed: Bool) { state.members[id]?.removed = removed }
}

/// `member.restored`: written by undo.
public struct MemberRestored: RemovalEvent {
    public static let type = EventType.memberRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "member", removes = false, opposite = EventType.memberRemoved
    public var id: Member.ID
    public init(id: Member.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Member.ID, removed: Bool) { state.members[id]?.removed = removed }
}
