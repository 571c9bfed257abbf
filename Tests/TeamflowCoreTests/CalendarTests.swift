import Foundation
import XCTest
@testable import TeamflowCore

/// ISO weeks over the whole range of dates, and the two environment settings of the calendar.
final class CalendarTests: XCTestCase {
    func testWeekParsingRefusesYearZeroAndWeeksLeavingTheDateRange() {
        XCTAssertNil(ISOWeek(parsing: "0000-W01"))
        XCTAssertNil(ISOWeek(parsing: "0000-W52"))
        XCTAssertNil(ISOWeek(parsing: "9999-W52"), "ends on 10000-01-02")
        XCTAssertNil(ISOWeek(parsing: "9999-12-31"), "the date is valid, its week is not")
        XCTAssertNil(ISOWeek(parsing: "2024-W53"))
        XCTAssertNil(ISOWeek(parsing: "2024-W00"))
        XCTAssertNil(ISOWeek(parsing: "10000-W01"))
        XCTAssertEqual(ISOWeek(parsing: "0001-W01"), ISOWeek(year: 1, week: 1))
        XCTAssertEqual(ISOWeek(parsing: "9999-W51"), ISOWeek(year: 9999, week: 51))
        XCTAssertEqual(ISOWeek(parsing: "2020-W53"), ISOWeek(year: 2020, week: 53))
        XCTAssertEqual(ISOWeek(parsing: "2024-w47"), ISOWeek(year: 2024, week: 47))
    }

    func testWeeksAreProlepticGregorianAtBothEnds() {
        // 0001-01-01 was a Monday in the proleptic Gregorian calendar.
        let first = ISOWeek(year: 1, week: 1)
        XCTAssertEqual(first.start.description, "0001-01-01")
        XCTAssertEqual(first.end.description, "0001-01-07")
        XCTAssertEqual(ISOWeek(parsing: "0001-01-01"), first)
        XCTAssertEqual(first.description, "0001-W01")
        XCTAssertEqual(ISOWeek(parsing: "1582-10-10")?.description, "1582-W40", "a Sunday, in the proleptic calendar (no Julian gap)")
        XCTAssertEqual(ISOWeek(year: 9999, week: 51).end.description, "9999-12-26")
    }

    func testWeeksMatchKnownISOCalendars() throws {
        let cases: [(String, String)] = [
            ("2024-11-18", "2024-W47"), ("2024-11-24", "2024-W47"), ("2024-12-30", "2025-W01"),
            ("2021-01-03", "2020-W53"), ("2026-01-01", "2026-W01"), ("2027-01-01", "2026-W53"),
            ("2000-02-29", "2000-W09"), ("1900-01-01", "1900-W01"),
        ]
        for (day, week) in cases {
            XCTAssertEqual(ISOWeek(parsing: day)?.description, week, day)
        }
        XCTAssertEqual(ISOWeek(year: 2024, week: 47).start.description, "2024-11-18")
        XCTAssertEqual(ISOWeek(year: 2020, week: 53).end.description, "2021-01-03")
        XCTAssertEqual(ISOWeek.weeksIn(year: 2020), 53)
        XCTAssertEqual(ISOWeek.weeksIn(year: 2024), 52)
        // Every day of 400 years maps into a week whose seven days hold it (a full Gregorian cycle).
        var number = try XCTUnwrap(Day(year: 2000, month: 1, day: 1)).dayNumber
        let stop = try XCTUnwrap(Day(year: 2400, month: 1, day: 1)).dayNumber
        while number < stop {
            let week = ISOWeek(containing: Day(dayNumber: number))
            XCTAssertTrue((week.start.dayNumber...week.end.dayNumber).contains(number))
            XCTAssertEqual(week.start.isoWeekday, 1)
            number += 1
        }
    }

    func testDayArithmeticCrossesMonthsYearsAndLeapDays() throws {
        let day = try XCTUnwrap(Day(year: 2024, month: 2, day: 28))
        XCTAssertEqual(day.adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(day.adding(days: 2).description, "2024-03-01")
        XCTAssertEqual(day.adding(days: -59).description, "2023-12-31")
        XCTAssertEqual(Day(dayNumber: 0).description, "1970-01-01")
        XCTAssertEqual(Day(dayNumber: 0).isoWeekday, 4)
    }

    func testTZNamesColonFormsPathsAndPOSIXOffsets() throws {
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "Asia/Seoul").identifier, "Asia/Seoul")
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: ":Asia/Seoul").identifier, "Asia/Seoul")
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "/usr/share/zoneinfo/Asia/Seoul").identifier, "Asia/Seoul")
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "UTC").secondsFromGMT(), 0)
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "").secondsFromGMT(), 0)
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "KST-9").secondsFromGMT(), 9 * 3600)
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "UTC0").secondsFromGMT(), 0)
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "<+0530>-5:30").secondsFromGMT(), 5 * 3600 + 1800)
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: "XYZ+3").secondsFromGMT(), -3 * 3600)
        XCTAssertEqual(try ClockSettings.timeZone(fromTZ: nil), TimeZone.current)
    }

    func testUnknownTZAndDaylightRulesAreEnvironmentErrors() {
        for value in ["Mars/Olympus", "asia/seoul", "KST", "KST-99", "K-9", "CET-1CEST,M3.5.0,M10.5.0/3", "/tmp/zone", ":"] {
            XCTAssertThrowsError(try ClockSettings.timeZone(fromTZ: value), value) { error in
                XCTAssertEqual((error as? TeamflowError)?.kind, .environment, value)
                XCTAssertTrue((error as? TeamflowError)?.message.hasPrefix("TZ='\(value)'") == true, "\(error)")
            }
        }
    }

    func testTEAMFLOW_NOWIsRFC3339OrAnEnvironmentError() throws {
        let wall = Date(timeIntervalSince1970: 1_000)
        XCTAssertEqual(try ClockSettings.now(fromTEAMFLOW_NOW: nil, wallClock: wall), wall)
        XCTAssertEqual(try ClockSettings.now(fromTEAMFLOW_NOW: "", wallClock: wall), wall)
        XCTAssertEqual(try ClockSettings.now(fromTEAMFLOW_NOW: "2024-11-18T09:00:00+09:00", wallClock: wall),
                       Date(timeIntervalSince1970: 1_731_888_000))
        for value in ["yesterday", "2024-11-18", "2024-11-18T09:00:00", "0000-01-01T00:00:00Z"] {
            XCTAssertThrowsError(try ClockSettings.now(fromTEAMFLOW_NOW: value, wallClock: wall), value) { error in
                let error = error as? TeamflowError
                XCTAssertEqual(error?.kind, .environment)
                XCTAssertTrue(error?.message.contains("TEAMFLOW_NOW") == true)
                XCTAssertTrue(error?.hints.joined().contains("2024-11-18T09:00:00+09:00") == true)
            }
        }
    }
}

/// Weeks at the edges of ISO week-years, and `Day`/`Timestamp` round trips in zones east and west of UTC.
final class CalendarEdgeTests: XCTestCase {
    func testISOWeekYearsAtTheirEdges() throws {
        let cases: [(String, String)] = [
            ("2020-12-28", "2020-W53"), ("2021-01-03", "2020-W53"), ("2021-01-04", "2021-W01"),
            ("2026-12-28", "2026-W53"), ("2027-01-03", "2026-W53"), ("2027-01-04", "2027-W01"),
            ("2024-12-29", "2024-W52"), ("2024-12-30", "2025-W01"), ("2025-01-05", "2025-W01"),
            ("2008-12-29", "2009-W01"), ("2010-01-03", "2009-W53"),
        ]
        for (day, week) in cases { XCTAssertEqual(ISOWeek(parsing: day)?.description, week, day) }
        XCTAssertEqual(ISOWeek(year: 2026, week: 53).start.description, "2026-12-28")
        XCTAssertEqual(ISOWeek(year: 2026, week: 53).end.description, "2027-01-03")
        XCTAssertEqual(ISOWeek(year: 2027, week: 1).start.description, "2027-01-04")
        XCTAssertEqual(ISOWeek(year: 2025, week: 1).start.description, "2024-12-30")
        XCTAssertEqual(ISOWeek.weeksIn(year: 2026), 53)
        XCTAssertEqual(ISOWeek.weeksIn(year: 2027), 52)
        XCTAssertNil(ISOWeek(parsing: "2027-W53"))
        XCTAssertNotNil(ISOWeek(parsing: "2026-W53"))
        XCTAssertNotNil(ISOWeek(parsing: "2020-W53"))
    }

    func testDaysRoundTripThroughText() throws {
        for text in ["0001-01-01", "1582-10-10", "1970-01-01", "2024-02-29", "2024-12-30", "9999-12-31"] {
            XCTAssertEqual(Day(parsing: text)?.description, text)
        }
        for text in ["2023-02-29", "2024-13-01", "2024-1-01", "10000-01-01", "0000-01-01", "2024-01-32"] {
            XCTAssertNil(Day(parsing: text), text)
        }
    }

    /// The same instant is a different day (and week) east and west of UTC; writing and
    /// reading a timestamp in each zone gives back the instant and that zone's day.
    func testTimestampsAndDaysInZonesEastAndWestOfUTC() throws {
        let instant = try XCTUnwrap(Timestamp.parse("2024-12-29T20:30:00Z")) // a Sunday evening in UTC
        let seoul = try XCTUnwrap(TimeZone(identifier: "Asia/Seoul"))
        let kiritimati = try XCTUnwrap(TimeZone(secondsFromGMT: 14 * 3600))
        let honolulu = try XCTUnwrap(TimeZone(identifier: "Pacific/Honolulu"))
        let newYork = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        let utc = try XCTUnwrap(TimeZone(secondsFromGMT: 0))
        let expected: [(TimeZone, String, String, String)] = [
            (utc, "2024-12-29T20:30:00Z", "2024-12-29", "2024-W52"),
            (seoul, "2024-12-30T05:30:00+09:00", "2024-12-30", "2025-W01"),
            (kiritimati, "2024-12-30T10:30:00+14:00", "2024-12-30", "2025-W01"),
            (honolulu, "2024-12-29T10:30:00-10:00", "2024-12-29", "2024-W52"),
            (newYork, "2024-12-29T15:30:00-05:00", "2024-12-29", "2024-W52"),
        ]
        for (zone, text, day, week) in expected {
            XCTAssertEqual(Timestamp.format(instant, timeZone: zone), text)
            XCTAssertEqual(Timestamp.parse(text), instant, text)
            XCTAssertEqual(Day(date: instant, timeZone: zone).description, day, zone.identifier)
            XCTAssertEqual(ISOWeek(containing: instant, timeZone: zone).description, week, zone.identifier)
        }
        // Daylight saving: New York in July is UTC-4.
        let july = try XCTUnwrap(Timestamp.parse("2024-07-01T12:00:00Z"))
        XCTAssertEqual(Timestamp.format(july, timeZone: newYork), "2024-07-01T08:00:00-04:00")
        XCTAssertEqual(Timestamp.display("2024-07-01T12:00:00Z", timeZone: seoul), "2024-07-01 21:00 +09:00")
        XCTAssertEqual(Timestamp.display("not a time", timeZone: seoul), "not a time")
    }
}
