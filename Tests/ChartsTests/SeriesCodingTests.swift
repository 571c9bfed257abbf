import Charts
import Foundation
import XCTest

/// The series' JSON keys (the `--json` contract in docs/CHARTS.md), the ideal line and the average.
final class SeriesCodingTests: XCTestCase {
    private func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testVelocityKeysAndRoundTrip() throws {
        let text = try json(Scenario.velocity)
        XCTAssertEqual(text, #"{"average":4,"members":["김민준","alice"],"periods":[{"byMember":[3,2],"done":5,"label":"2024-W47"},"#
            + #"{"byMember":[1,2],"done":3,"label":"2024-W48"}]}"#)
        XCTAssertEqual(try JSONDecoder().decode(VelocitySeries.self, from: Data(text.utf8)), Scenario.velocity)
    }

    func testBurndownKeysWriteNullForDaysWithoutValueAndNoToday() throws {
        let series = BurndownSeries(total: 2, days: [("2024-11-18", 1, true), ("2024-11-19", nil, true)])
        let text = try json(series)
        XCTAssertEqual(text, #"{"added":0,"days":[{"added":0,"day":"2024-11-18","ideal":1,"open":1,"removed":0,"scope":null,"working":true},"#
            + #"{"added":0,"day":"2024-11-19","ideal":0,"open":null,"removed":0,"scope":null,"working":true}],"#
            + #""removed":0,"scope":2,"today":null,"total":2}"#)
        XCTAssertEqual(try JSONDecoder().decode(BurndownSeries.self, from: Data(text.utf8)), series)
        // JSON written before the scope line: the baseline under `total`, no scope keys.
        let minimal = #"{"total":3,"days":[{"day":"2024-11-18","ideal":1.5}]}"#
        let decoded = try JSONDecoder().decode(BurndownSeries.self, from: Data(minimal.utf8))
        XCTAssertEqual(decoded.days, [BurndownSeries.Day(day: "2024-11-18", open: nil, ideal: 1.5, working: true)])
        XCTAssertEqual(decoded.scope, 3)
        XCTAssertEqual(decoded.total, 3)
        XCTAssertEqual([decoded.added, decoded.removed], [0, 0])
        XCTAssertFalse(decoded.hasScopeLine)
        XCTAssertNil(decoded.today)
    }

    func testScopeKeysAndTotalAsItsAlias() throws {
        let series = Scenario.scopeChange
        XCTAssertEqual([series.scope, series.total, series.added, series.removed], [5, 5, 1, 1], "totals are the days' sums")
        let text = try json(series)
        XCTAssertTrue(text.contains(#""scope":5,"today":"2024-11-22","total":5"#), text)
        XCTAssertTrue(text.contains(#"{"added":1,"day":"2024-11-20","ideal":2,"open":4,"removed":0,"scope":6,"working":true}"#), text)
        XCTAssertTrue(text.contains(#"{"added":0,"day":"2024-11-23","ideal":0,"open":null,"removed":0,"scope":null,"working":false}"#), text)
        XCTAssertEqual(try JSONDecoder().decode(BurndownSeries.self, from: Data(text.utf8)), series)
        let scopeWins = #"{"scope":4,"total":9,"added":2,"removed":0,"days":[]}"#
        let decoded = try JSONDecoder().decode(BurndownSeries.self, from: Data(scopeWins.utf8))
        XCTAssertEqual([decoded.scope, decoded.added], [4, 2], "`scope` is read first; given totals are kept")
        var alias = series
        alias.total = 7
        XCTAssertEqual(alias.scope, 7, "setting the alias sets the baseline")
    }

    func testIdealFallsOverWorkingDaysAndHoldsOnOthers() {
        XCTAssertEqual(Scenario.scopeChange.days.map(\.ideal), [4, 3, 2, 1, 0, 0, 0], "from the baseline to 0 on Friday")
        XCTAssertEqual(BurndownSeries.idealLine(from: 3, working: []), [])
        XCTAssertEqual(Scenario.burndown.days.map(\.ideal), [9, 8, 7, 6, 5, 5, 5, 4, 3, 2, 1, 0])
        let none = BurndownSeries(total: 4, days: [("2024-11-23", nil, false), ("2024-11-24", nil, false)])
        XCTAssertEqual(none.days.map(\.ideal), [4, 4], "no working day: the ideal stays at the total, no division by zero")
        let negative = BurndownSeries(total: -5, days: [("d1", 0, true)])
        XCTAssertEqual(negative.days.map(\.ideal), [0])
    }

    func testAverageDefaultsToTheMeanAndIsZeroWithoutPeriods() {
        XCTAssertEqual(Scenario.velocity.average, 4)
        XCTAssertEqual(VelocitySeries(periods: []).average, 0)
        XCTAssertEqual(VelocitySeries(periods: [.init(label: "a", done: 1), .init(label: "b", done: -7)]).average, 0.5,
                       "negative counts count as 0")
        XCTAssertEqual(VelocitySeries(periods: [.init(label: "a", done: 1)], average: 2.5).average, 2.5)
        XCTAssertEqual(Scenario.velocity.value(of: Scenario.velocity.periods[0], member: 5), 0)
    }
}
