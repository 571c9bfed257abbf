/// Errors a user can act on. The executable maps `isUsage` to exit 64 and the rest to exit 1.
public struct TeamflowError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Malformed input (a date, a week, an empty title): exit 64.
        case usage
        /// Nothing matches the id or name: exit 1.
        case notFound
        /// An id prefix or name matches several things: exit 1.
        case ambiguous
        /// The request conflicts with the current state (already removed, a cycle): exit 1.
        case conflict
        /// Anything else the user must fix (no author, not a repository): exit 1.
        case failure
        /// A malformed environment setting the user controls (`TZ`, `TEAMFLOW_NOW`): exit 64,
        /// like wrong usage, but without the command's usage line (the command line was fine).
        case environment
    }

    /// A failure a front-end may want to explain in its own terms. The library's `hints` name
    /// no front-end's options (no `--author`, no `-C DIR`), so the command line recognises these
    /// and says how to fix them with its flags; any other client can do the same with its own.
    public enum Code: String, Sendable, Equatable {
        /// The folder is not inside a git repository.
        case notARepository
        /// A write needs an author and none was given or configured.
        case noAuthor
        /// An export's output folder was refused (a path into `.git`, out of the folder).
        case outputFolderRefused
        /// Something in an export's output folder is in the way of a file to write.
        case outputInTheWay
    }

    public var kind: Kind
    /// One line: what went wrong.
    public var message: String
    /// Extra lines: candidates, the right form, what to do next.
    public var hints: [String]
    /// Set on the failures a front-end may word itself; nil for the rest.
    public var code: Code?
    /// What went wrong with its context (the kind, the text, the candidates), for the
    /// failures of the domain a front-end explains itself; nil for the rest.
    public var reason: Reason?
    /// For `.ambiguous`, the items the text matched; for `.notFound`, the nearest ones (the
    /// same items the hints list, as values a front-end can print as data).
    public var candidates: [Candidate] = []

    /// An item an ambiguous or unmatched text could have meant.
    public struct Candidate: Sendable, Equatable {
        /// Its full id.
        public var id: String
        /// Its title or name.
        public var label: String

        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    /// An error of `kind` saying `message`, with `hints` on the lines after it and, for the
    /// failures a front-end explains itself, their `code`.
    public init(_ kind: Kind, _ message: String, hints: [String] = [], code: Code? = nil, candidates: [Candidate] = [],
                reason: Reason? = nil) {
        self.kind = kind
        self.message = message
        self.hints = hints
        self.code = code
        self.candidates = candidates
        self.reason = reason
    }

    /// Exit 64: wrong usage or a malformed environment setting.
    public var isUsage: Bool { kind == .usage || kind == .environment }

    public var description: String {
        ([message] + hints).joined(separator: "\n")
    }

    /// A write without an author. The hints name what every client shares (the environment
    /// `TeamEnvironment` reads, git's config); the command line adds its `--author`.
    public static func noAuthor() -> TeamflowError {
        TeamflowError(.failure, "no author configured", hints: [
            "Set one of:",
            "  export TEAMFLOW_AUTHOR=\"Name <email>\"",
            "  git config user.name \"Name\" && git config user.email \"you@example.com\"",
        ], code: .noAuthor)
    }
}
