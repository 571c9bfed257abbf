import Foundation
import TeamflowCore
import XCTest

/// Dates as people type them: words, weekdays and offsets against a fixed today.
final class RelativeDayTests: XCTestCase {
    // 2024-11-20 is a Wednesday.
    let wednesday = Day(year: 2024, month: 11, day: 20)!

    func day(_ text: String) -> String? { Day.relative(text, today: wednesday)?.description }

    func testWordsAndKoreanWords() {
        XCTAssertEqual(day("today"), "2024-11-20")
        XCTAssertEqual(day("Tomorrow"), "2024-11-21")
        XCTAssertEqual(day("yesterday"), "2024-11-19")
        XCTAssertEqual(day("내일"), "2024-11-21")
        XCTAssertEqual(day("2024-12-06"), "2024-12-06")
    }

    func testAWeekdayIsTheNearestOnOrAfterToday() {
        XCTAssertEqual(day("fri"), "2024-11-22")
        XCTAssertEqual(day("Friday"), "2024-11-22")
        XCTAssertEqual(day("금요일"), "2024-11-22")
        XCTAssertEqual(day("wed"), "2024-11-20", "today's weekday is today")
        XCTAssertEqual(day("mon"), "2024-11-25", "a weekday already past is next week's")
    }

    func testOffsetsInDaysAndWeeks() {
        XCTAssertEqual(day("+3d"), "2024-11-23")
        XCTAssertEqual(day("3d"), "2024-11-23")
        XCTAssertEqual(day("-1d"), "2024-11-19")
        XCTAssertEqual(day("+2w"), "2024-12-04")
        XCTAssertEqual(day("+0d"), "2024-11-20")
    }

    func testAnythingElseIsNoDate() {
        for text in ["", "fr", "+d", "+3x", "++3d", "+3.5d", "+99999d", "+١d", "next friday", "2024-13-01"] {
            XCTAssertNil(day(text), text)
        }
    }

    func testTheSessionReadsThemAndSaysWhatItTakes() throws {
        let session = Session(author: nil, now: try XCTUnwrap(Timestamp.parse("2024-11-20T10:00:00+09:00")),
                              timeZone: try XCTUnwrap(TimeZone(identifier: "Asia/Seoul")))
        XCTAssertEqual(try session.day("fri").description, "2024-11-22")
        XCTAssertThrowsError(try session.day("someday")) { error in
            let error = error as? TeamflowError
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertTrue(error?.hints.joined().contains("+3d") ?? false)
        }
    }
}
