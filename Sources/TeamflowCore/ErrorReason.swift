/// The kinds of things a user names: what a lookup failure is about.
public enum EntityKind: String, Sendable, Equatable, CaseIterable {
    case task, goal, epic, project, sprint, member, review, event
    case recurringGoal = "recurring goal"
    case wikiPage = "wiki page"

    /// The noun a message uses (`task`, `recurring goal`).
    public var noun: String { rawValue }
}

/// A field of a request a use case validates: what a front-end names with its own words (the
/// command line with `--title`, a web form with its label).
public enum RequestField: String, Sendable, Equatable, CaseIterable {
    case title, name, handle, email, week, from, to, due, pr, until, every, sprint, noSprint
    case project, epic, parent, member, description, text, body, status, kind, weeks, remote, all, points, label
    case since, state, last, open
    /// Requests a second (the web board's per-client limit).
    case rate
}

extension TeamflowError {
    /// What went wrong, with its context, for a front-end to word and explain in its own
    /// terms. The library's `message` and `hints` say it plainly and name no command or flag;
    /// the `teamflow` executable renders these cases with its commands and options.
    public enum Reason: Sendable, Equatable {
        /// Nothing of `kind` is called `text`; `nearest` are the closest names (maybe none).
        case notFound(EntityKind, text: String, nearest: [Candidate])
        /// Several things of `kind` match `text`.
        case ambiguous(EntityKind, text: String, candidates: [Candidate])
        /// An id prefix shorter than `ShortID.minimumPrefix`.
        case idTooShort(EntityKind, text: String)
        /// A name or id of `kind` was required and is empty.
        case emptyName(EntityKind)
        /// A required text (`field` of a new or edited thing) is empty or not one line.
        case invalidText(RequestField, of: EntityKind?)
        /// `text` is not a valid value for `field`.
        case invalidValue(RequestField, text: String)
        /// An edit that changes nothing; `fields` are what it could change.
        case nothingToChange([RequestField])
        /// Two fields of one request contradict each other.
        case contradicting(RequestField, RequestField)
        /// A thing of `kind` named `name` already exists.
        case duplicate(EntityKind, name: String)
        /// The thing is removed already; nothing was written.
        case alreadyRemoved(EntityKind, id: String, label: String)
        /// The event is undone already.
        case alreadyUndone(eventID: String)
        /// The caller has no change left to undo.
        case nothingToUndo
        /// A carry into a week that is not later than the one carried from.
        case carryBackwards(from: String, to: String)
        /// A carry the weeks' rules refuse (too far, a week that does not exist).
        case carry(from: String, to: String)
        /// A request lacks `field` (of a `kind`).
        case missing(RequestField, of: EntityKind?)
        /// A page or file names things of `kind` the team does not have.
        case unknownNames(EntityKind, [String])
        /// The thing still has `dependents` things attached; removing it needs a forced detach.
        case inUse(EntityKind, dependents: Int)
        /// No member is the caller (`email`: git's `user.email`, nil when unset).
        case meNotLinked(email: String?)
        /// Several members have the caller's `email`.
        case meAmbiguous(email: String)
        /// A sync could not finish; the local events are kept and the same sync can run again.
        case syncAgain(remote: String)
        /// The remote's events share no history with the local ones (recreated or force-pushed).
        case unrelatedHistories(remote: String)
        /// The history itself is damaged (an oversized clock, two contents for one event).
        case damagedHistory
    }
}
