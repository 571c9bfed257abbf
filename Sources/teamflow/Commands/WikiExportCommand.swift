import ArgumentParsing
import Foundation
import Insights
import JSONShapes
import TeamflowCore
import WikiExport

/// `teamflow wiki export [--out DIR] [--lang en|ko]`: the retrospective wiki as Markdown pages.
enum WikiExportCommand {
    static let out = OptionSpec(long: "out", short: "o", valueName: "DIR", help: "The folder to write (default: wiki).", completion: .directory)
    /// `--lang`, also of `wiki publish`.
    static let lang = OptionSpec(long: "lang", valueName: "LANG", help: "Built-in headings: en or ko (default: git config teamflow.lang, else en).",
                                 allowedValues: WikiLanguage.allCases.map(\.rawValue))

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write the retrospective wiki as Markdown pages (GitHub-wiki compatible).",
        discussion: "Writes Home.md, _Sidebar.md, a page per week with data, per review, per project and per wiki page. Only pages listed in the folder's .teamflow-wiki-manifest (and the pages written now) are touched; other files are left alone. Layouts are templates: a file in .teamflow/templates/wiki/ overrides the built-in layout of the same name (home.md, sidebar.md, week.md, review.md, project.md, page.md); layouts and their includes are never read through a symlink or from .git (see docs/TEMPLATES.md).",
        examples: ["teamflow wiki export --out ../app.wiki", "teamflow wiki export --lang ko"],
        options: [out, lang],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let language = try WikiLanguage(rawValue: store.settings().language(flag: inv.parsed[lang], allowed: WikiLanguage.allCases.map(\.rawValue))) ?? .en
        let folder = try inv.resolvedPath(inv.parsed[out] ?? "wiki")
        let queries = try inv.queries()
        let charts = try queries.charts()
        let export = try ProgressLine.run("teamflow wiki export", inv) {
            try WikiExporter.team(language: language, workTree: store.workingDirectory, timeZone: queries.session.timeZone,
                                  teamFallback: inv.teamFallback).export(store, to: folder, charts: charts)
        }
        let (files, report) = (export.files, export.report)
        inv.emit(json: .object([
            ("out", .string(folder)),
            ("pages", .array(files.map { .string($0.name) })),
            ("written", .array(report.written.map(JSON.string))),
            ("unchanged", .int(report.unchanged.count)),
            ("removed", .array(report.removed.map(JSON.string))),
        ]), text: "Exported \(files.count) page\(files.count == 1 ? "" : "s") to \(folder) (\(report.written.count) written, \(report.unchanged.count) unchanged"
            + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed") + ")")
    }
}
