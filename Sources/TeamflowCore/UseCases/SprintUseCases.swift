/// Named sprints: add, list, and the sprint's board.
public struct SprintUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds a sprint from `from` to `to` (inclusive); names are unique.
    @discardableResult
    public func add(name: String, from: String, to: String) throws -> Sprint {
        let name = try Validate.text(name, what: "sprint name", example: "teamflow sprint add \"Sprint 12\" --from 2024-11-18 --to 2024-11-29")
        let first = try session.day(from), last = try session.day(to)
        guard first <= last else {
            throw TeamflowError(.usage, "the sprint ends (\(last)) before it starts (\(first))", hints: ["Give --from DATE --to DATE with --from first."])
        }
        let state = try repository.state()
        if state.liveSprints.contains(where: { Lookup.normalize($0.name) == Lookup.normalize(name) }) {
            throw TeamflowError(.conflict, "a sprint named '\(name)' already exists", hints: ["See `teamflow sprint list`."])
        }
        let (event, after) = try context.append(SprintAdded(name: name, from: first, to: last),
                                                summary: "sprint: add \(name) (\(first) – \(last))")
        return try readBack(after.sprints[event.id], "sprint")
    }

    public func list() throws -> [Sprint] { try repository.state().liveSprints }

    /// The sprint named `name`, or the one holding today.
    public func find(_ name: String?) throws -> Sprint {
        let state = try repository.state()
        if let name { return try state.sprint(named: name) }
        guard let sprint = state.sprint(containing: session.today) else {
            throw TeamflowError(.notFound, "no sprint contains today (\(session.today))",
                                hints: ["Name one: teamflow sprint NAME, or add one: teamflow sprint add NAME --from DATE --to DATE."])
        }
        return sprint
    }

    /// The board of a sprint (default: the one holding today).
    public func board(_ name: String?) throws -> SprintBoard {
        let sprint = try find(name)
        return SprintBoard(state: try repository.state(), sprint: sprint, today: session.today)
    }
}

/// A sprint's board: its goals, then every member's tasks in the sprint, then overdue projects.
public struct SprintBoard: Sendable, Equatable {
    public var sprint: Sprint
    public var goals: [Goal]
    public var members: [MemberTasks]
    public var unassigned: [TaskNode]
    public var overdue: [Project]

    public init(state: TeamState, sprint: Sprint, today: Day) {
        self.sprint = sprint
        goals = state.goals(in: sprint)
        (members, unassigned) = TaskNode.group(state.liveTasks { $0.sprint == sprint.id }, in: state)
        overdue = state.overdueProjects(today: today)
    }
}
