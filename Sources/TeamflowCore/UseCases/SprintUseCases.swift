/// Named sprints: add, list, and the sprint's board.
public struct SprintUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds a sprint from `from` to `to` (inclusive); names are unique.
    @discardableResult
    public func add(name: String, from: String, to: String) throws -> Sprint {
        let name = try Validate.text(name, field: .name, of: .sprint)
        let first = try session.day(from), last = try session.day(to)
        guard first <= last else {
            throw TeamflowError(.usage, "the sprint ends (\(last)) before it starts (\(first))", hints: ["Give the first day before the last."],
                                reason: .invalidValue(.to, text: last.description))
        }
        let state = try repository.state()
        if state.liveSprints.contains(where: { Lookup.normalize($0.name) == Lookup.normalize(name) }) {
            throw TeamflowError(.conflict, "a sprint named '\(name)' already exists", reason: .duplicate(.sprint, name: name))
        }
        let (event, after) = try context.append(SprintAdded(name: name, from: first, to: last),
                                                summary: "sprint: add \(name) (\(first) – \(last))")
        return try readBack(after.sprints[event.id], "sprint")
    }

    public func list() throws -> [Sprint] { try repository.state().liveSprints }

    /// The sprint named `name`, or the one holding today.
    public func find(_ name: String?) throws -> Sprint {
        let state = try repository.state()
        if let name { return try Self.resolve(name, in: state) }
        guard let sprint = state.sprint(containing: session.today) else {
            throw TeamflowError(.notFound, "no sprint contains today (\(session.today))",
                                hints: ["Name a sprint, or add one that holds today."],
                                reason: .notFound(.sprint, text: session.today.description, nearest: []))
        }
        return sprint
    }

    /// The live sprint `name` names; when none does, the error lists every known sprint (they
    /// are few), not only the nearest names.
    public static func resolve(_ name: String, in state: TeamState) throws -> Sprint {
        do {
            return try state.sprint(named: name)
        } catch let error as TeamflowError where error.kind == .notFound {
            let known = state.liveSprints.map { "  \($0.name) (\($0.from) – \($0.to))" }
            throw TeamflowError(.notFound, error.message, hints: known.isEmpty ? ["No sprints yet."] : ["Known sprints:"] + known,
                                candidates: error.candidates, reason: error.reason)
        }
    }

    /// An edit's `sprint` key: `--sprint NAME` files the item in that sprint, `--no-sprint` takes it out.
    static func patch(_ name: String?, clear: Bool, in state: TeamState) throws -> Patch<String> {
        if clear {
            guard name == nil else {
                throw TeamflowError(.usage, "a sprint and no sprint contradict each other", hints: ["Give one of them."],
                                    reason: .contradicting(.sprint, .noSprint))
            }
            return .cleared
        }
        return try name.map { .set(try resolve($0, in: state).id.rawValue) } ?? .unchanged
    }

    /// The board of a sprint (default: the one holding today).
    public func board(_ name: String?) throws -> SprintBoard {
        let sprint = try find(name)
        return SprintBoard(state: try repository.state(), sprint: sprint, today: session.today)
    }
}

/// A sprint's board: its goals, then every member's tasks in the sprint (filed in it, or of
/// the weeks inside its dates), then overdue projects. Which goals and tasks those are is
/// `SprintMembership`'s rule, which the sprint's burndown counts by too.
public struct SprintBoard: Sendable, Equatable {
    public var sprint: Sprint
    public var goals: [Goal]
    public var members: [MemberTasks]
    public var unassigned: [TaskNode]
    public var overdue: [Project]
    /// The day the board was made for (`TEAMFLOW_NOW` in `TZ`).
    public var today: Day
    /// Tasks of the sprint done, and all of them (sub-tasks included, as members' tallies count).
    public var done: Int
    public var total: Int
    /// Working days (Monday to Friday) from today, included, to the sprint's last day.
    public var daysLeft: Int
    /// Done and total over the sprint's goals.
    public var goalProgress: (done: Int, total: Int) { (goals.filter(\.done).count, goals.count) }
    /// Done and total over the unassigned tasks (sub-tasks included), as a member's are counted.
    public var unassignedProgress: (done: Int, total: Int) { TaskNode.tally(unassigned) }

    public init(state: TeamState, sprint: Sprint, today: Day) {
        self.sprint = sprint
        self.today = today
        goals = state.goals(in: sprint)
        let tasks = state.tasks(in: sprint)
        (members, unassigned) = TaskNode.group(tasks, in: state, asOf: today)
        overdue = state.overdueProjects(today: today)
        done = tasks.filter(\.done).count
        total = tasks.count
        daysLeft = sprint.workingDaysLeft(today: today)
    }
}
