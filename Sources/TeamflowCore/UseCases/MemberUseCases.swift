/// Team members: add, rename, edit, list. Tasks name members by name, handle or id prefix.
public struct MemberUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds a member; a name or handle already in use is refused (it would make lookups ambiguous).
    @discardableResult
    public func add(name: String, handle: String? = nil, email: String? = nil) throws -> Member {
        let name = try Validate.text(name, field: .name, of: .member)
        let handle = try handle.map(Self.validHandle)
        let state = try repository.state()
        let taken = Set(state.liveMembers.flatMap(\.names).map(Lookup.normalize))
        for word in [name] + (handle.map { [$0] } ?? []) where taken.contains(Lookup.normalize(word)) {
            throw TeamflowError(.conflict, "a member named '\(word)' already exists",
                                hints: ["Pick another name or handle."], reason: .duplicate(.member, name: word))
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
        let member = try session.member(who, in: state)
        var rename = MemberRenamed(member: member.id)
        if let newName {
            let name = try Validate.text(newName, field: .name, of: .member)
            let clash = state.liveMembers.contains { $0.id != member.id && $0.names.map(Lookup.normalize).contains(Lookup.normalize(name)) }
            if clash { throw TeamflowError(.conflict, "a member named '\(name)' already exists", reason: .duplicate(.member, name: name)) }
            rename.name = name
        }
        if let handle { rename.handle = .set(try Self.validHandle(handle)) }
        let after = try context.appendEdit(rename, summary: "member: rename \(member.name)", fields: [.name, .handle])
        return try readBack(after.members[member.id], "member")
    }

    /// What `member edit` may change; `none` clears the handle or the email.
    public struct Changes: Sendable {
        public var name: String?
        public var handle: String?
        public var email: String?

        public init(name: String? = nil, handle: String? = nil, email: String? = nil) {
            self.name = name
            self.handle = handle
            self.email = email
        }
    }

    /// Changes a member's name, handle or email (`member.edited`). The email links the member
    /// to a git identity for `me`; a name or handle another member has is refused.
    @discardableResult
    public func edit(_ who: String, _ changes: Changes) throws -> Member {
        let state = try repository.state()
        let member = try session.member(who, in: state)
        var edit = MemberEdited(member: member.id)
        let others = Set(state.liveMembers.filter { $0.id != member.id }.flatMap(\.names).map(Lookup.normalize))
        if let name = changes.name {
            edit.name = try Validate.text(name, field: .name, of: .member)
        }
        if let handle = changes.handle {
            edit.handle = Validate.isClearing(handle) ? .cleared : .set(try Self.validHandle(handle))
        }
        var words = edit.name.map { [$0] } ?? []
        if case .set(let handle) = edit.handle { words.append(handle) }
        for word in words where others.contains(Lookup.normalize(word)) {
            throw TeamflowError(.conflict, "a member named '\(word)' already exists",
                                hints: ["Pick another name or handle."], reason: .duplicate(.member, name: word))
        }
        if let email = changes.email {
            edit.email = Validate.isClearing(email) ? .cleared : .set(try Self.validEmail(email))
        }
        let after = try context.appendEdit(edit, summary: "member: edit \(member.name)", fields: [.name, .handle, .email])
        return try readBack(after.members[member.id], "member")
    }

    /// Live members in the order they joined.
    public func list() throws -> [Member] { try repository.state().liveMembers }

    /// Finds a member by name, handle or id prefix.
    public func find(_ text: String) throws -> Member { try session.member(text, in: repository.state()) }

    static func validEmail(_ text: String) throws -> String {
        let email = text.trimmingSpaces
        guard email.contains("@"), !email.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "<" || $0 == ">" }) else {
            throw TeamflowError(.usage, "invalid email '\(text)'", hints: ["An email has an @, as geonwoo@example.com."],
                                reason: .invalidValue(.email, text: text))
        }
        return email
    }

    static func validHandle(_ text: String) throws -> String {
        var handle = text.trimmingSpaces
        if handle.hasPrefix("@") { handle.removeFirst() }
        guard !handle.isEmpty, !handle.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
            throw TeamflowError(.usage, "invalid handle '\(text)'", hints: ["A handle is one word, as minsu."],
                                reason: .invalidValue(.handle, text: text))
        }
        return handle
    }
}
