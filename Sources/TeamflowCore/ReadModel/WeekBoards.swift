/// The board of every week at once, for the views that show many weeks (the wiki and the
/// site): the state is scanned once and each week's board is built from its share, so a page
/// per week costs no scan of the whole history each.
///
/// A board from here equals `WeekBoard(state:week:today:)` for the same week and day; that is
/// what makes every view of a week agree with `teamflow week`.
public struct WeekBoards: Sendable {
    public let state: TeamState
    /// Weeks with any data (goals, tasks filed or carried out, retro entries, reviews), newest first.
    public let weeks: [ISOWeek]
    private let tasksByWeek: [String: [TeamTask]]
    private let openWithDue: [TeamTask]
    private let goalsByWeek: [String: [Goal]]
    /// Goals carried out of each week (the records its board keeps), in the order they were added.
    private let carriedOutGoals: [String: [Goal]]
    private let rules: [GoalRule]
    private var sprintGoals: [Sprint.ID: [Goal]] = [:]

    public init(state: TeamState) {
        self.state = state
        var byWeek: [String: [TeamTask]] = [:]
        var openWithDue: [TeamTask] = []
        for task in state.liveTasks {
            byWeek[task.week, default: []].append(task)
            var recorded = Set<String>()
            for carry in task.carries where task.isCarried(outOf: carry.from) && recorded.insert(carry.from).inserted {
                byWeek[carry.from, default: []].append(task)
            }
            if task.due != nil && !task.done { openWithDue.append(task) }
        }
        // Appended in task order, but a carried task joins its old week's list out of order.
        tasksByWeek = byWeek.mapValues { $0.sortedByClock() }
        self.openWithDue = openWithDue
        let liveGoals = state.goals.values { !$0.removed }
        goalsByWeek = Dictionary(grouping: liveGoals, by: \.week)
        var carriedOut: [String: [Goal]] = [:]
        for goal in liveGoals {
            for week in Set(goal.carries.map(\.from)) where goal.isCarried(outOf: week) { carriedOut[week, default: []].append(goal) }
        }
        carriedOutGoals = carriedOut.mapValues { $0.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) } }
        rules = state.goalRules.values { _ in true }
        for sprint in state.liveSprints { sprintGoals[sprint.id] = state.goals(in: sprint) }
        let keys = Set(tasksByWeek.keys).union(goalsByWeek.keys).union(carriedOutGoals.keys).union(state.retros().map(\.week))
            .union(state.liveReviews.map(\.week))
        // Only well-formed weeks get a board (a hand-written event may carry anything).
        weeks = Set(keys.compactMap(ISOWeek.init(parsing:)).filter { keys.contains($0.description) }).sorted(by: >)
    }

    /// The board of `week` with overdue judged on `asOf`.
    public func board(_ week: ISOWeek, asOf: Day) -> WeekBoard {
        let key = week.description
        let sprint = state.sprint(overlapping: week)
        return WeekBoard(state: state, week: week, asOf: asOf,
                         goals: state.goalsWithInstances(in: week, rules: rules, weekGoals: goalsByWeek[key] ?? []),
                         sprint: sprint, sprintGoals: sprint.flatMap { sprintGoals[$0.id] } ?? [],
                         weekTasks: tasksByWeek[key] ?? [], overdueCandidates: openWithDue,
                         carriedOutGoals: carriedOutGoals[key] ?? [])
    }
}
