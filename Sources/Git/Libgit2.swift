internal import CGit2
internal import CGit2TLS

/// Process-wide libgit2 setup.
///
/// `git_libgit2_init` must run before any other libgit2 call. A `static let` is initialised
/// lazily and exactly once even under concurrent first use, so every entry point just touches
/// `Libgit2.ready`. libgit2 is never shut down: the tool's lifetime is the process's.
enum Libgit2 {
    static let ready: Void = {
        // libgit2 parses the system's whole CA bundle into mbedTLS as it starts (11-12 ms of
        // every command, measured) and initialises libssh2, which loads OpenSSL's engines
        // (~960,000 instructions), though no command uses its transports: sync runs git.
        // CGit2TLS skips both while deferred; `loadCertificates` loads on demand, and libssh2
        // initialises itself when an SSH session is first created.
        teamflow_defer_transport_setup(1)
        _ = git_libgit2_init()
        teamflow_defer_transport_setup(0)
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
        _ = teamflow_git_set_strict_hash_verification(enabled ? 1 : 0)
    }

    /// How many certificate loads libgit2's start-up asked for and did not get.
    static var deferredCertificateLoads: Int {
        _ = ready
        return Int(teamflow_tls_deferred_loads())
    }

    /// Whether libgit2 was built with its SSH transport (libssh2).
    static var hasSSH: Bool {
        _ = ready
        return UInt32(bitPattern: git_libgit2_features()) & GIT_FEATURE_SSH.rawValue != 0
    }

    /// How many times libgit2's start-up asked libssh2 to initialise and was answered without it.
    static var deferredSSHInits: Int {
        _ = ready
        return Int(teamflow_ssh_deferred_inits())
    }

    /// libssh2's initialisation as it runs outside the deferral (0: it reached libssh2 and
    /// succeeded): for tests.
    static func initialiseSSHNow() -> Int32 {
        _ = ready
        return teamflow_ssh_init_now()
    }

    /// Gives libgit2's TLS the CA certificates in `file`: to be called before any network
    /// operation through libgit2's own transports (none uses them today).
    static func loadCertificates(file: String) throws {
        _ = ready
        try check(teamflow_git_set_ssl_cert_file(file))
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
