import Charts

/// A recorded two-week scenario: a team of two (one with a Korean name) finishing five items in
/// week 47 and three in week 48, and the burndown of the sprint over those two weeks.
enum Scenario {
    static let velocity = VelocitySeries(
        periods: [
            .init(label: "2024-W47", done: 5, byMember: [3, 2]),
            .init(label: "2024-W48", done: 3, byMember: [1, 2]),
        ],
        members: ["김민준", "alice"])

    /// Ten items over two weeks of weekdays (weekends do not count), seen on Thursday of week two.
    static let burndown = BurndownSeries(
        total: 10,
        days: [
            ("2024-11-18", 10, true), ("2024-11-19", 9, true), ("2024-11-20", 9, true), ("2024-11-21", 7, true),
            ("2024-11-22", 6, true), ("2024-11-23", 6, false), ("2024-11-24", 6, false), ("2024-11-25", 5, true),
            ("2024-11-26", 4, true), ("2024-11-27", 4, true), ("2024-11-28", nil, true), ("2024-11-29", nil, true),
        ],
        today: "2024-11-27")

    /// A week planned on Monday with five tasks, one added on Wednesday, one removed on
    /// Thursday, three done, seen on Friday: the baseline, a step up and a step down of the scope.
    static let scopeChange: BurndownSeries = {
        let open: [Int?] = [5, 4, 4, 2, 2, nil, nil], scope: [Int?] = [5, 5, 6, 5, 5, nil, nil]
        let added = [0, 0, 1, 0, 0, 0, 0], removed = [0, 0, 0, 1, 0, 0, 0]
        let working = [true, true, true, true, true, false, false]
        let ideal = BurndownSeries.idealLine(from: 5, working: working)
        let days = (0..<7).map { index in
            BurndownSeries.Day(day: "2024-11-\(18 + index)", open: open[index], ideal: ideal[index], working: working[index],
                               scope: scope[index], added: added[index], removed: removed[index])
        }
        return BurndownSeries(scope: 5, days: days, today: "2024-11-22")
    }()

    /// Thirteen weeks ending with the current one (2024-W48): more than fit a label each.
    static let quarter = VelocitySeries(periods: (36...48).map { .init(label: "2024-W\($0)", done: $0 % 4 + 1) })
}
