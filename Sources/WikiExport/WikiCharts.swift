import Charts
public import Insights
import TeamflowCore

/// The chart series a wiki export draws, computed by `Insights.chartSet` and
/// handed in: `charts/velocity.svg` and a sprint's burndown on Home, each week's burndown on its
/// page. With none (`.none`) the export is exactly the wiki without charts.
public typealias WikiCharts = ChartSet

/// Writes the chart files and puts `![title](charts/….svg)` lines under the first heading of
/// Home and of the week pages (after rendering, so overridden layouts get them too).
struct ChartEmbedding {
    static let folder = "charts"

    let site: WikiSite
    let charts: WikiCharts
    let language: WikiLanguage

    func apply(to pages: [WikiFile]) -> [WikiFile] {
        let labels = language == .ko ? ChartLabels.korean : ChartLabels.english
        var files: [WikiFile] = []
        var embeds: [String: [String]] = [:] // page file name -> image lines
        func image(_ alt: String, _ path: String) -> String { "![\(Inline.linkText(alt))](\(path))" }

        if let series = charts.velocity {
            let path = "\(Self.folder)/velocity.svg"
            files.append(WikiFile(name: path, contents: SVGChart.velocity(series, options: SVGChartOptions(labels: labels, idPrefix: "velocity"))))
            embeds[WikiSite.home + ".md", default: []].append(image(labels.velocityTitle, path))
        }
        var names = PageNameAllocator()
        var sprintImages: [Sprint.ID: String] = [:] // sprint id -> image line
        for sprint in site.state.liveSprints {
            guard let series = charts.sprintBurndowns[sprint.id] else { continue }
            let slug = names.claim(PageNames.safe(sprint.name, fallback: sprint.shortID), suffix: sprint.shortID)
            let path = "\(Self.folder)/burndown-\(slug).svg"
            files.append(WikiFile(name: path, contents: SVGChart.burndown(series, options: SVGChartOptions(labels: labels, idPrefix: "burndown"))))
            sprintImages[sprint.id] = image("\(labels.burndownTitle): \(sprint.name)", path)
        }
        if let week = site.currentWeek.flatMap(ISOWeek.init(parsing:)), let sprint = site.state.sprint(overlapping: week),
           let line = sprintImages[sprint.id] {
            embeds[WikiSite.home + ".md", default: []].append(line)
        }
        for key in site.weeks {
            guard let week = ISOWeek(parsing: key), let name = site.weekNames[key] else { continue }
            if let series = charts.weekBurndowns[week] {
                let path = "\(Self.folder)/burndown-\(key).svg"
                files.append(WikiFile(name: path, contents: SVGChart.burndown(series, options: SVGChartOptions(labels: labels, idPrefix: "burndown"))))
                embeds[name + ".md", default: []].append(image("\(labels.burndownTitle): \(key)", path))
            }
            if let sprint = site.state.sprint(overlapping: week), let line = sprintImages[sprint.id] {
                embeds[name + ".md", default: []].append(line)
            }
        }
        let pages = pages.map { page -> WikiFile in
            guard let lines = embeds[page.name], !lines.isEmpty else { return page }
            return WikiFile(name: page.name, contents: Self.insert(lines, into: page.contents))
        }
        return (pages + files).sorted { $0.name < $1.name }
    }

    /// The images as one paragraph after the page's first line when it is a heading, else first.
    static func insert(_ lines: [String], into text: String) -> String {
        let block = lines.joined(separator: "\n") + "\n"
        guard text.hasPrefix("# "), let end = text.firstIndex(of: "\n") else { return block + "\n" + text }
        let rest = text[text.index(after: end)...].drop { $0 == "\n" }
        return String(text[...end]) + "\n" + block + (rest.isEmpty ? "" : "\n" + rest)
    }
}
