public import Foundation
import Insights
public import Site
import TeamflowCore
public import WikiExport

extension Team {
    /// Writes the retrospective wiki into `folder`, as `teamflow wiki export --out` does (in
    /// `language`, else git config `teamflow.lang`, else English): the
    /// built-in layouts, or the team's own in `.teamflow/templates/wiki/` of the work tree;
    /// charts as of today by the clock; times in the team's zone. Only the pages the folder's
    /// manifest lists are replaced or removed; other files are left alone.
    ///
    /// Throws `TeamflowError` (the folder refused, something in the way: nothing is changed)
    /// or `TemplateError` (a team layout that does not render).
    @discardableResult
    public func exportWiki(to folder: URL, language: WikiLanguage? = nil) throws -> WikiExportResult {
        let queries = queries
        let language = try language ?? wikiLanguage()
        return try WikiExporter.team(language: language, workTree: store.workingDirectory, timeZone: timeZone,
                                     teamFallback: store.folderName)
            .export(store, to: folder.path, charts: try queries.charts())
    }

    /// Exports the wiki and publishes it to `target` (a wiki repository's URL, a bare
    /// repository or a local checkout), as `teamflow wiki publish` does: the machine's `git`
    /// clones and pushes (its credentials apply), a commit is made as the team's author only
    /// when a page changed, and only the pages the export owns are replaced. Throws
    /// `TeamflowError` (no author, no git, a refused target or a failed git step).
    @discardableResult
    public func publishWiki(to target: String, language: WikiLanguage? = nil, message: String? = nil) throws -> WikiPublisher.Outcome {
        let session = session()
        let language = try language ?? wikiLanguage()
        guard let git = SystemWikiGit() else { throw TeamflowError(.failure, "cannot find `git` on PATH") }
        return try WikiExporter.team(language: language, workTree: store.workingDirectory, timeZone: timeZone,
                                     teamFallback: store.folderName)
            .publish(store, charts: try queries.charts(), with: WikiPublisher(git: git), to: target,
                     from: store.workingDirectory ?? FileManager.default.currentDirectoryPath,
                     author: try session.requireAuthor(), date: Timestamp.format(session.now, timeZone: session.timeZone),
                     message: message)
    }

    /// Writes the static dashboard into `folder`, as `teamflow site --out` does: "this week"
    /// and what is overdue follow today by the clock. Only the files the folder's manifest
    /// lists are replaced or removed. Throws `TeamflowError` (nothing is changed then).
    @discardableResult
    public func exportSite(to folder: URL, language: SiteLanguage? = nil) throws -> SiteExportResult {
        let queries = queries
        let language = try language ?? SiteLanguage(rawValue: store.settings().language(flag: nil, allowed: SiteLanguage.allCases.map(\.rawValue))) ?? .en
        return try SiteExporter(language: language, timeZone: timeZone, teamFallback: store.folderName)
            .export(store, to: folder.path, today: queries.session.today, charts: try queries.charts())
    }

    /// The wiki's words when a call names none: git config `teamflow.lang`, else English.
    private func wikiLanguage() throws -> WikiLanguage {
        try WikiLanguage(rawValue: store.settings().language(flag: nil, allowed: WikiLanguage.allCases.map(\.rawValue))) ?? .en
    }
}
