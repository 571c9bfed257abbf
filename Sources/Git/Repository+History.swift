internal import CGit2

extension Repository {
    /// Whether `ancestor` is reachable from `commit` (true when they are equal).
    public func isAncestor(_ ancestor: ObjectID, of commit: ObjectID) throws -> Bool {
        if ancestor == commit { return true }
        return try sync {
            var commitOID = commit.oid
            var ancestorOID = ancestor.oid
            let result = git_graph_descendant_of(repo, &commitOID, &ancestorOID)
            try check(result)
            return result == 1
        }
    }

    /// The best common ancestor of `a` and `b`, or `nil` when their histories are unrelated.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        try sync {
            var out = git_oid()
            var first = a.oid
            var second = b.oid
            let result = git_merge_base(&out, repo, &first, &second)
            if result == GIT_ENOTFOUND.rawValue { return nil }
            try check(result)
            return ObjectID(out)
        }
    }

    /// Commits reachable from `from`, newest first (topological, then by time), like
    /// `git log`; at most `limit` of them.
    public func log(from tip: ObjectID, limit: Int? = nil) throws -> [Commit] {
        try sync {
            var commits = [Commit]()
            try walk(sorting: GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue, push: tip, hide: nil) { id in
                if let limit, commits.count >= limit { return false }
                let commit = try lookup(id, GIT_OBJECT_COMMIT)
                defer { git_object_free(commit) }
                commits.append(try commitValue(commit))
                return true
            }
            return commits
        }
    }

    /// The commits reachable from `newTip` but not from `oldTip`, oldest first (parents before
    /// children), like `git rev-list --reverse --topo-order old..new`.
    public func commitsBetween(from newTip: ObjectID, excluding oldTip: ObjectID) throws -> [ObjectID] {
        try sync {
            var ids = [ObjectID]()
            let sorting = GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_REVERSE.rawValue
            try walk(sorting: sorting, push: newTip, hide: oldTip) { id in
                ids.append(id)
                return true
            }
            return ids
        }
    }

    /// Runs a revwalk, calling `visit` per commit until it returns false. Hold `lock`.
    private func walk(
        sorting: UInt32, push: ObjectID, hide: ObjectID?, visit: (ObjectID) throws -> Bool
    ) throws {
        var out: OpaquePointer?
        try check(git_revwalk_new(&out, repo))
        guard let walker = out else { throw GitError.invalid("libgit2 returned no revwalk") }
        defer { git_revwalk_free(walker) }
        try check(git_revwalk_sorting(walker, sorting))
        var pushOID = push.oid
        try check(git_revwalk_push(walker, &pushOID))
        if let hide {
            var hideOID = hide.oid
            try check(git_revwalk_hide(walker, &hideOID))
        }
        var next = git_oid()
        while true {
            let result = git_revwalk_next(&next, walker)
            if result == GIT_ITEROVER.rawValue { return }
            try check(result)
            guard try visit(ObjectID(next)) else { return }
        }
    }
}
