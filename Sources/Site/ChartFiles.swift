import Charts
import TeamflowCore

/// The chart images of a site: which series become which file under `charts/`, and their SVG.
/// Only series of things the site shows are drawn (a live sprint, a week with a page).
struct ChartFiles {
    private(set) var velocity: String?
    /// By sprint id.
    private(set) var sprints: [Sprint.ID: String] = [:]
    /// By week (`2024-W47`).
    private(set) var weeks: [String: String] = [:]
    /// Every chart file with its SVG, sorted by path.
    private(set) var files: [SiteFile] = []

    init(charts: SiteCharts, map: SiteMap, language: SiteLanguage) {
        let labels = language == .ko ? ChartLabels.korean : ChartLabels.english
        func options(_ id: String) -> SVGChartOptions { SVGChartOptions(labels: labels, idPrefix: id) }
        if let series = charts.velocity {
            velocity = "charts/velocity.svg"
            files.append(SiteFile(path: "charts/velocity.svg", contents: SVGChart.velocity(series, options: options("velocity"))))
        }
        var names = FileNames()
        for sprint in map.state.liveSprints {
            guard let series = charts.sprintBurndowns[sprint.id] else { continue }
            let path = "charts/" + names.claim("burndown-sprint-" + FileNames.ascii(sprint.shortID), suffix: sprint.id.rawValue) + ".svg"
            sprints[sprint.id] = path
            files.append(SiteFile(path: path, contents: SVGChart.burndown(series, options: options("burndown"))))
        }
        for week in map.weeks {
            guard let series = charts.weekBurndowns[week] else { continue }
            let path = "charts/burndown-\(week).svg"
            weeks[week.description] = path
            files.append(SiteFile(path: path, contents: SVGChart.burndown(series, options: options("burndown"))))
        }
        files.sort { $0.path < $1.path }
    }
}
