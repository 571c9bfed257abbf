public import Foundation

/// What `teamflow standup` shows: per member, what was done since a day, what is in progress,
/// and what is overdue.
public struct Standup: Sendable, Equatable {
    public var today: Day
    /// The first day counted as "since" (done on or after it, in the session's time zone).
    public var since: Day
    /// Members in joining order (only the one asked for with `--member`); then, when any,
    /// the unassigned tasks as a section with no member.
    public var sections: [StandupSection]
}

/// One member's part of a standup (`member` nil: tasks assigned to no one). Each task is in
/// one list only: a task in progress and past due is in `inProgress`, marked overdue there.
public struct StandupSection: Sendable, Equatable {
    public var member: Member?
    /// Tasks done since the standup's `since`, in the order they were done.
    public var done: [DoneTask]
    /// Tasks in progress (`doing`), in the order they were added.
    public var inProgress: [StandupTask]
    /// Open tasks not in progress whose due date is before today.
    public var overdue: [TeamTask]

    public var isEmpty: Bool { done.isEmpty && inProgress.isEmpty && overdue.isEmpty }
}

/// A task in progress, and whether it is also past its due date.
public struct StandupTask: Sendable, Equatable {
    public var task: TeamTask
    public var isOverdue: Bool
}

/// A task with the event that made it done (its time and author).
public struct DoneTask: Sendable, Equatable {
    public var task: TeamTask
    /// RFC 3339, as the event was written (the author's own offset).
    public var at: String
    public var by: Author
    /// `at` as an instant, for ordering.
    public var instant: Date

    public init(task: TeamTask, at: String, by: Author, instant: Date) {
        self.task = task
        self.at = at
        self.by = by
        self.instant = instant
    }
}

extension Queries {
    /// The standup as of the session's today. `since`: a date, `yesterday`, or nil for the
    /// start of the last working day before today (Friday on a Monday, also on a weekend).
    /// `member`: a member's name, handle, id prefix or `me`; nil for everyone.
    public func standup(since text: String?, member who: String?) throws -> Standup {
        let since = try Self.sinceDay(text, today: session.today, session: session)
        let state = try repository.state()
        let member = try who.map { try session.member($0, in: state) }
        return Standup(state: state, today: session.today, since: since, member: member, timeZone: session.timeZone)
    }
}

extension Standup {
    /// The standup from the state alone: each task's `doneAt`/`doneBy` say when and by whom
    /// it was done (the folds keep them), so no event is replayed at any history size.
    public init(state: TeamState, today: Day, since: Day, member: Member?, timeZone: TimeZone) {
        // Sections are built in place: one taken out of a dictionary, appended to and put back
        // copied its lists on every task (most of a large standup's time).
        var sections = state.liveMembers.filter { member == nil || $0.id == member?.id }.map {
            StandupSection(member: $0, done: [], inProgress: [], overdue: [])
        }
        var position: [Member.ID: Int] = [:]
        for (index, section) in sections.enumerated() {
            if let id = section.member?.id { position[id] = index }
        }
        var unassigned = StandupSection(member: nil, done: [], inProgress: [], overdue: [])
        // A cheap test of the written date first: it is at most a day off the date in `timeZone`.
        let earliest = since.adding(days: -1).description
        // Only what a standup can show is checked for liveness and sorted: in progress, done
        // (by the written date, cheap), or open and past due.
        let shown: (TeamTask) -> Bool = { task in
            guard member == nil || task.member == member?.id else { return false }
            switch task.status {
            case .doing: return true
            case .done: return (task.doneAt?.prefix(10)).map { $0 >= earliest } ?? false
            case .todo: return task.isOverdue(today: today)
            }
        }
        func add(_ task: TeamTask, to section: inout StandupSection) {
            switch task.status {
            case .done:
                // The event's instant, seen in the reader's zone: right for a team across zones.
                if let at = task.doneAt, at.prefix(10) >= earliest, let date = Timestamp.parse(at),
                   Day(date: date, timeZone: timeZone) >= since {
                    section.done.append(DoneTask(task: task, at: at, by: task.doneBy ?? Author(name: "", email: ""), instant: date))
                }
            case .doing:
                section.inProgress.append(StandupTask(task: task, isOverdue: task.isOverdue(today: today)))
            case .todo:
                if task.isOverdue(today: today) { section.overdue.append(task) }
            }
        }
        for task in state.liveTasks(where: shown) {
            // A task of a removed (or unknown) member is unassigned: it has no section of its own.
            if let id = task.member, let index = position[id] {
                add(task, to: &sections[index])
            } else {
                add(task, to: &unassigned)
            }
        }
        if !unassigned.isEmpty { sections.append(unassigned) }
        // Each time was parsed once above: a sort that parsed in its comparisons cost a standup
        // of thousands of done tasks most of its time.
        for index in sections.indices {
            sections[index].done.sort { $0.instant < $1.instant }
        }
        self.init(today: today, since: since, sections: sections)
    }
}

extension Queries {
    /// The day `--since` names: any date `Session.day` reads (`yesterday`, `mon`, `-2d`, a
    /// `YYYY-MM-DD`), or by default the last working day before today.
    static func sinceDay(_ text: String?, today: Day, session: Session) throws -> Day {
        guard let text = text?.trimmingSpaces, !text.isEmpty else {
            // Monday goes back to Friday, Sunday and Saturday too; any other day to yesterday.
            switch today.isoWeekday {
            case 1: return today.adding(days: -3)
            case 7: return today.adding(days: -2)
            default: return today.adding(days: -1)
            }
        }
        return try session.day(text)
    }
}
