internal import CGit2

extension Repository {
    /// The commit a revision names, as `git rev-parse REV^{commit}` finds it (`HEAD~3`, a tag,
    /// `origin/main`, a hash prefix); `nil` when it names nothing. Throws `.invalid` or
    /// `.ambiguous` for a malformed or ambiguous revision, and when it names no commit.
    public func commit(named revision: String) throws -> ObjectID? {
        try sync {
            var object: OpaquePointer?
            let result = git_revparse_single(&object, repo, revision)
            if result == GIT_ENOTFOUND.rawValue { return nil }
            try check(result)
            guard let object else { return nil }
            defer { git_object_free(object) }
            var peeled: OpaquePointer?
            try check(git_object_peel(&peeled, object, GIT_OBJECT_COMMIT))
            guard let peeled, let id = git_object_id(peeled) else { throw GitError.invalid("\(revision) is not a commit") }
            defer { git_object_free(peeled) }
            return ObjectID(id)
        }
    }

    /// The branch `HEAD` is on (`refs/heads/main`), or `nil` when `HEAD` is detached.
    public var headBranch: String? {
        sync {
            var out: OpaquePointer?
            guard git_reference_lookup(&out, repo, "HEAD") == 0, let head = out else { return nil }
            defer { git_reference_free(head) }
            guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(head) else { return nil }
            return String(cString: target)
        }
    }
}
