import Foundation

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

/// One member's part of a standup (`member` nil: tasks assigned to no one).
public struct StandupSection: Sendable, Equatable {
    public var member: Member?
    /// Tasks done since the standup's `since`, in the order they were done.
    public var done: [DoneTask]
    /// Tasks in progress (`doing`), in the order they were added.
    public var inProgress: [TeamTask]
    /// Open tasks whose due date is before today.
    public var overdue: [TeamTask]

    public var isEmpty: Bool { done.isEmpty && inProgress.isEmpty && overdue.isEmpty }
}

/// A task with the event that made it done (its time and author).
public struct DoneTask: Sendable, Equatable {
    public var task: TeamTask
    /// RFC 3339, as the event was written (the author's own offset).
    public var at: String
    public var by: Author
}

extension Queries {
    /// The standup as of the session's today. `since`: a date, `yesterday`, or nil for the
    /// start of the last working day before today (Friday on a Monday, also on a weekend).
    /// `member`: a member's name, handle, id prefix or `me`; nil for everyone.
    public func standup(since text: String?, member who: String?) throws -> Standup {
        let today = session.today
        let since = try Self.sinceDay(text, today: today, session: session)
        let state = try repository.state()
        let member = try who.map { try session.member($0, in: state) }
        let doneEvents = Self.doneEvents(try repository.events())
        var byMember: [String: StandupSection] = [:]
        var unassigned = StandupSection(member: nil, done: [], inProgress: [], overdue: [])
        for task in state.liveTasks {
            if let member, task.member != member.id { continue }
            let owner = task.member.flatMap { state.members[$0] }.flatMap { $0.removed ? nil : $0 }
            var section = owner.map { byMember[$0.id] ?? StandupSection(member: $0, done: [], inProgress: [], overdue: []) } ?? unassigned
            switch task.status {
            case .done:
                // The event's instant, seen in the reader's zone: right for a team across zones.
                if let event = doneEvents[task.id], let date = Timestamp.parse(event.at),
                   Day(date: date, timeZone: session.timeZone) >= since {
                    section.done.append(DoneTask(task: task, at: event.at, by: event.author))
                }
            case .doing:
                section.inProgress.append(task)
            case .todo:
                break
            }
            if !task.done, let due = task.due, due < today { section.overdue.append(task) }
            if let owner { byMember[owner.id] = section } else { unassigned = section }
        }
        var sections = state.liveMembers.filter { member == nil || $0.id == member?.id }.map { item in
            byMember[item.id] ?? StandupSection(member: item, done: [], inProgress: [], overdue: [])
        }
        if !unassigned.isEmpty { sections.append(unassigned) }
        for index in sections.indices {
            sections[index].done.sort { (Timestamp.parse($0.at) ?? .distantPast) < (Timestamp.parse($1.at) ?? .distantPast) }
        }
        return Standup(today: today, since: since, sections: sections)
    }

    /// The day `--since` names: a date, `yesterday`, or the last working day before today.
    static func sinceDay(_ text: String?, today: Day, session: Session) throws -> Day {
        guard let text = text?.trimmingSpaces, !text.isEmpty else {
            // Monday goes back to Friday, Sunday and Saturday too; any other day to yesterday.
            switch today.isoWeekday {
            case 1: return today.adding(days: -3)
            case 7: return today.adding(days: -2)
            default: return today.adding(days: -1)
            }
        }
        if text.lowercased() == "yesterday" { return today.adding(days: -1) }
        return try session.day(text)
    }

    /// For each task, the event that last made it done, replaying the history once: any
    /// event type that moves a task to `done` counts (check, move, undo of an uncheck,
    /// an import's done task), and a later move away from `done` forgets it.
    static func doneEvents(_ events: [Event]) -> [String: Event] {
        var replay = TeamState()
        var doneBy: [String: Event] = [:]
        for event in events {
            let ids = [event.id] + (event.data.string("task").map { [$0] } ?? [])
            let before = ids.map { replay.tasks[$0]?.status }
            replay.apply(event)
            for (id, old) in zip(ids, before) {
                guard let now = replay.tasks[id]?.status else { continue }
                if now == .done, old != .done { doneBy[id] = event } else if now != .done { doneBy[id] = nil }
            }
        }
        return doneBy
    }
}
