internal import CGit2

// Long-lived libgit2 handles each have exactly one owner object that frees them in `deinit`.
// Short-lived handles inside a single function (a looked-up tree, a revwalk) are freed by a
// `defer` right after they are created, which is the same single-owner rule at function scope.

/// Owns a `git_repository*`.
final class RepositoryHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        git_repository_free(pointer)
    }

    /// Opens exactly `path` (a working directory or a git directory), without searching upwards.
    static func open(_ path: String) throws -> RepositoryHandle {
        _ = Libgit2.ready
        var out: OpaquePointer?
        try check(git_repository_open_ext(&out, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil))
        guard let pointer = out else { throw GitError.invalid("libgit2 returned no repository") }
        return RepositoryHandle(pointer)
    }

    /// The repository's object database (a new reference, owned by the returned handle).
    func odb() throws -> OdbHandle {
        var out: OpaquePointer?
        try check(git_repository_odb(&out, pointer))
        guard let odb = out else { throw GitError.invalid("libgit2 returned no object database") }
        return OdbHandle(odb)
    }
}

/// Owns a reference to a `git_odb*`.
final class OdbHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        git_odb_free(pointer)
    }
}

/// Owns a `git_config*` (a repository's config view or one level of it).
final class ConfigHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        git_config_free(pointer)
    }
}

/// Owns a `git_buf` filled by libgit2.
final class BufferHandle {
    var buffer = git_buf()

    deinit {
        git_buf_dispose(&buffer)
    }

    var string: String {
        guard let pointer = buffer.ptr else { return "" }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: buffer.size)
        return String(decoding: bytes, as: UTF8.self)
    }
}
