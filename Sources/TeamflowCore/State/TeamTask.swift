/// A member's task for a week (or a sprint); sub-tasks point at their parent, any depth.
public struct TeamTask: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<TeamTask>
    public var title: String
    /// The member's id, if assigned.
    public var member: EntityID<Member>?
    public var epic: EntityID<Epic>?
    public var parent: EntityID<TeamTask>?
    /// ISO week, e.g. `2024-W47`.
    public var week: String
    public var sprint: String?
    public var due: Day?
    public var status: WorkStatus
    public var removed: Bool
    public var clock: Int

    // MARK: carry-over (`week carry`): keep this block together; other additions go after it.
    /// Every time the task was carried to a later week, oldest first: the weeks it was carried
    /// out of stay on record there (`CarriedTask.swift`).
    public var carries: [TaskCarry] = []
    // MARK: end of carry-over

    // History: the `at` of the events that added, finished and removed the task, as
    // written (RFC 3339). `doneAt` is cleared when the task leaves `done`, `removedAt` on restore.
    /// When the task was added.
    public var createdAt: String = ""
    /// When it was last made done (nil while it is not done).
    public var doneAt: String? = nil
    /// When it was removed (nil while it is not removed).
    public var removedAt: String? = nil
    /// Who made it done (the author of the event `doneAt` dates; nil while it is not done):
    /// what a standup says, read from the state instead of a replay of the history.
    public var doneBy: Author? = nil
    // End of history.
    /// What the page it was imported from said under it (Markdown); nil for most tasks.
    public var note: String? = nil
    /// The estimate (`--points`), nil when none was given.
    public var points: Int? = nil
    /// Labels (`--label`), in the order given.
    public var labels: [String] = []
    /// Pull requests, issues and commits it is linked to, in the order they were linked.
    public var links: [TaskLink] = []

    public var done: Bool { status == .done }
    public var shortID: String { id.short }
}

extension TeamState {
    /// Tasks that are not removed and whose ancestors are not removed, in the order they were added.
    public var liveTasks: [TeamTask] { liveTasks { _ in true } }

    /// Live tasks matching `predicate`, in the order they were added. The predicate runs
    /// first, so a board sorts one week's tasks, not the whole history's.
    public func liveTasks(where predicate: (TeamTask) -> Bool) -> [TeamTask] {
        var known: [TeamTask.ID: Bool] = [:]
        return tasks.values { predicate($0) && isLive($0, known: &known) }.sortedByClock()
    }

    /// `liveTasks(where:)` reading only the stored tasks listed under a key `picks` accepts
    /// (`EntityTable.values(listedUnder:where:)`): every task `predicate` keeps must be listed
    /// under one.
    public func liveTasks(listedUnder picks: (IndexKey) -> Bool, where predicate: (TeamTask) -> Bool) -> [TeamTask] {
        var known: [TeamTask.ID: Bool] = [:]
        return tasks.values(listedUnder: picks) { predicate($0) && isLive($0, known: &known) }.sortedByClock()
    }

    /// `isLive`, remembering the answer for every ancestor it walks through: a list of tasks
    /// nested 100,000 deep then costs one walk, not one per task (quadratic: minutes).
    func isLive(_ task: TeamTask, known: inout [TeamTask.ID: Bool]) -> Bool {
        guard !task.removed else { return false }
        guard task.parent != nil else { return true }
        if let answer = known[task.id] { return answer }
        var chain: [TeamTask] = []
        var current: TeamTask? = task
        var above = true // liveness of what is above the chain
        while let item = current {
            if let answer = known[item.id] { above = answer; break }
            // Folds never let a cycle form; in a damaged state a cycle hides nothing.
            guard chain.count <= tasks.count else { break }
            chain.append(item)
            current = item.parent.flatMap { tasks[$0] }
        }
        for item in chain.reversed() {
            above = above && !item.removed
            known[item.id] = above
        }
        return known[task.id] ?? above
    }

    /// Whether a task and all its ancestors are not removed.
    public func isLive(_ task: TeamTask) -> Bool {
        guard !task.removed else { return false }
        guard task.parent != nil else { return true } // the common case: no walk, no allocation
        var current: TeamTask? = task
        var steps = 0
        while let item = current {
            if item.removed { return false }
            // Folds never let a cycle form; in a damaged state a cycle hides nothing.
            guard steps <= tasks.count else { return true }
            steps += 1
            current = item.parent.flatMap { tasks[$0] }
        }
        return true
    }

    /// How many ancestors a task may have. Folds drop a parent that would put a task deeper,
    /// as they drop one that would make a cycle: a history from elsewhere may chain tasks
    /// 100,000 deep, and walking every new parent's ancestors would make its fold quadratic.
    public static let maxTaskNesting = 64

    /// Why a task cannot take a parent.
    public enum ParentProblem: Sendable, Equatable {
        /// The task would become its own ancestor.
        case cycle
        /// The task would have more than `maxTaskNesting` ancestors.
        case tooDeep
    }

    /// Whether giving `task` the parent `parent` would make it its own ancestor or nest it
    /// deeper than `maxTaskNesting`; walks at most that many ancestors.
    public func parentProblem(task: TeamTask.ID, parent: TeamTask.ID) -> ParentProblem? {
        var current: TeamTask.ID? = parent
        var ancestors = 0
        while let id = current {
            if id == task { return .cycle }
            ancestors += 1
            // A cycle already in a damaged state also ends here.
            if ancestors > Self.maxTaskNesting { return .tooDeep }
            current = tasks[id]?.parent
        }
        return nil
    }

    /// Whether folds would drop `parent` for `task` (see `parentProblem`).
    public func wouldCycle(task: TeamTask.ID, parent: TeamTask.ID) -> Bool {
        parentProblem(task: task, parent: parent) != nil
    }

    /// Every live descendant of a task, depth first.
    public func descendants(of id: TeamTask.ID) -> [TeamTask] {
        var children: [TeamTask.ID: [TeamTask]] = [:]
        for task in liveTasks { if let parent = task.parent { children[parent, default: []].append(task) } }
        var out: [TeamTask] = []
        var seen: Set<TeamTask.ID> = [id]
        // Depth first with an explicit stack (children pushed in reverse keep their order):
        // a history may nest tasks 100,000 deep, which recursion would not survive.
        var stack = (children[id] ?? []).reversed().map { $0 }
        while let task = stack.popLast() {
            guard seen.insert(task.id).inserted else { continue }
            out.append(task)
            stack.append(contentsOf: (children[task.id] ?? []).reversed())
        }
        return out
    }

    /// Finds a live task by id prefix or exact title (case-insensitive, NFC).
    public func task(named text: String) throws -> TeamTask {
        if let found = uniqueTask(matching: text) { return found }
        // Zero or several matches: the general lookup words the error (candidates, nearest).
        return try Lookup.resolve(text, in: tasks.values, kind: .task, id: \.id, names: { CollectionOfOne($0.title) },
                                  label: { "\($0.week)  \($0.title)" }, where: isLive)
    }

    /// The one live task `text` names, found without decoding every task: titles are tested
    /// on their bytes first (see `Lookup.mayMatch`) and ids by a binary search of the
    /// snapshot's sorted index. Nil when there is no single answer.
    private func uniqueTask(matching text: String) -> TeamTask? {
        let key = Lookup.normalize(text)
        guard !key.isEmpty else { return nil }
        let names = tasks.entries(whereTitleBytes: { Lookup.mayMatch($0, key) })
            .filter { Lookup.matches($0.title, key) && isLive($0) }
        if names.count == 1 { return names[0] }
        guard names.isEmpty, key.count >= ShortID.minimumPrefix else { return nil }
        // A task whose title matched but is not live cannot be live here either.
        let ids = tasks.entries(withKeyPrefix: key).filter(isLive)
        return ids.count == 1 ? ids[0] : nil
    }
}
