extension TaskUseCases {
    /// One GitHub issue as `issue import` reads it.
    public struct Issue: Sendable, Equatable {
        public var number: Int
        public var title: String
        /// Open on GitHub (closed otherwise).
        public var open: Bool
        /// Its labels' names, as GitHub orders them.
        public var labels: [String]
        /// Its assignees' GitHub logins.
        public var assignees: [String]

        public init(number: Int, title: String, open: Bool, labels: [String] = [], assignees: [String] = []) {
            self.number = number
            self.title = title
            self.open = open
            self.labels = labels
            self.assignees = assignees
        }
    }

    /// How an import runs: the week new tasks go to (default: the current week), and whether
    /// it only says what it would do.
    public struct IssueImportOptions: Sendable, Equatable {
        public var week: String?
        public var dryRun: Bool

        public init(week: String? = nil, dryRun: Bool = false) {
            self.week = week
            self.dryRun = dryRun
        }
    }

    /// One thing an import does (or, dry, would do) for one issue.
    public struct IssueChange: Sendable, Equatable {
        public enum Action: String, Sendable, Equatable {
            case added, retitled, relabeled, checked
        }
        public var action: Action
        public var issue: Int
        /// The task's title after the change.
        public var title: String
        /// The task's id; nil for a task a dry run would add.
        public var task: String?
    }

    /// What an import did, by task.
    public struct IssueImportResult: Sendable {
        public var added: [TeamTask] = []
        public var retitled: [TeamTask] = []
        public var relabeled: [TeamTask] = []
        public var checked: [TeamTask] = []
        /// Every change in issue order; with `dryRun`, what would have been done.
        public var changes: [IssueChange] = []
        public var dryRun = false
    }

    /// One task per issue, once: an open issue no live task is linked to becomes a task of
    /// `options.week` linked to it, with the issue's labels and, when one of its assignees is a
    /// member's handle (compared without regard to case), that member. A task linked to an open
    /// issue takes the issue's title and labels; one linked to a closed issue is checked
    /// (saying why). A reopened issue never unchecks a task, and a closed issue never seen
    /// before is left out. Everything goes in one append; a dry run appends nothing.
    public func importIssues(_ issues: [Issue], options: IssueImportOptions = IssueImportOptions()) throws -> IssueImportResult {
        let state = try repository.state()
        let week = try session.week(options.week).description
        var drafts: [EventDraft] = [], changes: [IssueChange] = []
        var added: [Int] = []
        var seen = Set<Int>()
        for issue in issues where issue.number > 0 && seen.insert(issue.number).inserted {
            let link = TaskLink(kind: "issue", ref: String(issue.number))
            let title = issue.title.trimmingSpaces
            let labels = try Validate.labels(issue.labels)
            if let task = state.liveTasks.first(where: { $0.links.contains(link) }) {
                if issue.open {
                    var edit = TaskEdited(task: task.id)
                    if !title.isEmpty, title != task.title {
                        edit.title = try Validate.text(title, field: .title, of: .task)
                        changes.append(IssueChange(action: .retitled, issue: issue.number, title: title, task: task.id.rawValue))
                    }
                    if labels != task.labels {
                        edit.labels = labels
                        changes.append(IssueChange(action: .relabeled, issue: issue.number, title: edit.title ?? task.title, task: task.id.rawValue))
                    }
                    if edit.data.pairs.count > 1 {
                        drafts.append(EventDraft(edit, summary: "task: update \"\(task.title)\" from issue #\(issue.number)"))
                    }
                } else if !task.done {
                    drafts.append(EventDraft(TaskChecked(task: task.id, source: "github", issue: issue.number),
                                             summary: "task: check \"\(task.title)\" (issue #\(issue.number) closed)"))
                    changes.append(IssueChange(action: .checked, issue: issue.number, title: task.title, task: task.id.rawValue))
                }
                continue
            }
            guard issue.open else { continue }
            added.append(drafts.count)
            changes.append(IssueChange(action: .added, issue: issue.number, title: title, task: nil))
            let member = Self.member(forLogins: issue.assignees, in: state)
            var new = TaskAdded(title: try Validate.text(title, field: .title, of: .task), week: week, member: member?.id)
            new.labels = labels
            drafts.append(EventDraft(new, summary: "task: add \"\(title)\" from issue #\(issue.number)"))
            var linked = EventDraft(TaskLinked(task: "", kind: "issue", ref: link.ref), summary: "task: link issue #\(issue.number)")
            linked.references["task"] = drafts.count - 1
            drafts.append(linked)
        }
        var result = IssueImportResult()
        result.dryRun = options.dryRun
        guard !drafts.isEmpty, !options.dryRun else {
            result.changes = changes
            return result
        }
        let events = try context.record(drafts)
        let after = try repository.state()
        var addedIDs = added.compactMap { events.indices.contains($0) ? events[$0].id : nil }.makeIterator()
        for index in changes.indices where changes[index].action == .added { changes[index].task = addedIDs.next() }
        result.changes = changes
        func tasks(_ action: IssueChange.Action) -> [TeamTask] {
            changes.filter { $0.action == action }.compactMap { $0.task.flatMap { after.tasks[$0] } }
        }
        (result.added, result.retitled, result.relabeled, result.checked) = (tasks(.added), tasks(.retitled), tasks(.relabeled), tasks(.checked))
        return result
    }

    /// The first live member whose handle is one of `logins` (GitHub logins are not case-sensitive).
    static func member(forLogins logins: [String], in state: TeamState) -> Member? {
        for login in logins {
            let key = login.trimmingSpaces.lowercased()
            guard !key.isEmpty else { continue }
            if let member = state.liveMembers.first(where: { $0.handle.map { $0.lowercased() == key } ?? false }) { return member }
        }
        return nil
    }
}
