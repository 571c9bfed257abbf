import Foundation

/// A task as the task commands print it: with its member's display name.
public struct TaskView: Sendable, Equatable {
    public var task: TeamTask
    /// The assigned member's name, nil when unassigned (or the member is unknown).
    public var memberName: String?

    /// A task and its member's name.
    public init(task: TeamTask, memberName: String?) {
        self.task = task
        self.memberName = memberName
    }
}

/// Tasks in the order a list shows them, each with its member's current name. The tasks stay
/// as the state gave them, with the names beside them: a view per task copied each task (a
/// list of 10,000: ~15 % of its instructions).
public struct TaskList: Sendable, Equatable {
    /// The tasks, in list order.
    public let tasks: [TeamTask]
    /// `memberNames[i]` is the name of `tasks[i]`'s member: nil when unassigned or unknown.
    public let memberNames: [String?]

    /// `tasks` with their members' names (`memberNames` holds one per task).
    public init(tasks: [TeamTask], memberNames: [String?]) {
        precondition(tasks.count == memberNames.count, "one name (or nil) per task")
        self.tasks = tasks
        self.memberNames = memberNames
    }

    public var count: Int { tasks.count }
    public var isEmpty: Bool { tasks.isEmpty }

    /// Each task as a view (a copy of each).
    public var views: [TaskView] { tasks.indices.map { TaskView(task: tasks[$0], memberName: memberNames[$0]) } }
}

/// Read-only questions the executable asks: each returns exactly what a presenter needs, so a
/// command handler never reads the repository's state or combines results itself.
public struct Queries {
    /// The history asked about.
    public let repository: any EventRepository
    /// Whose "today" and "this week" count.
    public let session: Session

    /// Queries over `repository` as seen by `session`.
    public init(repository: any EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    /// `task` with its member's current name.
    public func view(_ task: TeamTask) throws -> TaskView {
        try views([task])[0]
    }

    /// Each task with its member's current name (one read of the state for all).
    public func views(_ tasks: [TeamTask]) throws -> [TaskView] {
        var names = MemberNames(state: try repository.state())
        return tasks.map { TaskView(task: $0, memberName: names.name($0.member)) }
    }

    /// The tasks matching `filter`, with their members' names.
    public func tasks(_ filter: TaskUseCases.Filter) throws -> [TaskView] {
        try taskList(filter).views
    }

    /// The tasks matching `filter` in list order, with their members' names beside them.
    public func taskList(_ filter: TaskUseCases.Filter) throws -> TaskList {
        let state = try repository.state()
        var names = MemberNames(state: state)
        let tasks = try TaskUseCases(repository: repository, session: session).list(filter, in: state)
        return TaskList(tasks: tasks, memberNames: tasks.indices.map { names.name(tasks[$0].member) })
    }

    /// How far `epic` is, counting its tasks in the current state.
    public func progress(of epic: Epic) throws -> EpicProgress {
        try repository.state().progress(of: epic)
    }

    /// The board of the week named by `week` (an ISO week or a date in it; nil: this week).
    public func weekBoard(_ week: String?) throws -> WeekBoard {
        let week = try session.week(week)
        return WeekBoard(state: try repository.state(), week: week, today: session.today)
    }

    /// The kinds of names `completionNames(_:)` lists.
    public static let completionKinds = ["members", "projects", "epics", "sprints"]

    /// Names for shell completion: members (name and handle), projects, epics or sprints.
    /// Static: completion needs no author or clock, only the history.
    public static func completionNames(_ kind: String, in repository: any EventRepository) throws -> [String] {
        let state = try repository.state()
        switch kind {
        case "members": return state.liveMembers.flatMap { [$0.name] + ($0.handle.map { [$0] } ?? []) }
        case "projects": return state.liveProjects.map(\.name)
        case "epics": return state.liveEpics.map(\.title)
        case "sprints": return state.liveSprints.map(\.name)
        default:
            throw TeamflowError(.usage, "unknown kind '\(kind)'", hints: ["Use one of: \(Self.completionKinds.joined(separator: ", "))."])
        }
    }
}

/// Members' names as a state has them, each member read once: a list of 10,000 tasks names a
/// handful of members, mostly one after another (reading the state per task was a sixth of
/// such a list).
struct MemberNames {
    let state: TeamState
    private var last: (id: Member.ID, name: String?)?
    private var names: [Member.ID: String?] = [:]

    init(state: TeamState) { self.state = state }

    /// The name of `id`'s member; nil for no member or an unknown one.
    mutating func name(_ id: Member.ID?) -> String? {
        guard let id else { return nil }
        if let last, last.id == id { return last.name }
        let name: String?
        if let known = names[id] {
            name = known
        } else {
            name = state.members[id]?.name
            names[id] = name
        }
        last = (id, name)
        return name
    }
}
