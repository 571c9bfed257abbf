public import Foundation
public import Insights
public import TeamflowCore

/// What `wiki export` writes.
public struct WikiExportResult: Sendable, Equatable {
    /// Every page of the export, in the order rendered.
    public var files: [WikiFile]
    /// What writing them changed in the folder.
    public var report: WikiWriteReport
}

extension WikiExporter {
    /// The pages of `repository`'s current state.
    public func render(_ repository: any EventRepository, charts: WikiCharts = .none) throws -> [WikiFile] {
        try render(try repository.state(), charts: charts)
    }

    /// Renders `repository`'s pages and writes them into `directory` (see `WikiWriter`).
    public func export(_ repository: any EventRepository, to directory: String, charts: WikiCharts = .none) throws -> WikiExportResult {
        let files = try render(repository, charts: charts)
        return WikiExportResult(files: files, report: try WikiWriter.write(files, to: directory))
    }
}

extension WikiExporter {
    /// The exporter of a team's repository, as every front-end builds it: the built-in layouts,
    /// or the team's own in `.teamflow/templates/wiki/` of `workTree` (nil for a bare
    /// repository), times in `timeZone`, and `teamFallback` (the repository's folder name) where
    /// the team has recorded no name. `wiki export`, `wiki publish` and `Team.exportWiki` all
    /// start here, so they cannot disagree on which layouts or names a page uses.
    public static func team(language: WikiLanguage, workTree: String?, timeZone: TimeZone?,
                            teamFallback: String?) -> WikiExporter {
        WikiExporter(language: language, overrides: workTree.map(overrides(inWorkTree:)), timeZone: timeZone,
                     teamFallback: teamFallback)
    }

    /// Renders `repository`'s pages and publishes them with `publisher` to `target` (see
    /// `WikiPublisher.publish`): a wiki repository's URL, a bare repository or a checkout,
    /// committed as `author` at `date` only when a page changed.
    public func publish(_ repository: any EventRepository, charts: WikiCharts = .none, with publisher: WikiPublisher,
                        to target: String, from directory: String, author: Author, date: String,
                        message: String? = nil) throws -> WikiPublisher.Outcome {
        try publisher.publish(try render(repository, charts: charts), to: target, from: directory, author: author,
                              date: date, message: message)
    }
}
