internal import CGit2

extension Repository {
    /// The value of a config key as git sees it (system, global, local and worktree levels),
    /// or `nil` when unset. Re-reads changed config files, so edits by `git config` show up.
    public func config(_ key: String) throws -> String? {
        try sync {
            let config = try repositoryConfig()
            let buffer = BufferHandle()
            let result = git_config_get_string_buf(&buffer.buffer, config.pointer, key)
            if result == GIT_ENOTFOUND.rawValue { return nil }
            try check(result)
            return buffer.string
        }
    }

    /// Sets `key` to `value` in the repository's local config (`.git/config`, shared by
    /// linked worktrees), like `git config key value`.
    public func setConfig(_ key: String, _ value: String) throws {
        try sync {
            let config = try repositoryConfig()
            var out: OpaquePointer?
            try check(git_config_open_level(&out, config.pointer, GIT_CONFIG_LEVEL_LOCAL))
            guard let pointer = out else { throw GitError.invalid("no local config level") }
            let local = ConfigHandle(pointer)
            try check(git_config_set_string(local.pointer, key, value))
        }
    }

    private func repositoryConfig() throws -> ConfigHandle {
        var out: OpaquePointer?
        try check(git_repository_config(&out, repo))
        guard let pointer = out else { throw GitError.invalid("libgit2 returned no config") }
        return ConfigHandle(pointer)
    }
}
