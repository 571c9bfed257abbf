internal import CGit2

extension Repository {
    /// The commit (or object) `name` points at, following symbolic references such as `HEAD`;
    /// `nil` when the reference does not exist (or `HEAD` is unborn).
    public func resolveReference(_ name: String) throws -> ObjectID? {
        try sync {
            var oid = git_oid()
            let result = git_reference_name_to_id(&oid, repo, name)
            if result == GIT_ENOTFOUND.rawValue { return nil }
            try check(result)
            return ObjectID(oid)
        }
    }

    /// Compare-and-swap: points `name` at `new` only if it currently points at `old`
    /// (`old == nil`: only if it does not exist yet). Writes a reflog entry with `message`.
    ///
    /// Safe across processes: libgit2 takes `<ref>.lock` and compares under that lock.
    /// Throws `.referenceMoved` when the current value is not `old` (including "exists" for a
    /// create and "missing" for an update), `.locked` when another process holds the lock
    /// (retry), `.invalid` for a malformed name. `new` must exist in the object database.
    public func updateReference(_ name: String, to new: ObjectID, expecting old: ObjectID?, message: String) throws {
        try sync {
            try refuseDuringPackedWrites(name)
            // Never point a ref at objects that did not reach the disk.
            try verifyStoredLocked([new])
            // libgit2 only logs custom refs (like refs/teamflow/...) once their reflog exists.
            try check(git_reference_ensure_log(repo, name))
            let reflog = ReflogFile(path: commonDirectory + "/logs/" + name)
            let reflogSize = reflog.size
            var newOID = new.oid
            var ref: OpaquePointer?
            let result: Int32
            // Always compare under the ref's lock. For a create the expected value is the zero
            // id, which libgit2 reads as "must not exist"; git_reference_create(force: 0) checks
            // existence before taking the lock, so two racing creates could both succeed.
            var oldOID = old?.oid ?? git_oid()
            result = git_reference_create_matching(&ref, repo, name, &newOID, 1, &oldOID, message)
            git_reference_free(ref)
            do {
                try check(result)
            } catch let error as GitError {
                // libgit2 appends the reflog entry before it writes the ref; when the ref write
                // fails (a full disk), the entry would name a move that never happened.
                reflog.dropEntry(movingTo: new, after: reflogSize)
                throw casFailure(error, name: name)
            }
            // The ref must read back (another writer may have moved it on since: fine).
            var stored = git_oid()
            let readBack = git_reference_name_to_id(&stored, repo, name)
            guard readBack == 0 else {
                let reason = StorageProbe.reason(in: commonDirectory) ?? GitError(failure: readBack).message
                throw GitError(code: readBack, klass: Int32(GIT_ERROR_REFERENCE.rawValue),
                               message: "reference '\(name)' was not stored: \(reason)", kind: .other)
            }
        }
    }

    /// Deletes `name` if it currently points at `old` (compare-and-swap), with its reflog.
    /// Throws `.referenceMoved` when it points elsewhere or no longer exists.
    public func deleteReference(_ name: String, expecting old: ObjectID) throws {
        try sync {
            try refuseDuringPackedWrites(name)
            var out: OpaquePointer?
            let lookup = git_reference_lookup(&out, repo, name)
            if lookup == GIT_ENOTFOUND.rawValue {
                throw GitError(
                    code: lookup, klass: Int32(GIT_ERROR_REFERENCE.rawValue),
                    message: "reference '\(name)' does not exist", kind: .referenceMoved)
            }
            try check(lookup)
            guard let ref = out else { throw GitError.invalid("libgit2 returned no reference") }
            defer { git_reference_free(ref) }
            guard git_reference_type(ref) == GIT_REFERENCE_DIRECT,
                  let target = git_reference_target(ref), ObjectID(target) == old else {
                throw GitError(
                    code: GIT_EMODIFIED.rawValue, klass: Int32(GIT_ERROR_REFERENCE.rawValue),
                    message: "reference '\(name)' does not point at \(old)")
            }
            // git_reference_delete re-checks the looked-up value under the ref's lock.
            do {
                try check(git_reference_delete(ref))
            } catch let error as GitError {
                throw casFailure(error, name: name)
            }
        }
    }

    /// All references whose full name starts with `prefix` (e.g. `refs/teamflow/`), sorted by
    /// name, symbolic ones resolved; dangling symbolic references are skipped.
    public func references(withPrefix prefix: String) throws -> [(name: String, id: ObjectID)] {
        try sync {
            var out: OpaquePointer?
            try check(git_reference_iterator_new(&out, repo))
            guard let iterator = out else { throw GitError.invalid("libgit2 returned no iterator") }
            defer { git_reference_iterator_free(iterator) }
            var found = [(name: String, id: ObjectID)]()
            while true {
                var ref: OpaquePointer?
                let result = git_reference_next(&ref, iterator)
                if result == GIT_ITEROVER.rawValue { break }
                try check(result)
                guard let ref else { continue }
                defer { git_reference_free(ref) }
                guard let name = string(git_reference_name(ref)), name.hasPrefix(prefix) else { continue }
                var resolved: OpaquePointer?
                guard git_reference_resolve(&resolved, ref) == 0, let direct = resolved else { continue }
                defer { git_reference_free(direct) }
                if let target = git_reference_target(direct) {
                    found.append((name: name, id: ObjectID(target)))
                }
            }
            return found.sorted { $0.name < $1.name }
        }
    }

    // MARK: - Helpers

    /// Maps libgit2's ways of saying "not the value you expected" onto `.referenceMoved`.
    private func casFailure(_ error: GitError, name: String) -> GitError {
        switch error.code {
        case GIT_EMODIFIED.rawValue:
            return error.reclassified(as: .referenceMoved, message: "reference '\(name)' moved: \(error.message)")
        case GIT_EEXISTS.rawValue:
            return error.reclassified(as: .referenceMoved, message: "reference '\(name)' already exists")
        case GIT_ENOTFOUND.rawValue where error.klass == Int32(GIT_ERROR_REFERENCE.rawValue):
            return error.reclassified(as: .referenceMoved, message: "reference '\(name)' does not exist")
        default:
            return error
        }
    }

    /// A reference must never point at objects that are still only in memory.
    private func refuseDuringPackedWrites(_ name: String) throws {
        if session != nil {
            throw GitError.invalid("cannot update '\(name)' inside withPackedWrites: its objects are not on disk yet")
        }
    }
}
