import ArgumentParsing

/// The manual pages' EXIT STATUS, ENVIRONMENT and FILES: what the command tree cannot say.
/// The root page has all three; each command's page has EXIT STATUS and a pointer to the
/// root page for the rest.
///
/// ENVIRONMENT lists every variable the code reads that a user may set. Left out on purpose:
/// `TEAMFLOW_TEST_FAULT` (a test hook that makes writes fail or die at a chosen step) and
/// `TEAMFLOW_UPDATE_FIXTURES` (read by the test suite only, not by the binary).
enum ManPageTexts {
    static let sections: [ManSection] = [exitStatus, environment, files]

    static let exitStatus = ManSection(
        title: "Exit status",
        entries: [
            .init("0", "Success."),
            .init("1", "A failure the user can act on: nothing or more than one thing matches an id or name, not a git "
                  + "repository, a problem doctor found, a sync or wiki publish that could not finish, files generate --check "
                  + "would change, a template that does not render. The message on standard error says what to do next."),
            .init("64", "Wrong usage: an unknown command or option, a missing or malformed argument or option value; also a "
                  + "malformed environment setting the command needs (TZ, TEAMFLOW_NOW), reported without a usage line."),
        ],
        onCommandPages: .whole)

    static let environment = ManSection(
        title: "Environment",
        text: "The variables teamflow reads (template render and generate also show templates every variable as env.NAME):",
        entries: [
            .init("TEAMFLOW_NOW", "An RFC 3339 instant with an offset (2024-11-18T09:00:00+09:00) that replaces the wall clock "
                  + "for every command: back-filling notes, reproducible scripts. Unset or empty: the wall clock."),
            .init("TEAMFLOW_AUTHOR", "The author of new events as \"Name <email>\" when --author is not given; before git's "
                  + "user.name and user.email."),
            .init("TZ", "The local calendar: which day, and so which ISO week, it is. Unset: the system's zone; empty: UTC; a tz "
                  + "database name (Asia/Seoul), a path under a zoneinfo folder, or a POSIX zone without daylight saving (KST-9)."),
            .init("NO_COLOR", "Set to any value: no colour under --color auto (the default)."),
            .init("TERM", "dumb: no colour under --color auto, and no progress line."),
            .init("COLUMNS", "The width of the stats and burndown charts (default 80)."),
            .init("TEAMFLOW_PROGRESS_AFTER", "Seconds a long command (import, export, sync, wiki export, wiki publish, site) "
                  + "runs before its progress line appears on a terminal (default 0.5)."),
            .init("TEAMFLOW_TRACE", "Set to any value: the event store's phase timings and memory on standard error, to find "
                  + "where a slow command spends its time."),
            .init("PATH", "Where sync and wiki publish find git, which does their fetches and pushes."),
            .init("GIT_CEILING_DIRECTORIES", "Honoured as git does when looking for the repository above the current folder."),
            .init("GIT_DIR, GIT_COMMON_DIR", "The git directories they name are protected like every .git folder: generate, "
                  + "wiki export and site never write into them."),
        ],
        onCommandPages: .summary("TEAMFLOW_NOW, TEAMFLOW_AUTHOR, TZ, NO_COLOR, TERM and the others are described in teamflow(1)."))

    static let files = ManSection(
        title: "Files",
        entries: [
            .init("refs/teamflow/events", "The ref holding the events, one YAML file per event under events/ in its tree; the "
                  + "work tree, the index and the checked-out branch are never touched. git config teamflow.ref names another "
                  + "ref (refs/heads/teamflow for hosts that accept branches only)."),
            .init("refs/teamflow/remotes/REMOTE/events", "The events sync last fetched from REMOTE."),
            .init(".git/teamflow/", "The state cache (state-REF.bin, journal-REF, head-REF), in the common git directory so "
                  + "linked worktrees share it; disposable: removed, it is rebuilt from the ref on the next command."),
            .init(".git/config", "teamflow.ref (the events ref) and teamflow.me (the member me names when git's user.email "
                  + "matches none)."),
            .init(".teamflow/templates/NAME/", "A repository's own template NAME, overriding the built-in of that name "
                  + "(templates eject copies one here); .teamflow/templates/wiki/ holds wiki layouts."),
            .init(".teamflow/graph.yaml", "The default manifest of generate graph."),
            .init("DIR/.teamflow-wiki-manifest, DIR/.teamflow-site-manifest", "The files wiki export and site own in their "
                  + "output folder; only those are replaced or removed."),
            .init("PREFIX/share/teamflow/install-manifest", "What scripts/install.sh installed under PREFIX, with checksums; "
                  + "install.sh --uninstall removes exactly those files."),
        ],
        termFont: .italic,
        onCommandPages: .summary("The events ref, the state cache and the templates folder are described in teamflow(1)."))
}
