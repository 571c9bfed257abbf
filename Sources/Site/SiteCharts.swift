import Charts
import TeamflowCore

/// The chart series the site draws, computed elsewhere (from events, by the history module)
/// and handed in, so the site stays a pure rendering of state plus series. Empty by default:
/// pages then show no chart at all.
public struct SiteCharts: Sendable, Equatable {
    /// Done per week, team and members; drawn on the dashboard.
    public var velocity: VelocitySeries?
    /// Burndown per sprint, keyed by the sprint's id; the sprint overlapping this week is drawn
    /// on the dashboard.
    public var sprintBurndowns: [String: BurndownSeries]
    /// Burndown per week; drawn on the week's page (and this week's on the dashboard).
    public var weekBurndowns: [ISOWeek: BurndownSeries]

    /// Charts; every series is optional.
    public init(velocity: VelocitySeries? = nil, sprintBurndowns: [String: BurndownSeries] = [:],
                weekBurndowns: [ISOWeek: BurndownSeries] = [:]) {
        self.velocity = velocity
        self.sprintBurndowns = sprintBurndowns
        self.weekBurndowns = weekBurndowns
    }

    /// No series: pages without charts.
    public static let none = SiteCharts()
}
