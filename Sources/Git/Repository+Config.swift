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

    /// Every value of a multi-valued key (a remote's several `url`s), in config order; empty
    /// when unset. `key` may hold any subsection (`remote.<any name>.url`).
    public func configValues(_ key: String) throws -> [String] {
        try sync {
            let config = try repositoryConfig()
            var out: OpaquePointer?
            let result = git_config_multivar_iterator_new(&out, config.pointer, key, nil)
            if result == GIT_ENOTFOUND.rawValue { return [] }
            try check(result)
            guard let iterator = out else { throw GitError.invalid("libgit2 returned no config iterator") }
            defer { git_config_iterator_free(iterator) }
            var values: [String] = []
            while true {
                var entry: UnsafeMutablePointer<git_config_entry>?
                let next = git_config_next(&entry, iterator)
                if next == GIT_ITEROVER.rawValue || next == GIT_ENOTFOUND.rawValue { return values }
                try check(next)
                if let value = entry?.pointee.value { values.append(String(cString: value)) }
            }
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
