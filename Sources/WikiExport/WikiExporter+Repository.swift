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
