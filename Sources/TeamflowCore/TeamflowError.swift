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

    public var kind: Kind
    /// One line: what went wrong.
    public var message: String
    /// Extra lines: candidates, the right form, what to do next.
    public var hints: [String]

    public init(_ kind: Kind, _ message: String, hints: [String] = []) {
        self.kind = kind
        self.message = message
        self.hints = hints
    }

    /// Exit 64: wrong usage or a malformed environment setting.
    public var isUsage: Bool { kind == .usage || kind == .environment }

    public var description: String {
        ([message] + hints).joined(separator: "\n")
    }

    public static func noAuthor() -> TeamflowError {
        TeamflowError(.failure, "no author configured", hints: [
            "Set one of:",
            "  --author \"Name <email>\"",
            "  export TEAMFLOW_AUTHOR=\"Name <email>\"",
            "  git config user.name \"Name\" && git config user.email \"you@example.com\"",
        ])
    }
}
