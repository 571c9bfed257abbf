/// The week's board: what `teamflow week` shows, and what every other view of a week (the
/// wiki's week page, the site's week page and dashboard) renders. Every fact a view shows is
/// here, derived once: which goals and tasks belong (carried in and out, recurring
/// instances), their status, what is overdue as of `asOf`, and the counts.
///
/// Team goals of the week (and of the sprint overlapping it), then every member with tasks
/// that week (sub-tasks nested under their parents; tasks carried in first, tasks carried out
/// kept as a record), then the open tasks of any week past their due date, then the projects
/// overdue on `asOf`.
public struct WeekBoard: Sendable, Equatable {
    public var week: ISOWeek
    public var start: Day
    public var end: Day
    /// The day "overdue" is judged on: today for the terminal and the site; the week's last day
    /// for the wiki, whose pages depend on the events alone.
    public var asOf: Day
    /// Goals of the week that are not in a sprint (recurring instances included).
    public var goals: [Goal]
    /// The sprint overlapping the week, if any, and its goals.
    public var sprint: Sprint?
    public var sprintGoals: [Goal]
    /// Members with tasks this week, in the order they joined.
    public var members: [MemberTasks]
    /// Tasks of the week with no (live) member.
    public var unassigned: [TaskNode]
    public var overdue: [Project]
    /// Open tasks of any week whose due date is before `asOf`, earliest due first (no sub-tasks nested).
    public var overdueTasks: [TaskNode] = []
    /// The week's goal lines as every view shows them: `goals` with their owners and where
    /// they were carried from, then the records of goals carried out of the week.
    public var goalLines: [GoalLine] = []
    /// The sprint's goal lines (owners; sprint goals are not carried).
    public var sprintGoalLines: [GoalLine] = []

    /// Done and total over the week's goal lines (a carried-away record counts, never done).
    public var goalProgress: (done: Int, total: Int) { (goalLines.filter(\.countsDone).count, goalLines.count) }

    /// Goals of the week done (sprint goals are counted apart, in `sprintDoneCount`).
    public var doneCount: Int { goals.filter(\.done).count }
    public var sprintDoneCount: Int { sprintGoals.filter(\.done).count }
    /// Done and total over the unassigned tasks (sub-tasks included; a carried-away record is never done).
    public var unassignedProgress: (done: Int, total: Int) { TaskNode.tally(unassigned) }
    /// Every task line of the week (members' and unassigned, sub-tasks included), in board order.
    public var allTaskNodes: [TaskNode] { (members.flatMap(\.tasks) + unassigned).flatMap(\.flattenedNodes) }
}

/// A goal on a board: its owner's name and, on a week's board, where it was carried from or
/// (for the record a carry left behind) to.
public struct GoalLine: Sendable, Equatable {
    public var goal: Goal
    /// The owner's name, resolved for display.
    public var ownerName: String?
    /// The week the goal was carried in from (nil: filed here).
    public var carriedFrom: String? = nil
    /// The week the goal went to, when this line is the record a carry left behind.
    public var carriedTo: String? = nil

    /// Done on this board: a carried-away record never is.
    public var countsDone: Bool { goal.done && carriedTo == nil }

    /// The line of `goal` on its own week's board, its owner named from `state`.
    public init(_ goal: Goal, in state: TeamState) {
        self = GoalLine.lines([goal], carriedOut: [], week: goal.week, in: state)[0]
    }

    init(goal: Goal, ownerName: String?, carriedFrom: String? = nil, carriedTo: String? = nil) {
        self.goal = goal
        self.ownerName = ownerName
        self.carriedFrom = carriedFrom
        self.carriedTo = carriedTo
    }

    /// The lines of `goals` filed in `week` and, after them, of `carriedOut` (goals carried away).
    static func lines(_ goals: [Goal], carriedOut: [Goal], week: String, in state: TeamState) -> [GoalLine] {
        let owner = { (goal: Goal) in goal.member.flatMap { state.members[$0] }.flatMap { $0.removed ? nil : $0.name } }
        return goals.map { GoalLine(goal: $0, ownerName: owner($0), carriedFrom: $0.carriedFrom(into: week)) }
            + carriedOut.map { GoalLine(goal: $0, ownerName: owner($0), carriedTo: $0.carriedTo(outOf: week)) }
    }
}

/// A task on a board with its sub-tasks nested.
public struct TaskNode: Sendable, Equatable {
    public var task: TeamTask
    /// The assignee's name, resolved for display.
    public var memberName: String?
    public var subtasks: [TaskNode]
    /// On a week's board: the week the task was carried in from (nil: filed here).
    public var carriedFrom: String? = nil
    /// On a week's board: the week the task was carried to, when this line is the record a
    /// carry left behind (not done here, whatever its status is now).
    public var carriedTo: String? = nil
    /// Open and past its due date on the board's `asOf` (never a finished task, never a line a
    /// carry left behind: that task is judged in the week it went to).
    public var isOverdue: Bool = false
    /// The task's links (`#95`, with the PR's address when known).
    public var links: [TaskLinkView] = []

    /// In progress on this board (a carried-away record is not: the work goes on elsewhere).
    public var isDoing: Bool { task.status == .doing && carriedTo == nil }

    /// Filed on this board after a carry from an earlier week.
    public var isCarriedIn: Bool { carriedFrom != nil && carriedTo == nil }

    /// Done on this board: a carried-away record never is.
    public var countsDone: Bool { task.done && carriedTo == nil }

    /// This task and every nested sub-task, depth first.
    public var flattened: [TeamTask] { [task] + subtasks.flatMap(\.flattened) }

    /// This node and every nested one, depth first.
    public var flattenedNodes: [TaskNode] { [self] + subtasks.flatMap(\.flattenedNodes) }

    /// Done and total over `nodes` and every nested one, counted in place (`flattenedNodes`
    /// would copy each node, sub-trees included, once per level).
    static func tally(_ nodes: [TaskNode]) -> (done: Int, total: Int) {
        var done = 0, total = 0
        func visit(_ nodes: [TaskNode]) {
            for node in nodes {
                total += 1
                if node.countsDone { done += 1 }
                visit(node.subtasks)
            }
        }
        visit(nodes)
        return (done, total)
    }
}

/// One member's tasks on a board, with progress over all of them (sub-tasks included).
public struct MemberTasks: Sendable, Equatable {
    public var member: Member
    public var tasks: [TaskNode]
    public var done: Int
    public var total: Int
}

extension WeekBoard {
    /// Builds the board of `week` from a state; `today` decides what is overdue.
    public init(state: TeamState, week: ISOWeek, today: Day) {
        let key = week.description
        // One scan for both the week's tasks and the overdue ones: a scan decodes every task.
        // Where the state keeps lists by week, only the week's tasks, those carried out of it and
        // the catch-all (open tasks with a due date, odd weeks) are read; the rule decides.
        let relevant = state.liveTasks(listedUnder: IndexKey.picking(.week, key)) {
            WeekTaskSelection.belongs($0, week: key, today: today)
        }
        self.init(state: state, week: week, today: today, relevant: relevant)
    }

    /// The board from the live tasks that are the week's, carried out of it or overdue on
    /// `today`, in the order they were added.
    init(state: TeamState, week: ISOWeek, today: Day, relevant: [TeamTask]) {
        let key = week.description
        let sprint = state.sprint(overlapping: week)
        self.init(state: state, week: week, asOf: today, goals: state.goals(in: week),
                  sprint: sprint, sprintGoals: sprint.map(state.goals(in:)) ?? [],
                  weekTasks: relevant.filter { $0.week == key || $0.isCarried(outOf: key) },
                  overdueCandidates: relevant.filter { $0.isOverdue(today: today) },
                  carriedOutGoals: state.goals.values { !$0.removed && $0.isCarried(outOf: key) })
    }

    /// The board from what belongs to the week, already selected (by `init(state:week:today:)`
    /// for one week, by `WeekBoards` for every week at once).
    init(state: TeamState, week: ISOWeek, asOf: Day, goals: [Goal], sprint: Sprint?, sprintGoals: [Goal],
         weekTasks: [TeamTask], overdueCandidates: [TeamTask], carriedOutGoals: [Goal]) {
        let (members, unassigned) = TaskNode.group(weekTasks, in: state, week: week.description, asOf: asOf)
        let overdueTasks = overdueCandidates.filter { $0.isOverdue(today: asOf) }.enumerated()
            .sorted { ($0.element.due ?? asOf, $0.offset) < ($1.element.due ?? asOf, $1.offset) }
            // Listed in its own (current) week, so it says where it was carried from, as there.
            .map { TaskNode(task: $0.element, memberName: $0.element.member.flatMap { state.members[$0]?.name }, subtasks: [],
                            carriedFrom: $0.element.carriedFrom(into: $0.element.week), isOverdue: true,
                            links: state.linkViews(of: $0.element)) }
        self.init(week: week, start: week.start, end: week.end, asOf: asOf,
                  goals: goals.filter { $0.sprint == nil },
                  sprint: sprint, sprintGoals: sprintGoals,
                  members: members, unassigned: unassigned, overdue: state.overdueProjects(today: asOf),
                  overdueTasks: overdueTasks,
                  goalLines: GoalLine.lines(goals.filter { $0.sprint == nil },
                                            carriedOut: carriedOutGoals.filter { $0.sprint == nil }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) },
                                            week: week.description, in: state),
                  sprintGoalLines: GoalLine.lines(sprintGoals, carriedOut: [], week: week.description, in: state))
    }
}

extension TaskNode {
    /// Groups tasks by member (members in joining order) and nests each group's sub-tasks.
    /// A sub-task whose parent is not in the group is shown at the group's top level. With
    /// `week` (a week's board), each node says where it was carried from or to, tasks carried
    /// in come first, and a carried-away record never counts as done.
    public static func group(_ tasks: [TeamTask], in state: TeamState, week: String? = nil,
                             asOf: Day? = nil) -> ([MemberTasks], [TaskNode]) {
        var byMember: [Member.ID: [TeamTask]] = [:]
        var unassigned: [TeamTask] = []
        for task in tasks {
            if let id = task.member, state.members[id]?.removed == false {
                byMember[id, default: []].append(task)
            } else {
                unassigned.append(task)
            }
        }
        let columns = state.liveMembers.compactMap { member -> MemberTasks? in
            guard let own = byMember[member.id] else { return nil }
            let nodes = tree(own, in: state, week: week, asOf: asOf)
            let tally = TaskNode.tally(nodes)
            return MemberTasks(member: member, tasks: nodes, done: tally.done, total: tally.total)
        }
        return (columns, tree(unassigned, in: state, week: week, asOf: asOf))
    }

    /// How deep a board nests sub-tasks; deeper ones are shown at this depth under their
    /// nearest shown ancestor. Boards, JSON and the wiki recurse per level, and a history
    /// (perhaps arriving by sync) may nest tasks deeply.
    public static let maxDepth = 32

    /// Nests tasks (given in order) under their parents within the same list; on `week`'s
    /// board, roots carried in from an earlier week come first.
    public static func tree(_ tasks: [TeamTask], in state: TeamState, week: String? = nil, asOf: Day? = nil) -> [TaskNode] {
        let ids = Set(tasks.map(\.id))
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Each task's depth in the list, walking up iteratively (a cycle, which folds never
        // make, counts as a top-level task).
        var depth: [TeamTask.ID: Int] = [:]
        func depthOf(_ task: TeamTask) -> Int {
            var chain: [TeamTask.ID] = []
            var onChain = Set<TeamTask.ID>()
            var current: TeamTask? = task
            var base = -1
            while let item = current, depth[item.id] == nil {
                guard onChain.insert(item.id).inserted else { break }
                chain.append(item.id)
                guard let parent = item.parent, ids.contains(parent), parent != item.id else { break }
                current = byID[parent]
            }
            if let item = current, let known = depth[item.id] { base = known }
            for (offset, id) in chain.reversed().enumerated() { depth[id] = base + 1 + offset }
            return depth[task.id] ?? 0
        }
        var children: [TeamTask.ID: [TeamTask]] = [:]
        var roots: [TeamTask] = []
        var anchor: [TeamTask.ID: TeamTask.ID] = [:]
        for task in tasks {
            let level = depthOf(task)
            guard level > 0, var parent = task.parent else {
                roots.append(task)
                continue
            }
            // Deeper than the board shows: hang it under its ancestor at the last shown level
            // (found once per chain: the answer is remembered for every task walked through).
            if level > maxDepth {
                var chain: [TeamTask.ID] = []
                var current = parent
                while anchor[current] == nil, (depth[current] ?? 0) >= maxDepth, let up = byID[current]?.parent {
                    chain.append(current)
                    current = up
                }
                let found = anchor[current] ?? current
                for id in chain { anchor[id] = found }
                parent = found
            }
            children[parent, default: []].append(task)
        }
        var seen = Set<TeamTask.ID>()
        func node(_ task: TeamTask) -> TaskNode {
            seen.insert(task.id)
            let subs = (children[task.id] ?? []).filter { !seen.contains($0.id) }.map(node)
            let carriedTo = week.flatMap(task.carriedTo(outOf:))
            return TaskNode(task: task, memberName: task.member.flatMap { state.members[$0]?.name }, subtasks: subs,
                            carriedFrom: week.flatMap(task.carriedFrom(into:)), carriedTo: carriedTo,
                            isOverdue: carriedTo == nil && asOf.map(task.isOverdue(today:)) == true,
                            links: state.linkViews(of: task))
        }
        let nodes = roots.map(node)
        guard week != nil else { return nodes }
        return nodes.filter(\.isCarriedIn) + nodes.filter { !$0.isCarriedIn }
    }
}
