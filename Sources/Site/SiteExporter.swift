public import Foundation
public import Insights
public import TeamflowCore

/// One file of the site: its path relative to the output folder and its text.
public struct SiteFile: Sendable, Equatable {
    /// `index.html`, `week-2024-W47.html`, `charts/velocity.svg`, …
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// What `site` wrote.
public struct SiteExportResult: Sendable, Equatable {
    public var files: [SiteFile]
    public var report: SiteWriteReport
}

/// The static team dashboard: `index.html` (this week's board, burndowns,
/// velocity, projects and epics, overdue items), a page per week, per review and per wiki page,
/// `style.css` and the charts as SVG files. No JavaScript, nothing fetched from elsewhere,
/// every user text escaped; the same state, day and series give the same bytes.
public struct SiteExporter: Sendable {
    public let language: SiteLanguage
    /// The team's zone for every time shown (comments); nil shows each as written, with its offset.
    public let timeZone: TimeZone?
    /// The team's name when none was recorded with `init --team` (the repository's folder name).
    public let teamFallback: String?

    public init(language: SiteLanguage = .en, timeZone: TimeZone? = nil, teamFallback: String? = nil) {
        self.language = language
        self.timeZone = timeZone
        self.teamFallback = teamFallback
    }

    /// Every file of the site, sorted by path. `today` picks "this week" and what is overdue.
    public func render(_ state: TeamState, today: Day, charts: SiteCharts = .none) -> [SiteFile] {
        let map = SiteMap(state: state, today: today, timeZone: timeZone)
        let chartFiles = ChartFiles(charts: charts, map: map, language: language)
        let board = BoardHTML(map: map, language: language, charts: charts, chartFiles: chartFiles)
        let layout = PageLayout(language: language, team: state.teamName ?? teamFallback ?? language.word("team"), today: today.description)
        let details = DetailPages(map: map, board: board, language: language)
        var files = [
            SiteFile(path: "index.html", contents: layout.document(title: language.word("dashboard"),
                                                                     main: IndexPage(map: map, board: board, language: language).render(),
                                                                     current: "index.html")),
            SiteFile(path: "style.css", contents: Stylesheet.css),
        ]
        for week in map.weeks {
            guard let path = map.weekFiles[week.description] else { continue }
            files.append(SiteFile(path: path, contents: layout.document(title: "\(language.word("week")) \(week)", main: details.week(week), current: path)))
        }
        for review in map.reviews {
            guard let path = map.reviewFiles[review.id] else { continue }
            files.append(SiteFile(path: path, contents: layout.document(title: "PR #\(review.pr) \(review.title)", main: details.review(review), current: path)))
        }
        for page in map.pages {
            guard let path = map.pageFiles[page.id] else { continue }
            files.append(SiteFile(path: path, contents: layout.document(title: page.title, main: details.page(page), current: path)))
        }
        files += chartFiles.files
        return files.sorted { $0.path < $1.path }
    }

    /// Renders `repository`'s state and writes it into `directory` (see `SiteWriter`).
    public func export(_ repository: any EventRepository, to directory: String, today: Day,
                       charts: SiteCharts = .none) throws -> SiteExportResult {
        let files = render(try repository.state(), today: today, charts: charts)
        return SiteExportResult(files: files, report: try SiteWriter.write(files, to: directory))
    }
}
