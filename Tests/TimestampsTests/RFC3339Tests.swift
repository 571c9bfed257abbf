import Foundation
import Timestamps
import XCTest

/// The project's one RFC 3339 reader and writer, checked against independent arithmetic and
/// Foundation's ISO 8601 parser (for years where Foundation's calendar is Gregorian).
final class RFC3339Tests: XCTestCase {
    private func zone(_ seconds: Int) throws -> TimeZone { try XCTUnwrap(TimeZone(secondsFromGMT: seconds)) }

    func testParsesOffsetsFractionsAndBothCasesOfTAndZ() throws {
        let instant = 1_731_890_000.0 // 2024-11-18T00:33:20Z
        XCTAssertEqual(RFC3339.parse("2024-11-18T00:33:20Z")?.timeIntervalSince1970, instant)
        XCTAssertEqual(RFC3339.parse("2024-11-18t00:33:20z")?.timeIntervalSince1970, instant)
        XCTAssertEqual(RFC3339.parse("2024-11-18T09:33:20+09:00")?.timeIntervalSince1970, instant)
        XCTAssertEqual(RFC3339.parse("2024-11-17T19:03:20-05:30")?.timeIntervalSince1970, instant)
        XCTAssertEqual(RFC3339.parse("2024-11-18T00:33:20.25Z")?.timeIntervalSince1970, instant + 0.25)
        XCTAssertEqual(RFC3339.parse("2016-12-31T23:59:60Z")?.timeIntervalSince1970,
                       RFC3339.parse("2017-01-01T00:00:00Z")?.timeIntervalSince1970, "a leap second reads as the next second")
    }

    func testRefusesMalformedText() {
        for text in ["", "2024-11-18", "2024-11-18T09:30:00", "2024-11-18 09:30:00Z", "2024-02-30T00:00:00Z",
                     "0000-01-01T00:00:00Z", "2024-11-18T24:00:00Z", "2024-11-18T09:60:00Z", "2024-11-18T09:30:61Z",
                     "2024-11-18T09:30:00+0900", "2024-11-18T09:30:00+24:00", "2024-11-18T09:30:00.Z",
                     "2024-11-18T09:30:00ZZ", "２０２４-11-18T09:30:00Z", "2024-11-18T09:30:00+09:00 "] {
            XCTAssertNil(RFC3339.parse(text), text)
        }
    }

    func testFormatWritesLocalOffsetsAndZForUTC() throws {
        let date = Date(timeIntervalSince1970: 1_731_890_000)
        XCTAssertEqual(RFC3339.format(date, timeZone: RFC3339.utc), "2024-11-18T00:33:20Z")
        XCTAssertEqual(RFC3339.format(date, timeZone: try zone(9 * 3600)), "2024-11-18T09:33:20+09:00")
        XCTAssertEqual(RFC3339.format(date, timeZone: try zone(-(5 * 3600 + 1800))), "2024-11-17T19:03:20-05:30")
        XCTAssertEqual(RFC3339.format(date.addingTimeInterval(0.5), timeZone: RFC3339.utc, fractionalSeconds: true),
                       "2024-11-18T00:33:20.500Z")
        XCTAssertEqual(RFC3339.format(date, timeZone: RFC3339.utc, fractionalSeconds: true), "2024-11-18T00:33:20Z")
        // Before 1970 the day must floor, not truncate towards zero.
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: -1), timeZone: RFC3339.utc), "1969-12-31T23:59:59Z")
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: -0.5), timeZone: RFC3339.utc, fractionalSeconds: true),
                       "1969-12-31T23:59:59.500Z")
    }

    func testDatesOutsideTheRangeAreClampedNotTrapped() {
        XCTAssertEqual(RFC3339.format(.distantFuture, timeZone: RFC3339.utc).prefix(4), "4001")
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: 1e300), timeZone: RFC3339.utc), "9999-12-31T23:59:59Z")
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: -1e300), timeZone: RFC3339.utc), "0001-01-01T00:00:00Z")
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: .nan), timeZone: RFC3339.utc), "0001-01-01T00:00:00Z")
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: .infinity), timeZone: RFC3339.utc), "9999-12-31T23:59:59Z")
    }

    /// Round trips in zones east and west of UTC, across a seeded sample of instants from year 1 to 9999.
    func testRoundTripsEveryWhereInEveryZone() throws {
        let zones = try [0, 9 * 3600, 14 * 3600, -(10 * 3600), -(3 * 3600 + 1800), 5 * 3600 + 2700].map(zone)
        var seed: UInt64 = 0x5eed
        let low = Double(CivilDate.dayNumber(year: 1, month: 1, day: 2) * 86_400)
        let high = Double(CivilDate.dayNumber(year: 9999, month: 12, day: 30) * 86_400)
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let fraction = Double(seed >> 11) / Double(1 << 53)
            let instant = (low + (high - low) * fraction).rounded(.down)
            let date = Date(timeIntervalSince1970: instant)
            for zone in zones {
                let text = RFC3339.format(date, timeZone: zone)
                XCTAssertEqual(RFC3339.parse(text)?.timeIntervalSince1970, instant, text)
            }
        }
    }

    /// Foundation's own ISO 8601 parser agrees wherever its calendar is Gregorian.
    func testAgreesWithFoundationSince1583() throws {
        let style = Date.ISO8601FormatStyle()
        for text in ["1583-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2000-02-29T12:00:00+09:00", "2020-12-31T23:59:59-11:00",
                     "2024-11-18T09:30:00+09:00", "2038-01-19T03:14:08Z", "9999-12-31T23:59:59Z"] {
            XCTAssertEqual(RFC3339.parse(text), try style.parse(text), text)
        }
    }

    func testCivilDaysRoundTripAndKnowLeapYears() {
        XCTAssertEqual(CivilDate.dayNumber(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(CivilDate.dayNumber(year: 2000, month: 3, day: 1) - CivilDate.dayNumber(year: 2000, month: 2, day: 28), 2)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 1900), 28)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2000), 29)
        XCTAssertFalse(CivilDate.isValid(year: 2023, month: 2, day: 29))
        XCTAssertFalse(CivilDate.isValid(year: 10_000, month: 1, day: 1))
        var number = CivilDate.dayNumber(year: 1, month: 1, day: 1)
        let last = CivilDate.dayNumber(year: 9999, month: 12, day: 31)
        var previous = CivilDate.civil(dayNumber: number - 1)
        var wrong: [Int] = [] // one assertion at the end: 3.65 million XCTAsserts would take seconds
        while number <= last {
            let day = CivilDate.civil(dayNumber: number)
            if !CivilDate.isValid(year: day.year, month: day.month, day: day.day)
                || CivilDate.dayNumber(year: day.year, month: day.month, day: day.day) != number
                || !((previous.year, previous.month, previous.day) < (day.year, day.month, day.day)) {
                wrong.append(number)
            }
            previous = day
            number += 1
        }
        XCTAssertEqual(wrong.prefix(5), [], "day numbers whose civil date is wrong")
    }
}
