public import Foundation
public import TeamflowCore
public import TeamflowGit

/// A team's history in a git repository, opened for a program: the facade over the event
/// store, the use cases and the read model that the `teamflow` command itself runs on.
///
/// ```swift
/// let team = try Team.open(at: URL(fileURLWithPath: "path/to/repo"))
/// let goal = try team.goals.add(title: "Ship the login screen")
/// let task = try team.tasks.add(title: "Token storage", .init(member: "minsu"))
/// try team.tasks.check(task.id)
/// let board = try team.week()          // this week's `WeekBoard`
/// ```
///
/// Every write is one commit on the events ref, authored by `author`, and the working tree,
/// the index and the checked-out branch are never touched. Failures throw `TeamflowError`
/// (see docs/LIBRARY.md for the others an export or the scaffolding may throw).
///
/// A `Team` is not `Sendable`: it keeps the store's state cache in memory and is meant for one
/// thread (or one actor) at a time. Open one per task that needs it; the values it returns
/// (`TeamState`, `WeekBoard`, `Goal`, `TeamTask`, ...) are `Sendable` and can go anywhere.
public final class Team {
    /// The event store: its ref (`refs/teamflow/events`, or what `git config teamflow.ref`
    /// names), history, import/export, doctor's checks. Set `store.onDiagnostic` to hear about
    /// corrupt events while reading (the default ignores them; `teamflow doctor` lists them).
    public let store: GitEventStore
    /// Where "now" comes from, read at each operation.
    public let clock: TeamClock
    /// The zone of the team's calendar: which day and ISO week "now" falls in.
    public let timeZone: TimeZone
    /// The author of new events; nil means writes fail with `TeamflowError.noAuthor()`.
    public let author: Author?
    /// Who `me` is (git's `user.email`, `teamflow.me`), for `--member me`-style names.
    public let identity: CallerIdentity

    init(store: GitEventStore, clock: TeamClock, timeZone: TimeZone, author: Author?, identity: CallerIdentity) {
        self.store = store
        self.clock = clock
        self.timeZone = timeZone
        self.author = author
        self.identity = identity
    }

    /// Opens the repository containing `url` the way the `teamflow` command does: clock,
    /// zone and author from `environment` (`TEAMFLOW_NOW`, `TZ` else git config `teamflow.zone`,
    /// `TEAMFLOW_AUTHOR` else git's `user.name`/`user.email`; see `TeamEnvironment`). Throws `TeamflowError` when `url` is
    /// not a folder in a git repository or a setting is malformed.
    public static func open(at url: URL,
                            environment: TeamEnvironment = .current(from: ProcessInfo.processInfo.environment)) throws -> Team {
        let store = try openStore(at: url)
        let author = try environment.author(store: store)
        let clock = try environment.fixedNow().map(TeamClock.fixed) ?? .system
        return Team(store: store, clock: clock, timeZone: try environment.timeZone(settings: store.settings()), author: author,
                    identity: store.callerIdentity())
    }

    /// Opens the repository containing `url` with everything given, nothing read from the
    /// environment: `clock` and `timeZone` decide "now" and "this week"; `author` writes new
    /// events (nil: git's `user.name`/`user.email` in that repository, if set).
    public static func open(at url: URL, clock: TeamClock, timeZone: TimeZone, author: Author? = nil) throws -> Team {
        let store = try openStore(at: url)
        let resolved = try TeamEnvironment().author(explicit: author, store: store)
        return Team(store: store, clock: clock, timeZone: timeZone, author: resolved, identity: store.callerIdentity())
    }

    /// The store of the repository around `url`, a folder that must exist.
    private static func openStore(at url: URL) throws -> GitEventStore {
        guard url.isFileURL else {
            throw TeamflowError(.usage, "'\(url.absoluteString)' is not a file URL", hints: ["Open a folder on this machine."])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TeamflowError(.failure, "no such folder: \(url.path)")
        }
        return try GitEventStore.open(at: url.path)
    }

    // MARK: Who acts, and when

    /// The session of an operation starting now: the author, the clock's current instant, the
    /// zone and the caller's identity. Each use-case accessor below takes a fresh one.
    public func session() -> Session {
        Session(author: author, now: clock.now(), timeZone: timeZone, identity: identity)
    }

    /// Runs `body` with this team acting as the member named `memberName` (a name, handle or
    /// id prefix): its events are authored by that member (their name and recorded email),
    /// and each records this team's author in the envelope key `recordedBy`, so the history
    /// says who wrote them for whom. Throws `TeamflowError` when no such member exists, or when
    /// the member has no email (an author needs one: `member edit NAME --email E` adds it).
    public func acting<T>(as memberName: String, _ body: (Team) throws -> T) throws -> T {
        guard let recorder = author else { throw TeamflowError.noAuthor() }
        let member = try state().member(named: memberName)
        guard let email = member.email, !email.isEmpty else {
            throw TeamflowError(.usage, "\(member.name) has no email, so nothing can be written as them",
                                hints: ["Record the member's email first (the author of an event needs one)."],
                                reason: .missing(.email, of: .member))
        }
        let actor = Team(store: store, clock: clock, timeZone: timeZone, author: Author(name: member.name, email: email), identity: identity)
        store.recordedBy = recorder
        defer { store.recordedBy = nil }
        return try body(actor)
    }

    // MARK: Writing (each accessor is a use case over the store, as of now)

    /// Weekly goals: add, check, uncheck, edit, remove, and recurring ones (`addRecurring`, `stop`).
    public var goals: GoalUseCases { GoalUseCases(repository: store, session: session()) }
    /// Monday's carry of last week's open tasks into this week (`carry(from:to:)`).
    public var weeks: WeekUseCases { WeekUseCases(repository: store, session: session()) }
    /// Members' tasks: add (sub-tasks too), check, start, assign, edit, remove, list.
    public var tasks: TaskUseCases { TaskUseCases(repository: store, session: session()) }
    /// Members: add, rename, edit (email links a member to a git identity), remove.
    public var members: MemberUseCases { MemberUseCases(repository: store, session: session()) }
    /// Projects and their due dates.
    public var projects: ProjectUseCases { ProjectUseCases(repository: store, session: session()) }
    /// Epics inside projects.
    public var epics: EpicUseCases { EpicUseCases(repository: store, session: session()) }
    /// Sprints: named date ranges that work is filed in.
    public var sprints: SprintUseCases { SprintUseCases(repository: store, session: session()) }
    /// Pull-request review notes and their comments.
    public var reviews: ReviewUseCases { ReviewUseCases(repository: store, session: session()) }
    /// Retrospective entries.
    public var retros: RetroUseCases { RetroUseCases(repository: store, session: session()) }
    /// Wiki pages kept as events (not the export: see `exportWiki(to:language:)`).
    public var wikiPages: WikiUseCases { WikiUseCases(repository: store, session: session()) }

    /// Records the team's name (`teamflow init --team`); idempotent.
    @discardableResult
    public func initialize(teamName: String?) throws -> InitUseCase.Outcome {
        try InitUseCase(repository: store).initialize(team: teamName, session: { self.session() })
    }

    /// Appends the compensating event of `eventID`'s change (nil: the author's last change).
    @discardableResult
    public func undo(_ eventID: String? = nil) throws -> UndoUseCase.Outcome {
        try UndoUseCase(repository: store, session: session()).undo(eventID)
    }

    // MARK: Reading (the read model every view renders)

    /// The read-only queries (task lists, standup, burndown and velocity series, ...).
    public var queries: Queries { Queries(repository: store, session: session()) }

    /// The whole derived state, folded from the history (served from the cache when fresh).
    public func state() throws -> TeamState { try store.state() }

    /// The board of a week, exactly what `teamflow week` prints and the wiki and the site
    /// render: `week` is an ISO week (`2024-W47`) or a date in it; nil is this week.
    /// Overdue is judged as of today by the clock.
    public func week(_ week: String? = nil) throws -> WeekBoard {
        try queries.weekBoard(week)
    }

    /// The board of `week`, overdue judged as of today by the clock.
    public func week(_ week: ISOWeek) throws -> WeekBoard {
        WeekBoard(state: try store.state(), week: week, today: session().today)
    }
}
