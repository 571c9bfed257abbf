internal import Git
import TeamflowCore

/// A shallow events history (`git fetch --depth 1 origin refs/teamflow/events:...`): its oldest
/// commit's parents were never fetched, and walking past it failed with a raw "object not
/// found". teamflow does not fetch the rest by itself (`--unshallow` also completes every other
/// shallow branch of the clone, which can be the whole code history); it says what happened
/// and the command that fixes it.
extension GitEventStore {
    /// The commit where the history reachable from `tips` stops because it was fetched
    /// shallow, when `error` is an object missing for that reason; nil otherwise (corruption,
    /// or another error), so the caller rethrows.
    func shallowBoundary(explaining error: any Error, tips: [ObjectID?]) -> ObjectID? {
        guard let error = error as? GitError, error.kind == .notFound else { return nil }
        return (try? repository.shallowBoundary(reachableFrom: tips.compactMap { $0 })) ?? nil
    }

    /// The command that fetches the whole events history from `remote`.
    func unshallowCommand(remote: String) -> String {
        "git fetch --unshallow \(remote) \(ref)"
    }

    /// Why a sync with `remote` stopped at the shallow `boundary`, and how to fix it.
    func shallowSyncError(boundary: ObjectID, remote: String) -> TeamflowError {
        TeamflowError(.failure, "the history of \(ref) here is shallow (fetched with --depth): the parents of commit \(boundary.hex.prefix(8)) were never fetched, so it cannot be compared with \(remote)'s",
                      hints: ["Fetch the whole history of the events, then sync again:",
                              "  \(unshallowCommand(remote: remote))",
                              "(git then also completes the other shallow branches of this clone.) Your events are safe locally; nothing was pushed."])
    }

    /// `doctor`'s report of the same: the clock check needs every commit.
    func shallowDiagnostic(boundary: ObjectID) -> Diagnostic {
        Diagnostic(path: ref, severity: .error,
                   message: "the history is shallow (fetched with --depth): the parents of commit \(boundary.hex.prefix(8)) were never fetched, so clocks were not checked; fetch the whole history with `\(unshallowCommand(remote: "origin"))` (or your events' remote)")
    }
}
