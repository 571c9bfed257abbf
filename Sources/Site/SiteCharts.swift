public import Insights

/// The chart series the site draws, computed elsewhere (from events, by the history module)
/// and handed in, so the site stays a pure rendering of state plus series. Empty by default:
/// pages then show no chart at all.
public typealias SiteCharts = ChartSet
