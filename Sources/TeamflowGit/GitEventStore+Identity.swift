internal import Git
public import TeamflowCore

extension GitEventStore {
    /// Who `me` is in this repository: git's `user.email` and `teamflow.me` (a member's
    /// handle or name), from the repository's git config (local, global, system). A key that
    /// cannot be read counts as unset: `me` then says how to link a member.
    public func callerIdentity() -> CallerIdentity {
        CallerIdentity(email: try? repository.config("user.email"),
                       configured: try? repository.config("teamflow.me"))
    }
}
