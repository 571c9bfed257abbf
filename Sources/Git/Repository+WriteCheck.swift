internal import CGit2
import Foundation

/// Checks that written objects really reached the disk before a reference points at them.
///
/// libgit2 1.5 can report success for a loose object it failed to write: when the direct
/// write fails (say, `ENOSPC`), `git_odb_write` retries through a stream whose write result
/// it ignores, and the empty temporary is dropped without an error. A reference moved to such
/// a commit breaks every later read, so every ref update first reads back what was written.
extension Repository {
    /// Reads every object written since the last reference update, plus `extra`, from the
    /// on-disk object database. Throws `GitError` (kind `.other`) naming the first missing or
    /// unreadable object and, where the disk says why, the operating system's reason.
    /// Call with `lock` held.
    func verifyStoredLocked(_ extra: [ObjectID]) throws {
        let ids = unverified + extra
        unverified.removeAll()
        for id in ids {
            var oid = id.oid
            var out: OpaquePointer?
            let result = git_odb_read(&out, diskOdb, &oid)
            if let object = out { git_odb_object_free(object) }
            guard result < 0 else { continue }
            let reason = StorageProbe.reason(in: commonDirectory + "/objects") ?? GitError(failure: result).message
            throw GitError(code: result, klass: Int32(GIT_ERROR_ODB.rawValue),
                           message: "object \(id) was not stored: \(reason)", kind: .other)
        }
    }

    /// Checks that `ids` (and every loose object written since the last reference update)
    /// can be read back from disk; see `verifyStoredLocked`.
    public func verifyStored(_ ids: [ObjectID]) throws {
        try sync { try verifyStoredLocked(ids) }
    }

    /// Forgets the loose writes noted so far (their objects are no longer going to be
    /// referenced, e.g. after a failed attempt that will be written again).
    func discardUnverifiedLocked() {
        unverified.removeAll()
    }
}

/// Finds out why a folder cannot take new files, for an error message: libgit2 lost the
/// operating system's reason when it swallowed the failed write.
enum StorageProbe {
    /// The OS's reason (`No space left on device`, `Read-only file system`, ...) when a small
    /// file cannot be created, written and flushed in `folder`; nil when it can.
    static func reason(in folder: String) -> String? {
        let path = folder + "/.teamflow-probe-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer {
            close(fd)
            unlink(path)
        }
        let block = [UInt8](repeating: 0, count: 8192)
        let written = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written < 0 { return String(cString: strerror(errno)) }
        if written < block.count { return String(cString: strerror(ENOSPC)) }
        if fsync(fd) != 0 { return String(cString: strerror(errno)) }
        return nil
    }
}
