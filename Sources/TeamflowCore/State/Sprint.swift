/// A named sprint: a range of days that goals and tasks may belong to instead of a week.
public struct Sprint: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<Sprint>
    public var name: String
    public var from: Day
    public var to: Day
    public var removed: Bool
    public var clock: Int

    public var shortID: String { id.short }

    /// Whether the sprint has any day in `week`.
    public func overlaps(_ week: ISOWeek) -> Bool { from <= week.end && to >= week.start }

    public func contains(_ day: Day) -> Bool { from <= day && day <= to }

    /// Whether the sprint holds a working day (Monday to Friday) of `week`: that week's tasks
    /// belong to the sprint. A sprint starting on a Saturday does not claim the week before.
    public func holdsWorkingDay(of week: ISOWeek) -> Bool {
        from <= week.start.adding(days: 4) && to >= week.start
    }

    /// Whether a stored `sprint` key (an id, or a name in a hand-written event) names this sprint.
    public func isNamed(by key: String) -> Bool {
        key == id.rawValue || Lookup.normalize(key) == Lookup.normalize(name)
    }

    /// Working days (Monday to Friday) from `today`, or from the start when that is later, to
    /// the last day, both included: 0 once the sprint is over.
    public func workingDaysLeft(today: Day) -> Int {
        Day.workingDays(from: max(today, from), through: to)
    }
}

extension Day {
    /// Monday-to-Friday days from `first` through `last` (0 when `last` is earlier).
    /// Arithmetic, not a walk: a hand-written sprint may span thousands of years.
    static func workingDays(from first: Day, through last: Day) -> Int {
        let start = first.dayNumber, end = last.dayNumber
        guard start <= end else { return 0 }
        let span = end - start + 1
        var count = span / 7 * 5
        var number = start + span / 7 * 7
        while number <= end {
            if Day.isoWeekday(dayNumber: number) <= 5 { count += 1 }
            number += 1
        }
        return count
    }
}

extension TeamState {
    /// Live sprints by start day, then creation order.
    public var liveSprints: [Sprint] {
        sprints.values { !$0.removed }.sorted { ($0.from, $0.clock, $0.id) < ($1.from, $1.clock, $1.id) }
    }

    /// Finds a live sprint by name (case-insensitive, NFC) or id prefix.
    public func sprint(named text: String) throws -> Sprint {
        try Lookup.resolve(text, in: liveSprints, kind: .sprint, id: \.id, names: { [$0.name] },
                           label: { "\($0.name) (\($0.from) – \($0.to))" })
    }

    /// The sprint holding `day` (the latest-starting one when several do).
    public func sprint(containing day: Day) -> Sprint? {
        liveSprints.last { $0.contains(day) }
    }

    /// The sprint overlapping `week` (the latest-starting one when several do).
    public func sprint(overlapping week: ISOWeek) -> Sprint? {
        liveSprints.last { $0.overlaps(week) }
    }

    /// Live goals of a sprint, matched by the sprint's id (or, for hand-written events, its name):
    /// `SprintMembership`'s rule.
    public func goals(in sprint: Sprint) -> [Goal] {
        let membership = SprintMembership(sprint, in: self)
        return goals.values { !$0.removed && membership.contains($0) }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Live tasks of a sprint, in the order they were added: `SprintMembership`'s rule.
    public func tasks(in sprint: Sprint) -> [TeamTask] {
        var membership = SprintMembership(sprint, in: self)
        var lists = SprintMembership(sprint, in: self)
        return liveTasks(listedUnder: { lists.mayList($0) }) { membership.contains($0) }
    }
}

/// Which tasks and goals belong to a sprint: the one rule behind the sprint board (its goals,
/// its members' tasks, its done/total, through `TeamState.tasks(in:)` and `goals(in:)`) and the
/// sprint's burndown, so the two can never count different sets. It answers for removed items
/// as well (a burndown counts them until their removal); liveness is the caller's filter.
///
/// - A goal belongs when its `sprint` names the sprint (by id, or by name in a hand-written event).
/// - A task filed in a sprint belongs to that one; one filed in none follows its nearest ancestor
///   filed in one, and otherwise belongs when its week, or an ancestor's, has a working day
///   inside the sprint (so a parent brings its sub-tasks along).
///
/// A board and a burndown both ask about every task, so a week written as folds write it is
/// two string comparisons against the sprint's first and last weeks, and any other spelling
/// (and any sprint key other than the id) is worked out once per distinct text.
public struct SprintMembership {
    public let sprint: Sprint
    private let tasks: EntityTable<TeamTask>
    private let name: String
    /// The first and last weeks with a working day inside the sprint, as written (`2024-W47`);
    /// nil when no week has one (a sprint of one weekend).
    private let weekRange: (first: String, last: String)?
    private var keys: [String: Bool] = [:]
    private var weeks: [String: Bool] = [:]

    public init(_ sprint: Sprint, in state: TeamState) {
        self.sprint = sprint
        tasks = state.tasks
        name = Lookup.normalize(sprint.name)
        var first = ISOWeek(containing: sprint.from), last = ISOWeek(containing: sprint.to)
        if !sprint.holdsWorkingDay(of: first) { first = ISOWeek(containing: first.start.adding(days: 7)) }
        if !sprint.holdsWorkingDay(of: last) { last = ISOWeek(containing: last.start.adding(days: -7)) }
        weekRange = first <= last ? (first.description, last.description) : nil
    }

    /// Whether the goal belongs to the sprint (removed or not).
    public func contains(_ goal: Goal) -> Bool {
        guard let key = goal.sprint else { return false }
        return key == sprint.id.rawValue || Lookup.normalize(key) == name
    }

    /// Whether the task belongs to the sprint (removed or not).
    public mutating func contains(_ task: TeamTask) -> Bool { placement(of: task).belongs }

    /// Whether the week written `key` has a working day inside the sprint (its tasks belong).
    public mutating func holdsWorkingDay(week key: String) -> Bool {
        // Weeks as folds write them (`2024-W47`) sort as they fall: two comparisons, no parse.
        if Self.isCanonical(key) {
            guard let weekRange else { return false }
            return weekRange.first <= key && key <= weekRange.last
        }
        if let known = weeks[key] { return known }
        let answer = ISOWeek(parsing: key).map(sprint.holdsWorkingDay) ?? false
        weeks[key] = answer
        return answer
    }

    /// Why a task belongs to the sprint or not.
    public enum Placement: Equatable, Sendable {
        /// The task, or its nearest ancestor, is filed in a sprint: this one (true) or another.
        case filed(Bool)
        /// Filed in no sprint: whether its own week, and whether an ancestor's week, has a
        /// working day inside the sprint (either makes it belong). A burndown follows a task
        /// placed by its own week through its carries (`TeamTask.carries`) into and out of
        /// the sprint's weeks.
        case byWeek(own: Bool, ancestors: Bool)

        /// Whether a task placed so belongs to the sprint.
        public var belongs: Bool {
            switch self {
            case .filed(let named): return named
            case .byWeek(let own, let ancestors): return own || ancestors
            }
        }
    }

    /// Why the task belongs to the sprint or not (removed or not).
    public mutating func placement(of task: TeamTask) -> Placement {
        if let key = task.sprint { return .filed(names(key)) }
        let own = holdsWorkingDay(week: task.week)
        var ancestors = false
        var current = task.parent.flatMap { tasks[$0] }
        var steps = 0
        // Bounded: folds never form a cycle, but a damaged state must not hang the board.
        while let item = current, steps <= tasks.count {
            if let key = item.sprint { return .filed(names(key)) }
            if !ancestors { ancestors = holdsWorkingDay(week: item.week) }
            current = item.parent.flatMap { tasks[$0] }
            steps += 1
        }
        return .byWeek(own: own, ancestors: ancestors)
    }

    /// `YYYY-Www` exactly (four digits, `-W`, two digits) with a week from 01 to 52, which every
    /// year has; anything else (week 53, another spelling) is parsed. Read as raw bytes: this
    /// runs once per task of every board and burndown.
    private static func isCanonical(_ key: String) -> Bool {
        let bytes = key.utf8.span
        guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W") else { return false }
        let zero = UInt8(ascii: "0")
        guard bytes[0] &- zero < 10, bytes[1] &- zero < 10, bytes[2] &- zero < 10, bytes[3] &- zero < 10,
              bytes[6] &- zero < 10, bytes[7] &- zero < 10 else { return false }
        let week = Int(bytes[6] &- UInt8(ascii: "0")) * 10 + Int(bytes[7] &- UInt8(ascii: "0"))
        return week >= 1 && week <= 52
    }

    /// Whether a task listed under `key` (`IndexKey`) may belong: a list of a sprint key this
    /// sprint answers to, of a week with a working day inside it, or a catch-all. Every task
    /// that belongs is listed under one of those (`TeamTask.indexKeys`).
    mutating func mayList(_ key: IndexKey) -> Bool {
        guard let text = key.text else { return key.dimension != .member }
        switch key.dimension {
        case .sprint: return names(text)
        case .week: return holdsWorkingDay(week: text)
        case .member: return false
        }
    }

    private mutating func names(_ key: String) -> Bool {
        if key == sprint.id.rawValue { return true }
        if let known = keys[key] { return known }
        let answer = Lookup.normalize(key) == name
        keys[key] = answer
        return answer
    }
}
