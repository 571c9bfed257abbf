import ArgumentParsing
import Foundation
import Insights
import JSONShapes
import Site
import TeamflowCore

/// `teamflow site --out DIR [--lang en|ko]`: the static team dashboard (docs/SITE.md).
enum SiteCommand {
    static let out = OptionSpec(long: "out", short: "o", valueName: "DIR", help: "The folder to write (default: site).", completion: .directory)
    static let lang = OptionSpec(long: "lang", valueName: "LANG", help: "The site's words: en or ko (default: git config teamflow.lang, else en).",
                                 allowedValues: SiteLanguage.allCases.map(\.rawValue))

    static let spec = CommandSpec(
        name: "site",
        abstract: "Write a static HTML dashboard: this week's board, burndown, velocity, projects, weeks, reviews, wiki pages.",
        discussion: "Writes index.html, a page per week, per review and per wiki page, style.css and charts/*.svg. No JavaScript and nothing fetched from elsewhere; every page is escaped HTML that opens from the folder or any static host (GitHub Pages: .github/workflows/pages.yml). Only files listed in the folder's .teamflow-site-manifest (and the files written now) are touched, and never through a symbolic link. \"This week\" and what is overdue follow today (TEAMFLOW_NOW, TZ).",
        examples: ["teamflow site --out public", "teamflow site --out public --lang ko"],
        options: [out, lang],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let language = try SiteLanguage(rawValue: store.settings().language(flag: inv.parsed[lang], allowed: SiteLanguage.allCases.map(\.rawValue))) ?? .en
        let folder = try inv.resolvedPath(inv.parsed[out] ?? "site")
        // Today, the zone and the charts come from the one session every command reads.
        let queries = try inv.queries()
        let (charts, day) = (try queries.charts(), queries.session.today)
        let export = try ProgressLine.run("teamflow site", inv) {
            try SiteExporter(language: language, timeZone: queries.session.timeZone, teamFallback: inv.teamFallback)
                .export(store, to: folder, today: day, charts: charts)
        }
        let (files, report) = (export.files, export.report)
        inv.emit(json: .object([
            ("out", .string(folder)),
            ("files", .array(files.map { .string($0.path) })),
            ("written", .array(report.written.map(JSON.string))),
            ("unchanged", .int(report.unchanged.count)),
            ("removed", .array(report.removed.map(JSON.string))),
        ]), text: "Wrote the site to \(Present.oneLine(folder)): \(files.count) file\(files.count == 1 ? "" : "s") (\(report.written.count) written, \(report.unchanged.count) unchanged"
            + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed") + ")")
    }
}
