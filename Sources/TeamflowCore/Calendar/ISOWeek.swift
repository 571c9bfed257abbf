import Foundation

/// An ISO 8601 week, written `2024-W47`.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var year: Int
    public var week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    /// The week holding `date` in `timeZone`'s calendar.
    public init(containing date: Date, timeZone: TimeZone) {
        let calendar = ISOWeek.calendar(timeZone)
        let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        self.init(year: parts.yearForWeekOfYear ?? 1970, week: parts.weekOfYear ?? 1)
    }

    /// The week holding a calendar day.
    public init(containing day: Day) {
        self.init(containing: day.noonUTC, timeZone: TimeZone(identifier: "UTC") ?? .current)
    }

    /// Parses `2024-W47` (also `2024-w47`, `2024W47`) or any `YYYY-MM-DD` date in that week.
    public init?(parsing text: String) {
        if let day = Day(parsing: text) {
            self.init(containing: day)
            return
        }
        let upper = text.uppercased()
        guard let wIndex = upper.firstIndex(of: "W") else { return nil }
        var yearPart = upper[..<wIndex]
        if yearPart.hasSuffix("-") { yearPart = yearPart.dropLast() }
        let weekPart = upper[upper.index(after: wIndex)...]
        guard yearPart.count == 4, (1...2).contains(weekPart.count),
              yearPart.allSatisfy(\.isASCII), weekPart.allSatisfy(\.isASCII),
              let year = Int(yearPart), let week = Int(weekPart),
              week >= 1, week <= ISOWeek.weeksIn(year: year) else { return nil }
        self.init(year: year, week: week)
    }

    /// How many ISO weeks the ISO year has (52 or 53).
    public static func weeksIn(year: Int) -> Int {
        // Dec 28 is always in the last ISO week of its year.
        guard let day = Day(year: year, month: 12, day: 28) else { return 52 }
        return ISOWeek(containing: day).week
    }

    /// Monday of the week.
    public var start: Day {
        let calendar = ISOWeek.calendar(TimeZone(identifier: "UTC") ?? .current)
        var parts = DateComponents()
        parts.yearForWeekOfYear = year
        parts.weekOfYear = week
        parts.weekday = 2
        parts.hour = 12
        let date = calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
        return Day(date: date, timeZone: TimeZone(identifier: "UTC") ?? .current)
    }

    /// Sunday of the week.
    public var end: Day { start.adding(days: 6) }

    public var description: String {
        "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        return calendar
    }
}
