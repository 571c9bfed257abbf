import Charts
import XCTest

/// Terminal charts of the recorded two-week scenario, exactly, and their behaviour on hostile input.
final class TextChartTests: XCTestCase {
    func testVelocityBarsOfTheScenario() {
        XCTAssertEqual(TextChart.velocity(Scenario.velocity), Expected.velocityBars)
    }

    func testVelocityPlainNumbersForPipes() {
        XCTAssertEqual(TextChart.velocity(Scenario.velocity, options: .init(style: .plain)), Expected.velocityPlain)
    }

    func testBurndownBarsOfTheScenario() {
        XCTAssertEqual(TextChart.burndown(Scenario.burndown), Expected.burndownBars)
    }

    func testBurndownPlainNumbersForPipes() {
        XCTAssertEqual(TextChart.burndown(Scenario.burndown, options: .init(style: .plain)), Expected.burndownPlain)
    }

    func testBurndownWithScopeChangesBars() {
        XCTAssertEqual(TextChart.burndown(Scenario.scopeChange), Expected.scopeBars)
    }

    func testBurndownWithScopeChangesPlainNumbersForPipes() {
        XCTAssertEqual(TextChart.burndown(Scenario.scopeChange, options: .init(style: .plain)), Expected.scopePlain)
    }

    func testScopeMarkerIsColouredApartFromTheIdeal() {
        let coloured = TextChart.burndown(Scenario.scopeChange, options: .init(color: true))
        XCTAssertTrue(coloured.contains("\u{1B}[35m┊\u{1B}[0m"), "the scope marker is magenta")
        XCTAssertTrue(coloured.contains("\u{1B}[33m│\u{1B}[0m"), "the ideal marker keeps its colour")
        XCTAssertEqual(withoutSGR(coloured), Expected.scopeBars)
    }

    func testKoreanWordsNarrowWidthAndTeamOnly() {
        let options = TextChartOptions(width: 40, showMembers: false, labels: .korean)
        XCTAssertEqual(TextChart.velocity(Scenario.velocity, options: options), Expected.velocityKoreanNarrow)
    }

    func testKoreanMemberNameLinesUpWithTheOtherRows() {
        let lines = TextChart.velocity(Scenario.velocity).split(separator: "\n").dropFirst()
        let starts = lines.map { line in TerminalText.width(String(line.prefix { !"█▏▎▍▌▋▊▉".contains($0) })) }
        XCTAssertEqual(Set(starts), [10], "every bar starts in column 10")
        XCTAssertEqual(Set(lines.map { TerminalText.width(String($0)) }), [80], "every row fills 80 columns")
    }

    func testColourWrapsOnlyTheBarsAndLeavesTheLayout() {
        let coloured = TextChart.velocity(Scenario.velocity, options: .init(color: true))
        XCTAssertTrue(coloured.contains("\u{1B}[36m█"), "team bars are coloured")
        XCTAssertTrue(coloured.contains("\u{1B}[33m┆\u{1B}[0m"), "the average marker is coloured")
        XCTAssertEqual(withoutSGR(coloured), Expected.velocityBars)
        let burndown = TextChart.burndown(Scenario.burndown, options: .init(color: true))
        XCTAssertTrue(burndown.contains("\u{1B}[31m"), "days above the ideal are red")
        XCTAssertFalse(TextChart.burndown(Scenario.burndown).contains("\u{1B}"), "no colour unless asked")
    }

    func testHostileLabelsAreEscapedNotPrinted() {
        let series = VelocitySeries(periods: [.init(label: "\u{1B}]0;pwned\u{07}", done: 2, byMember: [2])],
                                    members: ["\u{1B}[2J\u{202E}eve\r"])
        for style in [TextChartOptions.Style.bars, .plain] {
            let text = TextChart.velocity(series, options: .init(style: style))
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{202E}" }
            XCTAssertEqual(controls.count, 0, "\(style): \(text.debugDescription)")
            XCTAssertTrue(text.contains("\\u{1B}"), "the escape is shown, visibly")
        }
        let days = BurndownSeries(total: 1, days: [("\u{1B}[1A", 1, true), ("ok", 0, true)], today: "ok")
        XCTAssertFalse(TextChart.burndown(days).unicodeScalars.contains("\u{1B}"))
    }

    func testEmptySeriesSayNoData() {
        let empty = VelocitySeries(periods: [])
        XCTAssertEqual(TextChart.velocity(empty), "Done per week · ┆ average 0.0\nno data\n")
        let zeros = VelocitySeries(periods: [.init(label: "2024-W47", done: 0), .init(label: "2024-W48", done: 0)])
        XCTAssertTrue(TextChart.velocity(zeros).hasSuffix("\nno data\n"))
        let single = BurndownSeries(total: 3, days: [("2024-11-18", 2, true)])
        XCTAssertEqual(TextChart.burndown(single), "Open items at each day's end · start 3 · │ ideal\nno data\n")
        XCTAssertTrue(TextChart.burndown(BurndownSeries(total: 0, days: [BurndownSeries.Day]())).hasSuffix("\nno data\n"))
        XCTAssertEqual(TextChart.velocity(empty, options: .init(style: .plain)), "week     done\naverage   0.0\n")
    }

    func testHugeAndNegativeCountsAreClampedNotTrapped() {
        let series = VelocitySeries(periods: [.init(label: "a", done: Int.max, byMember: [Int.min]), .init(label: "b", done: -3)],
                                    members: ["m"], average: .nan)
        let text = TextChart.velocity(series)
        XCTAssertTrue(text.contains(" 1000000000\n"), text)
        XCTAssertTrue(text.contains("average 0.0"), "NaN average is shown as 0")
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { TerminalText.width(String($0)) <= 80 })
        let days = BurndownSeries(total: Int.min, days: [.init(day: "d1", open: Int.max, ideal: .infinity),
                                                         .init(day: "d2", open: -1, ideal: -.infinity)])
        XCTAssertTrue(TextChart.burndown(days).contains("1000000000"))
        XCTAssertFalse(TextChart.burndown(days, options: .init(width: Int.max)).isEmpty)
    }
}

/// `text` without ANSI SGR sequences (ESC [ digits and semicolons m).
private func withoutSGR(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var inSequence = false
    for scalar in text.unicodeScalars {
        if scalar == "\u{1B}" { inSequence = true } else if inSequence { inSequence = scalar != "m" } else { result.append(scalar) }
    }
    return String(result)
}

/// The expected charts of `Scenario`, checked by eye once and recorded.
private enum Expected {
    static let velocityBars = """
        Done per week · ┆ average 4.0
        2024-W47  ███████████████████████████████████████████████████████████████████  5
          김민준  ████████████████████████████████████████▎                            3
          alice   ██████████████████████████▊                                          2
        2024-W48  ████████████████████████████████████████▎            ┆               3
          김민준  █████████████▍                                                       1
          alice   ██████████████████████████▊                                          2

        """

    static let velocityPlain = """
        week      done  김민준  alice
        2024-W47     5       3      2
        2024-W48     3       1      2
        average    4.0

        """

    static let burndownBars = """
        Open items at each day's end · start 10 · │ ideal
        2024-11-18  ██████████████████████████████████████████████│█████  10  9.0
        2024-11-19  █████████████████████████████████████████│████▊        9  8.0
        2024-11-20  ████████████████████████████████████│█████████▊        9  7.0
        2024-11-21  ███████████████████████████████│████▍                  7  6.0
        2024-11-22  █████████████████████████│█████▎                       6  5.0
        2024-11-23  █████████████████████████│█████▎                       6  5.0
        2024-11-24  █████████████████████████│█████▎                       6  5.0
        2024-11-25  ████████████████████│█████                             5  4.0
        2024-11-26  ███████████████│████▊                                  4  3.0
        2024-11-27  ██████████│█████████▊                                  4  2.0  today
        2024-11-28       │                                                 -  1.0
        2024-11-29  │                                                      -  0.0

        """

    static let burndownPlain = """
        day         open  ideal
        start         10   10.0
        2024-11-18    10    9.0
        2024-11-19     9    8.0
        2024-11-20     9    7.0
        2024-11-21     7    6.0
        2024-11-22     6    5.0
        2024-11-23     6    5.0
        2024-11-24     6    5.0
        2024-11-25     5    4.0
        2024-11-26     4    3.0
        2024-11-27     4    2.0  today
        2024-11-28     -    1.0
        2024-11-29     -    0.0

        """

    static let scopeBars = """
        Open items at each day's end · scope 5 · +1 added · -1 removed · │ ideal · ┊ scope
                                                           open  ideal  scope
        2024-11-18  ████████████████████████│█████▉           5    4.0      5
        2024-11-19  ██████████████████│█████▋     ┊           4    3.0      5
        2024-11-20  ████████████│███████████▋           ┊     4    2.0      6  +1
        2024-11-21  ██████│█████▍                 ┊           2    1.0      5  -1
        2024-11-22  │███████████▍                 ┊           2    0.0      5      today
        2024-11-23  │                                         -    0.0      -
        2024-11-24  │                                         -    0.0      -

        """

    static let scopePlain = """
        day         open  ideal  scope  added  removed
        start          5    5.0      5      -        -
        2024-11-18     5    4.0      5      0        0
        2024-11-19     4    3.0      5      0        0
        2024-11-20     4    2.0      6      1        0
        2024-11-21     2    1.0      5      0        1
        2024-11-22     2    0.0      5      0        0  today
        2024-11-23     -    0.0      -      -        -
        2024-11-24     -    0.0      -      -        -

        """

    static let velocityKoreanNarrow = """
        주별 완료 · ┆ 평균 4.0
        2024-W47  ███████████████████████████  5
        2024-W48  ████████████████▎    ┆       3

        """
}
