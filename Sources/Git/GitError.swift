internal import CGit2

/// An error reported by libgit2 (or by this module on its behalf).
public struct GitError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, in the terms callers act on.
    public enum Kind: Sendable, Equatable {
        /// The repository, object, reference or config key does not exist.
        case notFound
        /// Something already exists that prevents the operation.
        case exists
        /// A compare-and-swap on a reference failed: its value was not the expected one.
        /// Callers re-read the reference and retry.
        case referenceMoved
        /// A lock file is held (usually by another process); the operation may be retried.
        case locked
        /// A short id or name matched more than one thing.
        case ambiguous
        /// A name, spec or argument is not valid (for example a malformed reference name).
        case invalid
        /// Anything else.
        case other
    }

    /// The libgit2 return code (`GIT_ENOTFOUND` = -3 and so on; -1 for a generic error).
    public let code: Int32
    /// The libgit2 error class (`GIT_ERROR_REFERENCE`, `GIT_ERROR_ODB`, ...), 0 when unknown.
    public let klass: Int32
    /// The human-readable message.
    public let message: String
    /// The classification callers should branch on.
    public let kind: Kind

    /// Creates an error; `kind` defaults to the classification of `code`.
    public init(code: Int32, klass: Int32 = 0, message: String, kind: Kind? = nil) {
        self.code = code
        self.klass = klass
        self.message = message
        self.kind = kind ?? GitError.kind(of: code)
    }

    /// Reads libgit2's thread-local last error; only called right after a failed call.
    init(failure code: Int32) {
        if let last = git_error_last(), let text = last.pointee.message {
            self.init(code: code, klass: last.pointee.klass, message: String(cString: text))
        } else {
            self.init(code: code, message: "libgit2 failed with code \(code)")
        }
    }

    /// The same error with another caller-facing kind (and optionally a clearer message).
    func reclassified(as kind: Kind, message: String? = nil) -> GitError {
        GitError(code: code, klass: klass, message: message ?? self.message, kind: kind)
    }

    static func kind(of code: Int32) -> Kind {
        switch code {
        case GIT_ENOTFOUND.rawValue: return .notFound
        case GIT_EEXISTS.rawValue: return .exists
        case GIT_EMODIFIED.rawValue: return .referenceMoved
        case GIT_ELOCKED.rawValue: return .locked
        case GIT_EAMBIGUOUS.rawValue: return .ambiguous
        case GIT_EINVALIDSPEC.rawValue, GIT_EINVALID.rawValue: return .invalid
        default: return .other
        }
    }

    /// A usage error raised by this module rather than by libgit2.
    static func invalid(_ message: String) -> GitError {
        GitError(code: GIT_EINVALID.rawValue, klass: Int32(GIT_ERROR_INVALID.rawValue), message: message)
    }

    public var description: String { message }
}
