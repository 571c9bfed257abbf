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
}
