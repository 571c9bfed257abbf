import Foundation
import TeamflowCore
import TeamflowGit

extension Team {
    /// Fetches, merges and pushes the events ref with `remote` (a configured remote, a URL or
    /// a path), as `teamflow sync REMOTE` does: the machine's own `git` moves the data, so its
    /// ssh keys and credential helpers apply, and git never prompts (a client has no terminal
    /// to answer on). Throws `TeamflowError` when the remote cannot be reached or its history
    /// was rewritten (`options.allowUnrelated` merges anyway); local events are never lost.
    @discardableResult
    public func sync(remote: String = "origin", options: SyncOptions = SyncOptions()) throws -> SyncReport {
        let remotes = try store.syncTargets(remote: remote, all: false)
        let session = session()
        let transport = try GitTransport(store: store, progress: false)
        let reports = try store.sync(remotes: remotes, transport: transport, options: options, author: session.author,
                                     at: Timestamp.format(session.now, timeZone: session.timeZone))
        guard let report = reports.first else {
            throw TeamflowError(.failure, "sync with \(remote) reported nothing")
        }
        return report
    }
}
