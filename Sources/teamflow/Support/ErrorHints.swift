import TeamflowCore

/// The command line's own words for the library failures marked with a `TeamflowError.Code`.
///
/// The library's hints name no flag (a client program has no `-C` or `--author`), so the
/// command line, which does, replaces them here with hints that name its options.
enum ErrorHints {
    /// The lines printed after `error: <message>`.
    static func lines(for error: TeamflowError) -> [String] {
        switch error.code {
        case .notARepository:
            return ["Run `git init` first, or use -C DIR to act in another repository."]
        case .noAuthor:
            return [
                "Set one of:",
                "  --author \"Name <email>\"",
                "  export TEAMFLOW_AUTHOR=\"Name <email>\"",
                "  git config user.name \"Name\" && git config user.email \"you@example.com\"",
            ]
        case .outputFolderRefused:
            return ["Nothing was changed. Choose another folder with --out DIR."]
        case .outputInTheWay:
            return ["Nothing was changed. Move it away or choose another folder with --out DIR."]
        case nil:
            return error.hints
        }
    }
}
