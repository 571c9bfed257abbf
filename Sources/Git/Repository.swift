internal import CGit2
public import Foundation

/// A git repository opened through libgit2: the only door to git for the rest of teamflow.
///
/// Thread rules: a `Repository` may be shared between threads. libgit2 handles are not safe for
/// simultaneous use, so every call takes the repository's own (recursive) lock and calls
/// on one `Repository` run one at a time. For parallel work, open one `Repository` per thread;
/// separate instances coordinate through git's lock files exactly like separate processes.
/// Do not wait inside `withPackedWrites` for another thread that uses the same repository:
/// it would wait for the lock held by the body.
public final class Repository: @unchecked Sendable {
    /// Serialises access to the handles and to `session`.
    let lock = NSRecursiveLock()
    private let handle: RepositoryHandle
    private let objects: OdbHandle
    /// The open batch of `withPackedWrites`, if any; guarded by `lock`.
    var session: PackSession?
    /// Loose objects written since the last reference update, checked before the next one
    /// moves a ref (see `verifyStored`); guarded by `lock`.
    var unverified: [ObjectID] = []

    /// The repository's own git directory (a linked worktree's private directory).
    public let gitDirectory: String
    /// The directory shared by all worktrees (objects, refs, config); equal to `gitDirectory`
    /// except in linked worktrees. Caches belong here.
    public let commonDirectory: String
    /// The working tree's root, or `nil` for a bare repository.
    public let workingDirectory: String?

    private init(_ handle: RepositoryHandle) throws {
        self.handle = handle
        objects = try handle.odb()
        gitDirectory = trimmingTrailingSlash(string(git_repository_path(handle.pointer)) ?? "")
        commonDirectory = trimmingTrailingSlash(string(git_repository_commondir(handle.pointer)) ?? "")
        workingDirectory = string(git_repository_workdir(handle.pointer)).map(trimmingTrailingSlash)
    }

    /// Finds the repository containing `path`, like git does: from any subfolder of a working
    /// tree, inside a linked worktree, or in (or below) a bare repository. Honours
    /// `GIT_CEILING_DIRECTORIES` (from `environment`, the caller's, which need not be this
    /// process's). Throws `GitError` of kind `.notFound` when there is none.
    public static func discover(from path: String,
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Repository {
        _ = Libgit2.ready
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GitError(code: GIT_ENOTFOUND.rawValue, message: "no such directory: \(path)")
        }
        let ceilings = environment["GIT_CEILING_DIRECTORIES"]
        var out: OpaquePointer?
        let result = git_repository_open_ext(&out, path, 0, ceilings)
        if result == GIT_ENOTFOUND.rawValue {
            throw GitError(
                code: result, klass: Int32(GIT_ERROR_REPOSITORY.rawValue),
                message: "not a git repository (or any of the parent directories): \(path)")
        }
        try check(result)
        guard let pointer = out else { throw GitError.invalid("libgit2 returned no repository") }
        return try Repository(RepositoryHandle(pointer))
    }

    /// Opens the repository at exactly `path` (a working tree root or a git directory).
    public static func open(at path: String) throws -> Repository {
        try Repository(RepositoryHandle.open(path))
    }

    /// Creates (or reopens) a repository at `path`; for tests and tools.
    public static func create(at path: String, bare: Bool) throws -> Repository {
        _ = Libgit2.ready
        var out: OpaquePointer?
        try check(git_repository_init(&out, path, bare ? 1 : 0))
        guard let pointer = out else { throw GitError.invalid("libgit2 returned no repository") }
        return try Repository(RepositoryHandle(pointer))
    }

    /// Whether the repository has no working tree.
    public var isBare: Bool {
        sync { git_repository_is_bare(handle.pointer) == 1 }
    }

    // MARK: - Internal access for the extensions

    /// Runs `body` holding the repository lock.
    func sync<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The repository handle calls go to: the batch's during `withPackedWrites`.
    /// Only use while holding `lock`.
    var repo: OpaquePointer { session?.repository.pointer ?? handle.pointer }

    /// The object database calls go to; see `repo`.
    var odb: OpaquePointer { session?.objects.pointer ?? objects.pointer }

    /// The on-disk object database, never the in-memory batch.
    var diskOdb: OpaquePointer { objects.pointer }

    /// The main handle, for opening a batch's second handle on the same repository.
    var mainHandle: RepositoryHandle { handle }
}
