import Foundation
internal import Git
import TeamflowCore

/// What the executable needs to know about the store's repository, without `Git` types:
/// paths and ids are strings, so `Git` stays an implementation detail of TeamflowGit.
extension GitEventStore {
    /// The repository's work tree (nil for a bare repository).
    public var workingDirectory: String? { repository.workingDirectory }

    /// What pages call a team that recorded no name with `init --team`: its work tree's folder
    /// name, as git users call their project; nil for a bare repository.
    public var folderName: String? {
        workingDirectory.map { (($0 as NSString).standardizingPath as NSString).lastPathComponent }
    }

    /// The ref's current tip as 40 hex digits, nil before the first event.
    public func tipHash() throws -> String? { try tip()?.hex }

    /// The names of the configured remotes.
    public func remoteNames() throws -> [String] { try repository.remoteNames() }

    /// The remotes `teamflow sync` talks to: every configured one (`all`), the one given, or
    /// `origin`. Every remote is checked before any is contacted: one that git would read as an
    /// option fails the whole run (so nothing is half-synced), and a bare word must name a
    /// configured remote (a URL or path is passed to git as is).
    public func syncTargets(remote given: String?, all: Bool) throws -> [String] {
        let configured = try remoteNames()
        if all {
            guard given == nil else {
                throw TeamflowError(.usage, "give either a remote or all remotes, not both", reason: .contradicting(.remote, .all))
            }
            guard !configured.isEmpty else {
                throw TeamflowError(.failure, "this repository has no remotes", hints: ["Add one with `git remote add origin URL`."])
            }
            for remote in configured { try RemoteCheck.configured(remote, in: repository) }
            return configured
        }
        let remote = given ?? "origin"
        try RemoteCheck.typed(remote)
        if configured.contains(remote) { try RemoteCheck.configured(remote, in: repository) }
        let looksLikeLocation = remote.contains("/") || remote.contains(":") || remote.hasPrefix(".")
        guard configured.contains(remote) || looksLikeLocation else {
            throw TeamflowError(.failure, "no remote named '\(remote)'",
                                hints: configured.isEmpty ? ["Add one with `git remote add \(remote) URL`, or give a URL or path."]
                                    : ["Configured remotes: \(configured.joined(separator: ", ")). Or give a URL or path."])
        }
        return [remote]
    }
}
