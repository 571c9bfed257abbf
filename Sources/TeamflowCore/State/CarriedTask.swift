/// One move of a task by `week carry`: out of `from`, into `to`, at the event's time.
public struct TaskCarry: Sendable, Codable, Equatable {
    /// The week the task was carried out of (`2024-W47`).
    public var from: String
    /// The week it was carried into.
    public var to: String
    /// The carry event's time (RFC 3339), so charts can count carried work by week.
    public var at: String

    public init(from: String, to: String, at: String) {
        self.from = from
        self.to = to
        self.at = at
    }
}

/// Work `week carry` can move (tasks and goals): filed in one `week`, with every carry on record.
public protocol Carried {
    /// The week it is filed in now.
    var week: String { get }
    /// Every time it was carried to a later week, oldest first.
    var carries: [TaskCarry] { get }
}

extension Carried {
    /// The weeks it was carried out of, oldest first.
    public var carriedOutOf: [String] { carries.map(\.from) }

    /// When it was last carried (the event's time); nil when it never was.
    public var carriedAt: String? { carries.last?.at }

    /// Whether `week`'s board keeps a record of it as carried away: it was carried out of
    /// `week` and lives elsewhere now.
    public func isCarried(outOf week: String) -> Bool {
        week != self.week && carries.contains { $0.from == week }
    }

    /// The week it went to when it was (last) carried out of `week`; nil when it is filed
    /// in `week` or never left it.
    public func carriedTo(outOf week: String) -> String? {
        guard week != self.week else { return nil }
        return carries.last { $0.from == week }?.to
    }

    /// The week it came from when it was (last) carried into `week`; nil when it was
    /// filed there directly.
    public func carriedFrom(into week: String) -> String? {
        carries.last { $0.to == week }?.from
    }
}

extension TeamTask: Carried {

    /// Open and past its due date on `today` (a day in the reader's `TZ`).
    public func isOverdue(today: Day) -> Bool {
        guard let due, !done else { return false }
        return due < today
    }
}
