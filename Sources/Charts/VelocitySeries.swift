/// Items done per period (usually an ISO week such as `2024-W47`), for the team and optionally
/// per member: the input of `TextChart.velocity` and `SVGChart.velocity`, and the `--json` form
/// of `stats` (keys documented in docs/CHARTS.md).
public struct VelocitySeries: Codable, Equatable, Sendable {
    /// One period: its label, the team's total and the members' values.
    public struct Period: Codable, Equatable, Sendable {
        /// Shown as is, e.g. `2024-W47`.
        public var label: String
        /// Items done in the period by the whole team.
        public var done: Int
        /// Items done per member, in the order of `VelocitySeries.members`; empty when the series
        /// has no breakdown. Missing values count as 0 and extra ones are ignored.
        public var byMember: [Int]

        /// A period; `byMember` follows the order of the series' `members`.
        public init(label: String, done: Int, byMember: [Int] = []) {
            self.label = label
            self.done = done
            self.byMember = byMember
        }
    }

    /// The periods, oldest first.
    public var periods: [Period]
    /// Member names, in the order of every period's `byMember`; empty for a team-only series.
    public var members: [String]
    /// Mean of `done` over the periods.
    public var average: Double

    /// A series; `average` defaults to the mean of the periods' `done` (0 without periods).
    public init(periods: [Period], members: [String] = [], average: Double? = nil) {
        self.periods = periods
        self.members = members
        self.average = average ?? Self.mean(periods.map(\.done))
    }

    /// The value of member `index` in `period`: 0 when the period has no value for it.
    public func value(of period: Period, member index: Int) -> Int {
        index >= 0 && index < period.byMember.count ? period.byMember[index] : 0
    }

    /// Mean of clamped counts; 0 for none (never a division by zero).
    static func mean(_ values: [Int]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sum = values.reduce(0.0) { $0 + Double(ChartMath.clamp($1)) }
        return sum / Double(values.count)
    }
}
