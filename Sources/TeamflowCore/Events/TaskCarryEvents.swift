/// `task.carried` / `task.uncarried`: `week carry` moves a week's open tasks to a later week in
/// one event, and undo moves them back in one event. Both list the task ids, so the fold does
/// not depend on which tasks another clone thought were open.
public protocol TaskCarryEvent: TeamEvent {
    var from: String { get }
    var to: String { get }
    var tasks: [TeamTask.ID] { get }
    init(from: String, to: String, tasks: [TeamTask.ID])
}

extension TaskCarryEvent {
    public static var keys: [EventSchema.Key] { [EventSchema.r("from"), EventSchema.r("to"), EventSchema.r("tasks", .list)] }

    public init?(data: Fields) {
        guard let from = data.string("from"), let to = data.string("to"), let tasks: [TeamTask.ID] = data.ids("tasks") else { return nil }
        self.init(from: from, to: to, tasks: tasks)
    }

    public var data: Fields { ["from": .string(from), "to": .string(to), "tasks": .list(tasks.map { .string($0.rawValue) })] }

    /// The longest carry, in weeks (ten years): farther is a typo or a hostile event, and no
    /// board would ever show the task again.
    public static var longestCarry: Int { 520 }

    /// Valid only from a week to a later one, at most `longestCarry` weeks on, both written as
    /// events write weeks and inside `ISOWeek.supported` (the range the command line parses
    /// with). Before this rule a synced carry to an earlier week, or to `9999-W52` and on to
    /// `0001-W01`, took the task off every board and `doctor` saw nothing.
    public var invalidReason: String? {
        let range = "\(ISOWeek.supported.lowerBound) to \(ISOWeek.supported.upperBound)"
        guard let start = ISOWeek(canonical: from) else {
            return "from '\(FieldLimits.excerpt(from))' is not a week (YYYY-Www, \(range))"
        }
        guard let end = ISOWeek(canonical: to) else {
            return "to '\(FieldLimits.excerpt(to))' is not a week (YYYY-Www, \(range))"
        }
        guard start < end else { return "\(from) → \(to) goes back in time; a carry goes to a later week" }
        let weeks = start.weeks(until: end)
        guard weeks <= Self.longestCarry else {
            return "\(from) → \(to) is \(weeks) weeks ahead; a carry goes at most \(Self.longestCarry) weeks ahead"
        }
        return nil
    }
}

/// `task.carried`: each listed task still filed in `from`, open and not removed moves to `to`
/// and records the move (`TeamTask.carries`); `from`'s board keeps showing it as carried. A task
/// that was meanwhile checked, moved or removed (on another clone, earlier in (clock, id) order)
/// is left alone, so two clones carrying the same week move each task once.
public struct TaskCarried: TaskCarryEvent {
    public static let type = EventType.taskCarried
    public static let concurrentWrites: ConcurrentWrites = .none
    public var from: String
    public var to: String
    public var tasks: [TeamTask.ID]

    public init(from: String, to: String, tasks: [TeamTask.ID]) {
        self.from = from
        self.to = to
        self.tasks = tasks
    }

    /// Whether this event moves `task` (given the state it folds into).
    func moves(_ task: TeamTask) -> Bool { !task.removed && !task.done && task.week == from }

    public func fold(into state: inout TeamState, event: Event) {
        for id in tasks {
            guard var task = state.tasks[id], moves(task) else { continue }
            task.week = to
            task.carries.append(TaskCarry(from: from, to: to, at: event.at))
            state.tasks[id] = task
        }
    }

    /// Moves back exactly the tasks this event moved; nil when it moved none.
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let moved = tasks.filter { id in before.tasks[id].map(moves) ?? false }
        guard !moved.isEmpty else { return nil }
        return EventDraft(TaskUncarried(from: from, to: to, tasks: moved), summary: "undo: \(Self.type) \(from) → \(to)")
    }
}

/// `task.uncarried` (written by undo): each listed task still in `to` whose last carry is this
/// `from` → `to` goes back to `from` and forgets that carry.
public struct TaskUncarried: TaskCarryEvent {
    public static let type = EventType.taskUncarried
    public static let concurrentWrites: ConcurrentWrites = .none
    public var from: String
    public var to: String
    public var tasks: [TeamTask.ID]

    public init(from: String, to: String, tasks: [TeamTask.ID]) {
        self.from = from
        self.to = to
        self.tasks = tasks
    }

    public func fold(into state: inout TeamState, event: Event) {
        for id in tasks {
            guard var task = state.tasks[id], !task.removed, task.week == to,
                  let last = task.carries.last, last.from == from, last.to == to else { continue }
            task.week = from
            task.carries.removeLast()
            state.tasks[id] = task
        }
    }

    /// Carrying them again (the fold skips any that are no longer open in `from`).
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        EventDraft(TaskCarried(from: from, to: to, tasks: tasks), summary: "undo: \(Self.type) \(from) → \(to)")
    }
}
