public import Foundation
import Timestamps

/// A calendar day, written `YYYY-MM-DD`; no time, no zone.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A valid day, or nil (`2024-02-30` is not one).
    public init?(year: Int, month: Int, day: Int) {
        guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day `date` falls on in `timeZone`.
    /// (Proleptic Gregorian, like every other date here; clamped to years 0001...9999.)
    public init(date: Date, timeZone: TimeZone) {
        let parts = RFC3339.Parts(date, offset: timeZone.secondsFromGMT(for: date))
        self.year = parts.year
        self.month = parts.month
        self.day = parts.day
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilDate.daysIn(month: month, year: year) }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (negative before it).
    ///
    /// Arithmetic, not Foundation's calendar: Foundation switches to the Julian calendar before
    /// October 1582, and weeks and day counts must hold for every year 0001...9999.
    var dayNumber: Int { Day.dayNumber(year: year, month: month, day: day) }

    /// The day `number` days after 1970-01-01 (a year past 9999 is kept, not refused).
    init(dayNumber number: Int) {
        let (y, m, d) = Day.civil(dayNumber: number)
        year = y
        month = m
        day = d
    }

    /// ISO weekday: 1 Monday ... 7 Sunday.
    var isoWeekday: Int { Day.isoWeekday(dayNumber: dayNumber) }

    static func isoWeekday(dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (4).
        ((dayNumber % 7) + 7 + 3) % 7 + 1
    }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        CivilDate.dayNumber(year: year, month: month, day: day)
    }

    static func civil(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        CivilDate.civil(dayNumber: dayNumber)
    }

    public func adding(days: Int) -> Day {
        Day(dayNumber: dayNumber + days)
    }

    public var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension Int {
    /// The decimal digits, left-padded with zeros to `width` (dates and times on the wire).
    func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
