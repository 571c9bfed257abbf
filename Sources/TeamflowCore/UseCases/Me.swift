/// What links the caller to a member: git's `user.email`, and `teamflow.me` in git config (a
/// member's handle or name) for someone whose email is not on any member.
public struct CallerIdentity: Sendable, Equatable {
    public var email: String?
    public var configured: String?

    public init(email: String? = nil, configured: String? = nil) {
        self.email = email?.trimmingSpaces.isEmpty == false ? email?.trimmingSpaces : nil
        self.configured = configured?.trimmingSpaces.isEmpty == false ? configured?.trimmingSpaces : nil
    }
}

extension Session {
    /// The word that names the caller wherever a member is named (`--member me`).
    public static let meWord = "me"

    /// Whether `text` is `me` (any case, spaces around ignored).
    public static func isMe(_ text: String) -> Bool { text.trimmingSpaces.lowercased() == meWord }

    /// The member who is the caller: the one whose email is git's `user.email`, else the one
    /// `teamflow.me` names. No match is an error (exit 1) saying how to link one.
    public func me(in state: TeamState) throws -> Member {
        if let member = try linkedMember(in: state) { return member }
        throw TeamflowError(.notFound, "no member is you" + (identity.email.map { " (no member has the email \($0))" } ?? " (git's user.email is not set)"),
                            hints: ["Link yourself to a member by giving it your git email,",
                                    "or name your member in git config: git config teamflow.me HANDLE"],
                            reason: .meNotLinked(email: identity.email))
    }

    /// The caller's member, nil when none is linked. Several members with the caller's email
    /// are ambiguous (an error listing them), never a guess.
    public func linkedMember(in state: TeamState) throws -> Member? {
        if let email = identity.email?.lowercased() {
            let owners = state.liveMembers.filter { $0.email?.trimmingSpaces.lowercased() == email }
            if owners.count > 1 {
                throw TeamflowError(.ambiguous, "several members have the email \(email):",
                                    hints: owners.map { "  \($0.shortID)  \($0.name)" } + ["Clear the others' email."],
                                    reason: .meAmbiguous(email: email))
            }
            if let owner = owners.first { return owner }
        }
        guard let configured = identity.configured else { return nil }
        return try state.member(named: configured)
    }

    /// The member `text` names: `me` is the caller, anything else a name, handle or id prefix.
    public func member(_ text: String, in state: TeamState) throws -> Member {
        Self.isMe(text) ? try me(in: state) : try state.member(named: text)
    }
}
