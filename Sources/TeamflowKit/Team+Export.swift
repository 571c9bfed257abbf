public import Foundation
import Insights
public import Site
import TeamflowCore
public import WikiExport

extension Team {
    /// Writes the retrospective wiki into `folder`, as `teamflow wiki export --out` does: the
    /// built-in layouts, or the team's own in `.teamflow/templates/wiki/` of the work tree;
    /// charts as of today by the clock; times in the team's zone. Only the pages the folder's
    /// manifest lists are replaced or removed; other files are left alone.
    ///
    /// Throws `TeamflowError` (the folder refused, something in the way: nothing is changed)
    /// or `TemplateError` (a team layout that does not render).
    @discardableResult
    public func exportWiki(to folder: URL, language: WikiLanguage = .en) throws -> WikiExportResult {
        let queries = queries
        let overrides = store.workingDirectory.map(WikiExporter.overrides(inWorkTree:))
        return try WikiExporter(language: language, overrides: overrides, timeZone: timeZone, teamFallback: store.folderName)
            .export(store, to: folder.path, charts: try queries.charts())
    }

    /// Writes the static dashboard into `folder`, as `teamflow site --out` does: "this week"
    /// and what is overdue follow today by the clock. Only the files the folder's manifest
    /// lists are replaced or removed. Throws `TeamflowError` (nothing is changed then).
    @discardableResult
    public func exportSite(to folder: URL, language: SiteLanguage = .en) throws -> SiteExportResult {
        let queries = queries
        return try SiteExporter(language: language, timeZone: timeZone, teamFallback: store.folderName)
            .export(store, to: folder.path, today: queries.session.today, charts: try queries.charts())
    }
}
