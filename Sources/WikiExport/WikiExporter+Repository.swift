import TeamflowCore

/// What `wiki export` writes.
public struct WikiExportResult: Sendable, Equatable {
    /// Every page of the export, in the order rendered.
    public var files: [WikiFile]
    /// What writing them changed in the folder.
    public var report: WikiWriteReport
}

extension WikiExporter {
    /// The pages of `repository`'s current state.
    public func render(_ repository: EventRepository) throws -> [WikiFile] {
        try render(try repository.state())
    }

    /// Renders `repository`'s pages and writes them into `directory` (see `WikiWriter`).
    public func export(_ repository: EventRepository, to directory: String) throws -> WikiExportResult {
        let files = try render(repository)
        return WikiExportResult(files: files, report: try WikiWriter.write(files, to: directory))
    }
}
