import Foundation
import XCTest
@testable import TeamflowCore

/// The text helpers the domain keeps for reviews (line ends, state labels, timestamps).
final class ReviewTextTests: XCTestCase {
    func testLineEndNormalisationTurnsEveryCRIntoOneNewline() {
        XCTAssertEqual(Markdown.normalizingLineEnds("a\r\nb\rc\n\r\n\r\rd"), "a\nb\nc\n\n\n\nd")
        XCTAssertEqual(Markdown.normalizingLineEnds("배포 🚀\n"), "배포 🚀\n")
    }

    func testReviewStateLabelsAndTextThatOnlyRepeatsTheState() {
        func comment(_ text: String, _ state: String?) -> ReviewComment {
            ReviewComment(id: "x", author: "a", text: text, at: "2024-11-18T01:00:00Z", state: state, clock: 1)
        }
        XCTAssertEqual(comment("approved", "approved").stateLabel, "✅ approved")
        XCTAssertEqual(comment("x", "changes_requested").stateLabel, "✋ changes requested")
        XCTAssertEqual(comment("x", "commented").stateLabel, "💬 commented")
        XCTAssertEqual(comment("x", "dismissed").stateLabel, "🚫 dismissed")
        XCTAssertEqual(comment("x", "pending").stateLabel, "⏳ pending")
        XCTAssertEqual(comment("x", "some_new_state").stateLabel, "some new state")
        XCTAssertNil(comment("x", nil).stateLabel)
        XCTAssertTrue(comment("changes requested", "changes_requested").textRepeatsState)
        XCTAssertFalse(comment("LGTM", "approved").textRepeatsState)
        XCTAssertFalse(comment("approved", nil).textRepeatsState, "an old event's text is shown as it is")
    }

    func testTimestampsReadInTheLocalZoneWithTheOffset() throws {
        let seoul = try XCTUnwrap(TimeZone(identifier: "Asia/Seoul"))
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let newYork = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        XCTAssertEqual(Timestamp.display("2024-11-18T05:03:59Z", timeZone: seoul), "2024-11-18 14:03 +09:00")
        XCTAssertEqual(Timestamp.display("2024-11-18T23:30:00+09:00", timeZone: utc), "2024-11-18 14:30 +00:00")
        XCTAssertEqual(Timestamp.display("2024-11-18T05:00:00.5Z", timeZone: newYork), "2024-11-18 00:00 -05:00")
        XCTAssertEqual(Timestamp.display("2024-07-01T04:00:00Z", timeZone: newYork), "2024-07-01 00:00 -04:00")
        XCTAssertEqual(Timestamp.display("yesterday", timeZone: seoul), "yesterday")
    }
}
