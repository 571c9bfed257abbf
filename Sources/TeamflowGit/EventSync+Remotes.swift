public import TeamflowCore

extension GitEventStore {
    /// `teamflow sync`: syncs with each remote in turn (see `sync(remote:...)`), calling
    /// `reported` after each so progress shows as it happens, then reads the state once so the
    /// cache catches up here rather than in the next command. A remote that fails stops the run
    /// with its error; the remotes before it stay synced.
    ///
    /// `author` signs the merge commits; nil (no identity configured) signs them as
    /// `GitEventStore.mergeAuthor`, since a merge records no event and any name will do.
    public func sync(remotes: [String], transport: any SyncTransport, options: SyncOptions, author: Author?, at: String,
                     reported: (SyncReport) -> Void = { _ in }) throws -> [SyncReport] {
        let author = author ?? Self.mergeAuthor
        var reports: [SyncReport] = []
        for remote in remotes {
            let report = try sync(remote: remote, transport: transport, options: options, author: author, at: at)
            reports.append(report)
            reported(report)
        }
        if !options.dryRun { _ = try state() }
        return reports
    }
}

extension GitEventStore {
    /// Who signs a sync's merge commits when no author is configured.
    public static let mergeAuthor = Author(name: "teamflow", email: "teamflow@localhost")
}
