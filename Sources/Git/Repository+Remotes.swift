internal import CGit2

extension Repository {
    /// The names of the configured remotes (`git remote`), sorted.
    public func remoteNames() throws -> [String] {
        try sync {
            var names = git_strarray()
            try check(git_remote_list(&names, repo))
            defer { git_strarray_dispose(&names) }
            var result = [String]()
            for index in 0..<names.count {
                if let name = names.strings?[index] { result.append(String(cString: name)) }
            }
            return result.sorted()
        }
    }

    /// Every URL configured for remote `name`: its `url`s, then its `pushurl`s, as written in
    /// the config (no `insteadOf` rewriting).
    public func remoteURLs(_ name: String) throws -> [String] {
        try configValues("remote.\(name).url") + configValues("remote.\(name).pushurl")
    }
}
