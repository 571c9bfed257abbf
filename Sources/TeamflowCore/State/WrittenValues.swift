public import Foundation

// Weeks and times stay in the state as the events wrote them: an event from another clone may
// carry a week or a time this version cannot read, and the state keeps it as written so `doctor`
// can point at it and a later version can read it. These are the typed readings, nil for such a value.

extension TeamTask {
    /// `week` as an `ISOWeek`; nil when the event wrote something else.
    public var isoWeek: ISOWeek? { ISOWeek(canonical: week) }
    /// When the task was added.
    public var createdDate: Date? { Timestamp.parse(createdAt) }
    /// When the task was last made done (nil while it is not done).
    public var doneDate: Date? { doneAt.flatMap(Timestamp.parse) }
}

extension Goal {
    /// `week` as an `ISOWeek`; nil when the event wrote something else.
    public var isoWeek: ISOWeek? { ISOWeek(canonical: week) }
    /// When the goal was added.
    public var createdDate: Date? { Timestamp.parse(createdAt) }
    /// When the goal was last made done (nil while it is not done).
    public var doneDate: Date? { doneAt.flatMap(Timestamp.parse) }
}

extension Review {
    /// `week` as an `ISOWeek`; nil when the event wrote something else.
    public var isoWeek: ISOWeek? { ISOWeek(canonical: week) }
}

extension RetroEntry {
    /// `week` as an `ISOWeek`; nil when the event wrote something else.
    public var isoWeek: ISOWeek? { ISOWeek(canonical: week) }
}

extension Event {
    /// `at` as a `Date`; nil when it is not RFC 3339.
    public var date: Date? { Timestamp.parse(at) }
}
