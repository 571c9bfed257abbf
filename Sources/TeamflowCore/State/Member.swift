/// A team member: tasks are assigned to members, named by name or handle.
public struct Member: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<Member>
    public var name: String
    /// A short login-like name (`minsu`), matched like the name.
    public var handle: String?
    public var email: String?
    public var removed: Bool
    /// The clock of the adding event: members list in the order they joined.
    public var clock: Int

    public var shortID: String { id.short }

    /// The words a user may type to name this member: the name, the handle and `@handle`.
    public var names: [String] {
        [name] + (handle.map { [$0, "@" + $0] } ?? [])
    }
}

extension TeamState {
    /// Live members in the order they were added.
    public var liveMembers: [Member] {
        members.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a live member by name, handle (case-insensitive, NFC) or id prefix.
    public func member(named text: String) throws -> Member {
        try Lookup.resolve(text, in: liveMembers, kind: .member, id: \.id, names: \.names,
                           label: { $0.name + ($0.handle.map { " (@\($0))" } ?? "") })
    }
}
