internal import Git
import TeamflowCore

/// Refuses remote names and URLs that git could read as an option, before git runs.
///
/// `teamflow sync -- '--upload-pack=touch pwned'` (or a remote configured under such a name)
/// once reached `git fetch` as an option, and git ran the command. Every git call now ends its
/// options with `--end-of-options` (see `GitProcess.run`), so such a name is only ever a name;
/// this check adds a clear error on top, naming the remote and what to do.
public enum RemoteCheck {
    /// A remote typed by the user (a name, URL or path): one starting with `-` is wrong usage.
    public static func typed(_ remote: String) throws {
        guard GitProcess.looksLikeOption(remote) else { return }
        throw TeamflowError(.usage, "'\(remote)' is not a remote: it starts with '-', so git would read it as an option",
                            hints: ["Give a configured remote's name, a URL, or a path (write ./\(remote) for a folder named so)."])
    }

    /// A configured remote (from `sync --all`, the default `origin`, or a name typed by the
    /// user): its name and each of its `url` and `pushurl` values must not start with `-`.
    /// Such a remote is refused as a failure (exit 1), naming it and the value.
    public static func configured(_ name: String, in store: GitEventStore) throws {
        try configured(name, in: store.repository)
    }

    static func configured(_ name: String, in repository: Repository) throws {
        if GitProcess.looksLikeOption(name) {
            throw TeamflowError(.failure, "the configured remote '\(name)' has a name starting with '-'; teamflow does not sync with it",
                                hints: ["git would read the name as an option. Nothing was fetched or pushed.",
                                        "Remove it from .git/config: git config --remove-section 'remote.\(name)'"])
        }
        for url in try repository.remoteURLs(name) where GitProcess.looksLikeOption(url) {
            throw TeamflowError(.failure, "the remote '\(name)' has the URL '\(url)', which starts with '-'; teamflow does not sync with it",
                                hints: ["git would read the URL as an option. Nothing was fetched or pushed.",
                                        "Set a real URL: git remote set-url \(name) URL (check remote.\(name).url and pushurl in .git/config)"])
        }
    }
}
