public import Foundation

/// Who is acting and when: the inputs every use case needs besides the history.
///
/// `now` comes from `TEAMFLOW_NOW` when set (never the wall clock in tests); `timeZone` from `TZ`.
public struct Session: Sendable {
    public var author: Author?
    public var now: Date
    public var timeZone: TimeZone
    /// Who `me` is (git's `user.email`, `teamflow.me`); see `Session.me(in:)`.
    public var identity: CallerIdentity

    public init(author: Author?, now: Date, timeZone: TimeZone, identity: CallerIdentity = CallerIdentity()) {
        self.author = author
        self.now = now
        self.timeZone = timeZone
        self.identity = identity
    }

    /// The local calendar day of `now`.
    public var today: Day { Day(date: now, timeZone: timeZone) }

    /// The ISO week of `now`.
    public var currentWeek: ISOWeek { ISOWeek(containing: today) }

    /// The author, or the error telling how to configure one.
    public func requireAuthor() throws -> Author {
        guard let author else { throw TeamflowError.noAuthor() }
        return author
    }

    /// Parses a `--week` value (`2024-W47` or a date in that week), defaulting to the current week.
    public func week(_ text: String?) throws -> ISOWeek {
        guard let text else { return currentWeek }
        guard let week = ISOWeek(parsing: text) else {
            throw TeamflowError(.usage, "invalid week '\(text)'",
                                hints: ["Write an ISO week like 2024-W47, or a date in it like 2024-11-18."])
        }
        return week
    }

    /// Parses a date: `YYYY-MM-DD` or a relative day (`Day.relative`: today, tomorrow, fri, +3d).
    public func day(_ text: String) throws -> Day {
        guard let day = Day.relative(text, today: today) else {
            throw TeamflowError(.usage, "invalid date '\(text)'",
                                hints: ["Write dates as YYYY-MM-DD (2024-12-06), today, tomorrow, a weekday (fri) or an offset (+3d, +2w)."])
        }
        return day
    }
}
