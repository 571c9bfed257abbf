public import Foundation

/// An ISO 8601 week, written `2024-W47`.
///
/// Weeks are computed in the proleptic Gregorian calendar (see `Day.dayNumber`), so every week
/// from `0001-W01` (Monday 0001-01-01) on is right. Parsing accepts the weeks whose seven days
/// are all valid dates: `0001-W01` through `9999-W51` (`9999-W52` ends in the year 10000).
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var year: Int
    public var week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    /// The week holding `date` in `timeZone`'s calendar.
    public init(containing date: Date, timeZone: TimeZone) {
        self.init(containing: Day(date: date, timeZone: timeZone))
    }

    /// The week holding a calendar day: the ISO year is that of the week's Thursday.
    public init(containing day: Day) {
        self.init(containingDayNumber: day.dayNumber)
    }

    private init(containingDayNumber number: Int) {
        let thursday = number + 4 - Day.isoWeekday(dayNumber: number)
        let year = Day.civil(dayNumber: thursday).year
        self.init(year: year, week: (thursday - Day.dayNumber(year: year, month: 1, day: 1)) / 7 + 1)
    }

    /// The weeks this teamflow reads and writes: `0001-W01` (Monday 0001-01-01) through
    /// `9999-W51`, the last whose seven days are all in year 9999. The one range for every
    /// week: the command line parses with it and a synced `task.carried` is checked with it,
    /// so no event can file a task in a week no command would accept.
    public static let supported = ISOWeek(year: 1, week: 1)...ISOWeek(year: 9999, week: 51)

    /// Parses `2024-W47` (also `2024-w47`, `2024W47`) or any `YYYY-MM-DD` date in that week;
    /// nil for a week outside `ISOWeek.supported`.
    public init?(parsing text: String) {
        if let day = Day(parsing: text) {
            self.init(containing: day)
        } else {
            let upper = text.uppercased()
            guard let wIndex = upper.firstIndex(of: "W") else { return nil }
            var yearPart = upper[..<wIndex]
            if yearPart.hasSuffix("-") { yearPart = yearPart.dropLast() }
            let weekPart = upper[upper.index(after: wIndex)...]
            guard yearPart.count == 4, (1...2).contains(weekPart.count),
                  yearPart.allSatisfy(\.isASCII), weekPart.allSatisfy(\.isASCII),
                  let year = Int(yearPart), let week = Int(weekPart), (1...9999).contains(year),
                  week >= 1, week <= ISOWeek.weeksIn(year: year) else { return nil }
            self.init(year: year, week: week)
        }
        guard ISOWeek.supported.contains(self) else { return nil }
    }

    /// The week as it is written in events (`2024-W47`), parsed; nil for any other spelling
    /// (a date, lower case, no dash) or a week outside `ISOWeek.supported`. Events always
    /// carry this form, so a week read from an event compares equal as text.
    public init?(canonical text: String) {
        guard let week = ISOWeek(parsing: text), week.description == text else { return nil }
        self = week
    }

    /// How many weeks `later` is after this week (negative when it is before).
    public func weeks(until later: ISOWeek) -> Int {
        (later.start.dayNumber - start.dayNumber) / 7
    }

    /// How many ISO weeks the ISO year has (52 or 53).
    public static func weeksIn(year: Int) -> Int {
        // Dec 28 is always in the last ISO week of its year.
        ISOWeek(containingDayNumber: Day.dayNumber(year: year, month: 12, day: 28)).week
    }

    /// Monday of the week.
    public var start: Day {
        let january4 = Day.dayNumber(year: year, month: 1, day: 4)
        let firstMonday = january4 - (Day.isoWeekday(dayNumber: january4) - 1)
        return Day(dayNumber: firstMonday + 7 * (week - 1))
    }

    /// Sunday of the week.
    public var end: Day { start.adding(days: 6) }

    public var description: String {
        "\(year.zeroPadded(4))-W\(week.zeroPadded(2))"
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }
}
