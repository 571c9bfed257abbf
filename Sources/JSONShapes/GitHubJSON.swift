public import TeamflowCore

/// The `--json` documents of the GitHub and commit commands (`issue import`, `commits scan`,
/// `hooks install|uninstall`), beside the entity encoders they are built from.
public enum GitHubJSON {
    /// `issue import`: the tasks added, retitled, relabeled and checked (as `task list` prints
    /// them, `memberName` giving each one's member), every change in issue order (`task` null
    /// for a task a dry run would add) and `dryRun`.
    public static func issueImport(_ result: TaskUseCases.IssueImportResult, memberName: (TeamTask) -> String?) -> JSON {
        func tasks(_ list: [TeamTask]) -> JSON { .array(list.map { EntityJSON.json($0, memberName: memberName($0)) }) }
        return .object([
            ("dryRun", .bool(result.dryRun)),
            ("added", tasks(result.added)),
            ("retitled", tasks(result.retitled)),
            ("relabeled", tasks(result.relabeled)),
            ("checked", tasks(result.checked)),
            ("changes", .array(result.changes.map { change in
                .object([("action", .string(change.action.rawValue)), ("issue", .int(change.issue)),
                         ("title", .string(change.title)), ("task", .optional(change.task))])
            })),
        ])
    }

    /// `commits scan`: how many commits were read, the tasks checked and started, and the
    /// trailers skipped (`1a2b3c4: Teamflow-Done: 3f2x`).
    public static func commitScan(_ result: TaskUseCases.CommitScanResult, memberName: (TeamTask) -> String?) -> JSON {
        .object([
            ("commits", .int(result.commits)),
            ("checked", .array(result.checked.map { EntityJSON.json($0, memberName: memberName($0)) })),
            ("started", .array(result.started.map { EntityJSON.json($0, memberName: memberName($0)) })),
            ("skipped", .array(result.unknown.map(JSON.string))),
        ])
    }

    /// `hooks install|uninstall`: per hook, its file and what became of it.
    public static func hooks(_ changes: [(hook: String, path: String, outcome: String)]) -> JSON {
        .array(changes.map { .object([("hook", .string($0.hook)), ("path", .string($0.path)), ("outcome", .string($0.outcome))]) })
    }
}
