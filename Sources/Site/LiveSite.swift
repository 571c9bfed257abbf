public import Foundation
public import Insights
public import TeamflowCore

/// The static site's other pages for a live front-end (`teamflow serve`): the dashboard (this
/// week, charts, projects, links to every week, review and wiki page), the week, review and wiki
/// pages, a sprints page and a charts page, each as the `<main>` markup the site writes, looked
/// up by the site's own page names (`week-2024-W47.html`, `review-95.html`, `page-1a2b3c4d.html`,
/// `charts/velocity.svg`). Names are keys of the read model's site map, never file paths.
/// It formats only: which items appear and how they count is the read model's.
public struct LiveSitePages: Sendable {
    /// One page's title (user text, escaped by the layout) and `<main>` markup.
    public struct Page: Sendable {
        public var title: String
        public var main: String
        /// The review shown (its PR number), for a comment form below it.
        public var reviewPR: Int?
    }

    private let map: SiteMap
    private let language: SiteLanguage
    private let charts: SiteCharts
    private let chartFiles: ChartFiles
    private let svgs: [String: String]

    /// The whole site's map of `state` as of `today` with `charts` (from `Insights.chartSet`).
    public init(state: TeamState, today: Day, timeZone: TimeZone?, language: SiteLanguage = .en, charts: SiteCharts = .none) {
        map = SiteMap(state: state, today: today, timeZone: timeZone)
        self.language = language
        self.charts = charts
        chartFiles = ChartFiles(charts: charts, map: map, language: language)
        svgs = Dictionary(chartFiles.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    private var board: BoardHTML {
        BoardHTML(map: map, language: language, charts: charts, chartFiles: chartFiles)
    }

    /// The page called `name` as the static site names its file, plus `sprints.html` and
    /// `charts.html`; nil when the site has no such page.
    public func page(named name: String) -> Page? {
        let word = language.word
        let details = DetailPages(map: map, board: board, language: language)
        if name == "index.html" {
            return Page(title: word("dashboard"), main: IndexPage(map: map, board: board, language: language).render())
        }
        if name == "sprints.html" { return Page(title: word("sprints"), main: sprints()) }
        if name == "charts.html" { return Page(title: word("charts"), main: chartsPage()) }
        if let week = map.weeks.first(where: { map.weekFiles[$0.description] == name }) {
            return Page(title: "\(word("week")) \(week)", main: details.week(week))
        }
        if let review = map.reviews.first(where: { map.reviewFiles[$0.id] == name }) {
            return Page(title: "PR #\(review.pr) \(review.title)", main: details.review(review), reviewPR: review.pr)
        }
        if let page = map.pages.first(where: { map.pageFiles[$0.id] == name }) {
            return Page(title: page.title, main: details.page(page))
        }
        return nil
    }

    /// The SVG of the chart the site writes as `name` (`charts/velocity.svg`), nil when none.
    public func chart(named name: String) -> String? { svgs[name] }

    /// Every live sprint: its dates and burndown, newest first.
    private func sprints() -> String {
        let word = language.word
        var html = "<h1>\(HTML.text(word("sprints")))</h1>\n"
        let sprints = map.state.liveSprints.reversed()
        guard !sprints.isEmpty else { return html + "<p class=\"empty\">\(HTML.text(word("nothing")))</p>\n" }
        for sprint in sprints {
            html += "<section class=\"sprint\">\n<h2>\(HTML.line(sprint.name)) <small>\(sprint.from) – \(sprint.to)</small></h2>\n"
            if let file = chartFiles.sprints[sprint.id], let series = charts.sprintBurndowns[sprint.id] {
                html += Markup.figure(file: file, alt: word("sprintBurndown") + ": " + board.summary(series), caption: word("sprintBurndown"))
            }
            html += "</section>\n"
        }
        return html
    }

    /// Velocity, then this week's burndown, then every sprint's.
    private func chartsPage() -> String {
        let word = language.word
        var html = "<h1>\(HTML.text(word("charts")))</h1>\n"
        var any = false
        if let file = chartFiles.velocity, let series = charts.velocity {
            let numbers = series.periods.map { "\($0.label) \($0.done)" }.joined(separator: ", ")
            html += "<section class=\"velocity\">\n<h2>\(HTML.text(word("velocity")))</h2>\n"
                + Markup.figure(file: file, alt: word("velocity") + ": " + numbers, caption: word("velocity")) + "</section>\n"
            any = true
        }
        let week = map.thisWeek
        if let file = chartFiles.weeks[week.description], let series = charts.weekBurndowns[week] {
            html += "<section class=\"burndown\">\n<h2>\(HTML.text(word("weekBurndown")))</h2>\n"
                + Markup.figure(file: file, alt: word("weekBurndown") + ": " + board.summary(series), caption: word("weekBurndown")) + "</section>\n"
            any = true
        }
        for sprint in map.state.liveSprints.reversed() {
            guard let file = chartFiles.sprints[sprint.id], let series = charts.sprintBurndowns[sprint.id] else { continue }
            html += "<section class=\"burndown\">\n<h2>\(HTML.text(word("sprintBurndown"))) · \(HTML.line(sprint.name))</h2>\n"
                + Markup.figure(file: file, alt: word("sprintBurndown") + ": " + board.summary(series), caption: sprint.name) + "</section>\n"
            any = true
        }
        return any ? html : html + "<p class=\"empty\">\(HTML.text(word("nothing")))</p>\n"
    }
}
