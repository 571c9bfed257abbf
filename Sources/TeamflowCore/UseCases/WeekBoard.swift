/// The week's board: what `teamflow week` shows.
///
/// Team goals of the week (and of the sprint overlapping it), then every member with tasks
/// that week (sub-tasks nested under their parents), then the projects overdue today.
public struct WeekBoard: Sendable, Equatable {
    public var week: ISOWeek
    public var start: Day
    public var end: Day
    /// Goals of the week that are not in a sprint.
    public var goals: [Goal]
    /// The sprint overlapping the week, if any, and its goals.
    public var sprint: Sprint?
    public var sprintGoals: [Goal]
    /// Members with tasks this week, in the order they joined.
    public var members: [MemberTasks]
    /// Tasks of the week with no (live) member.
    public var unassigned: [TaskNode]
    public var overdue: [Project]

    public var doneCount: Int { goals.filter(\.done).count }
}

/// A task on a board with its sub-tasks nested.
public struct TaskNode: Sendable, Equatable {
    public var task: TeamTask
    /// The assignee's name, resolved for display.
    public var memberName: String?
    public var subtasks: [TaskNode]

    /// This task and every nested sub-task, depth first.
    public var flattened: [TeamTask] { [task] + subtasks.flatMap(\.flattened) }
}

/// One member's tasks on a board, with progress over all of them (sub-tasks included).
public struct MemberTasks: Sendable, Equatable {
    public var member: Member
    public var tasks: [TaskNode]
    public var done: Int
    public var total: Int
}

extension WeekBoard {
    /// Builds the board of `week` from a state; `today` decides which projects are overdue.
    public init(state: TeamState, week: ISOWeek, today: Day) {
        let key = week.description
        let sprint = state.sprint(overlapping: week)
        let (members, unassigned) = TaskNode.group(state.liveTasks { $0.week == key }, in: state)
        self.init(week: week, start: week.start, end: week.end,
                  goals: state.goals(in: week).filter { $0.sprint == nil },
                  sprint: sprint, sprintGoals: sprint.map(state.goals(in:)) ?? [],
                  members: members, unassigned: unassigned, overdue: state.overdueProjects(today: today))
    }
}

extension TaskNode {
    /// Groups tasks by member (members in joining order) and nests each group's sub-tasks.
    /// A sub-task whose parent is not in the group is shown at the group's top level.
    public static func group(_ tasks: [TeamTask], in state: TeamState) -> ([MemberTasks], [TaskNode]) {
        var byMember: [String: [TeamTask]] = [:]
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
            return MemberTasks(member: member, tasks: tree(own, in: state), done: own.filter(\.done).count, total: own.count)
        }
        return (columns, tree(unassigned, in: state))
    }

    /// How deep a board nests sub-tasks; deeper ones are shown at this depth under their
    /// nearest shown ancestor. Boards, JSON and the wiki recurse per level, and a history
    /// (perhaps arriving by sync) may nest tasks 100,000 deep.
    public static let maxDepth = 32

    /// Nests tasks (given in order) under their parents within the same list.
    public static func tree(_ tasks: [TeamTask], in state: TeamState) -> [TaskNode] {
        let ids = Set(tasks.map(\.id))
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Each task's depth in the list, walking up iteratively (a cycle, which folds never
        // make, counts as a top-level task).
        var depth: [String: Int] = [:]
        func depthOf(_ task: TeamTask) -> Int {
            var chain: [String] = []
            var onChain = Set<String>()
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
        var children: [String: [TeamTask]] = [:]
        var roots: [TeamTask] = []
        var anchor: [String: String] = [:]
        for task in tasks {
            let level = depthOf(task)
            guard level > 0, var parent = task.parent else {
                roots.append(task)
                continue
            }
            // Deeper than the board shows: hang it under its ancestor at the last shown level
            // (found once per chain: the answer is remembered for every task walked through).
            if level > maxDepth {
                var chain: [String] = []
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
        var seen = Set<String>()
        func node(_ task: TeamTask) -> TaskNode {
            seen.insert(task.id)
            let subs = (children[task.id] ?? []).filter { !seen.contains($0.id) }.map(node)
            return TaskNode(task: task, memberName: task.member.flatMap { state.members[$0]?.name }, subtasks: subs)
        }
        return roots.map(node)
    }
}
