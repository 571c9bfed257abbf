import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// A bare repository in a temp folder that clones sync through.
final class BareRemote: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "teamflow-remote-" + UUID().uuidString + ".git"
        _ = try TestRepository.run("/usr/bin/git", ["init", "-q", "--bare", path], cwd: NSTemporaryDirectory())
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try TestRepository.run("/usr/bin/git", arguments, cwd: path)
    }

    /// The remote's events tip, nil when it has none.
    func tip() throws -> String? {
        let refs = try git("for-each-ref", "--format=%(objectname)", GitEventStore.defaultRef)
        return refs.isEmpty ? nil : refs
    }
}

/// A transport that lets a test act between our fetch and our push, or refuse pushes.
final class SeamTransport: SyncTransport, @unchecked Sendable {
    let inner: SyncTransport
    /// Runs before each push; its index counts pushes from 0.
    var beforePush: (Int) throws -> Void = { _ in }
    private(set) var pushes = 0
    private(set) var fetches = 0

    init(_ inner: SyncTransport) {
        self.inner = inner
    }

    func fetch(remote: String, ref: String, into tracking: String) throws -> Bool {
        fetches += 1
        return try inner.fetch(remote: remote, ref: ref, into: tracking)
    }

    func push(remote: String, commit: String, ref: String, expected: String?) throws -> String? {
        try beforePush(pushes)
        pushes += 1
        return try inner.push(remote: remote, commit: commit, ref: ref, expected: expected)
    }
}

extension TestRepository {
    /// A clone-like repository with `origin` pointing at `remote` (any URL git understands).
    static func clone(of remote: String) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.git("remote", "add", "origin", remote)
        return repo
    }

    /// Syncs through the real git transport.
    @discardableResult
    func sync(_ remote: String = "origin", options: SyncOptions = SyncOptions(),
              transport: ((SyncTransport) -> SyncTransport)? = nil) throws -> SyncReport {
        let store = try self.store()
        let git: SyncTransport = try GitTransport(repository: store.repository, progress: false)
        return try store.sync(remote: remote, transport: transport?(git) ?? git, options: options,
                              author: TestRepository.author, at: "2024-11-19T11:00:00+09:00")
    }

    /// The event file paths on the ref, sorted.
    func eventPaths() throws -> [String] {
        let out = try git("ls-tree", "-r", "--name-only", GitEventStore.defaultRef)
        return out.split(separator: "\n").map(String.init).sorted()
    }

    /// Rewrites one file on the events ref with other content (corruption a test wants).
    func rewriteOnRef(_ path: String, contents: String) throws {
        let repository = try Repository.open(at: self.path)
        guard let tip = try repository.resolveReference(GitEventStore.defaultRef) else { throw GitError(code: -1, message: "no events") }
        let commit = try repository.readCommit(tip)
        let blob = try repository.writeBlob(Array(contents.utf8))
        func replace(in tree: ObjectID, components: ArraySlice<Substring>) throws -> ObjectID {
            var entries = try repository.readTree(tree)
            guard let name = components.first, let index = entries.firstIndex(where: { $0.name == name }) else {
                throw GitError(code: -1, message: "no \(path) on the ref")
            }
            if components.count == 1 {
                entries[index].id = blob
            } else {
                entries[index].id = try replace(in: entries[index].id, components: components.dropFirst())
            }
            return try repository.writeTree(entries)
        }
        let tree = try replace(in: commit.tree, components: path.split(separator: "/")[...])
        let signature = Signature(name: "Mallory", email: "m@example.com", time: 1_732_000_000)
        let new = try repository.writeCommit(tree: tree, parents: [tip], author: signature, committer: signature, message: "edit\n")
        try repository.updateReference(GitEventStore.defaultRef, to: new, expecting: tip, message: "test: corrupt")
    }
}
