/// A team member: tasks are assigned to members, named by name or handle.
public struct Member: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var name: String
    /// A short login-like name (`minsu`), matched like the name.
    public var handle: String?
    public var email: String?
    public var removed: Bool
    /// The clock of the adding event: members list in the order they joined.
    public var clock: Int

    public var shortID: String { ShortID.of(id) }

    /// The words a user may type to name this member: the name, the handle and `@handle`.
    public var names: [String] {
        [name] + (handle.map { [$0, "@" + $0] } ?? [])
    }
}

extension Member {
    static func foldAdded(_ state: inout TeamState, _ event: Event) {
        guard let name = event.data.string("name") else { return }
        state.members[event.id] = Member(id: event.id, name: name, handle: event.data.string("handle"),
                                         email: event.data.string("email"), removed: false, clock: event.clock)
    }

    /// Rename: last writer by (clock, id) wins; a removed member ignores renames (removal wins).
    static func foldRenamed(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("member"), var member = state.members[id], !member.removed else { return }
        if let name = event.data.string("name") { member.name = name }
        if let handle = event.data["handle"] { member.handle = handle.string }
        state.members[id] = member
    }

    static func foldRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("member") else { return }
        state.members[id]?.removed = removed
    }
}

extension TeamState {
    /// Live members in the order they were added.
    public var liveMembers: [Member] {
        members.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a live member by name, handle (case-insensitive, NFC) or id prefix.
    public func member(named text: String) throws -> Member {
        try Lookup.resolve(text, in: liveMembers, kind: "member", id: \.id, names: \.names,
                           label: { $0.name + ($0.handle.map { " (@\($0))" } ?? "") })
    }
}
