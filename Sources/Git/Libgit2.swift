internal import CGit2
internal import CGit2Local
import Foundation

/// Process-wide libgit2 setup.
///
/// `git_libgit2_init` must run before any other libgit2 call. A `static let` is initialised
/// lazily and exactly once even under concurrent first use, so every entry point just touches
/// `Libgit2.ready`. libgit2 is never shut down: the tool's lifetime is the process's.
enum Libgit2 {
    static let ready: Void = {
        // libgit2's network transports are not linked (CGit2Local): its start-up configures a
        // TLS library that is not there, loads no CA bundle and initialises no libssh2, and a
        // TLS connection is refused before its socket opens. Fetch and push run git.
        _ = git_libgit2_init()
        _ = teamflow_refuse_tls_streams()
        // Strict creation makes every tree write look up each of its entries (and read the
        // header of each loose one): 450 lookups to rewrite a 256-way fan-out tree and its
        // shard. Our trees are built from entries just read from existing trees and blobs
        // just written, so the check can only cost, never catch anything.
        _ = teamflow_git_set_strict_object_creation(0)
        // Pack files are mapped in windows; by default up to 8 GiB stay mapped, so a full
        // replay of a 500,000-event history kept every pack (~85 MB) resident. A replay reads
        // in pack order, front to back, so windows of 8 MiB and 16 MiB mapped at most cost no
        // time measurably and keep `export`'s peak at 500,000 events ~13 MB lower than 32 MiB
        // windows did.
        _ = teamflow_git_set_mwindow_size(8 * 1024 * 1024)
        _ = teamflow_git_set_mwindow_mapped_limit(16 * 1024 * 1024)
        // libgit2 hashes every object it reads to check it against its name: 7 % of a
        // whole-history read. git does not (`git cat-file` reads without it; `git fsck`
        // checks): objects that arrive by fetch were hashed by `index-pack` as they came, and
        // zlib's checksum catches a damaged one. `doctor` turns the check back on.
        _ = teamflow_git_set_strict_hash_verification(0)
    }()

    /// Turns libgit2's check of every object read against its id on or off (process-wide).
    static func verifyObjectHashes(_ enabled: Bool) {
        _ = ready
        verification.lock()
        defer { verification.unlock() }
        _ = teamflow_git_set_strict_hash_verification(enabled ? 1 : 0)
        verifying = enabled
    }

    /// Whether libgit2 checks each object it reads, which libgit2 cannot be asked: our own pack
    /// reader does not hash, so it stands aside while this is on (`PackSet.reader`).
    static var verifiesObjectHashes: Bool {
        verification.lock()
        defer { verification.unlock() }
        return verifying
    }

    /// Guards `verifying`, which mirrors the option libgit2 holds.
    private static let verification = NSLock()
    nonisolated(unsafe) private static var verifying = false

    /// How many calls libgit2's start-up made into the transports that are not linked (each
    /// answered with success, doing nothing): CA certificates, libssh2, TLS set-up.
    static var absentTransportStartupCalls: Int {
        _ = ready
        return Int(teamflow_absent_transport_startup_calls())
    }

    /// How many calls that would have begun or continued a connection were refused.
    static var refusedTransportCalls: Int {
        _ = ready
        return Int(teamflow_absent_transport_refusals())
    }

    /// The error libgit2 gives for listing the references of the remote at `url` (a
    /// connection attempt through its own transports), or nil if it succeeded: for tests.
    static func connectionError(to url: String) -> String? {
        _ = ready
        var remote: OpaquePointer?
        let created = git_remote_create_detached(&remote, url)
        guard created == 0 else { return GitError(failure: created).message }
        defer { git_remote_free(remote) }
        let connected = git_remote_connect(remote, GIT_DIRECTION_FETCH, nil, nil, nil)
        guard connected == 0 else { return GitError(failure: connected).message }
        git_remote_disconnect(remote)
        return nil
    }
}

/// Turns a libgit2 return code into a thrown `GitError`.
///
/// libgit2 keeps its last error per thread and may leave a stale one behind after success,
/// so the message is read only when `result` says the call failed, and immediately.
@inline(__always)
func check(_ result: Int32) throws {
    if result < 0 { throw GitError(failure: result) }
}

/// Calls `body` with a non-null pointer to `bytes`: libgit2 wants a valid pointer even for
/// zero bytes, and an empty array may have none, so a local dummy byte stands in.
func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawPointer, Int) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes { buffer in
        if let base = buffer.baseAddress {
            return try body(base, buffer.count)
        }
        var dummy: UInt8 = 0
        return try withUnsafePointer(to: &dummy) { try body(UnsafeRawPointer($0), 0) }
    }
}

/// The id `bytes` would have as an object of `type` (`git hash-object -t`), writing nothing.
func hashObject(_ bytes: [UInt8], as type: git_object_t) throws -> ObjectID {
    _ = Libgit2.ready
    var oid = git_oid()
    try withBytes(bytes) { pointer, count in
        try check(git_odb_hash(&oid, pointer, count, type))
    }
    return ObjectID(oid)
}

/// Copies a libgit2-owned C string, or returns `nil` for a null pointer.
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// Removes one trailing slash, as libgit2 reports directories with it ("/repo/.git/").
func trimmingTrailingSlash(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
}

extension Repository {
    /// Whether every object read from now on is hashed and checked against its id (process-
    /// wide; off by default, as in git: `doctor` turns it on, like `git fsck`).
    public static func verifyingObjectHashes<T>(_ body: () throws -> T) rethrows -> T {
        Libgit2.verifyObjectHashes(true)
        defer { Libgit2.verifyObjectHashes(false) }
        return try body()
    }
}
