extension TaskUseCases {
    /// One GitHub issue as `issue import` reads it.
    public struct Issue: Sendable, Equatable {
        public var number: Int
        public var title: String
        /// Open on GitHub (closed otherwise).
        public var open: Bool

        public init(number: Int, title: String, open: Bool) {
            self.number = number
            self.title = title
            self.open = open
        }
    }

    /// What an import did, by task.
    public struct IssueImportResult: Sendable {
        public var added: [TeamTask] = []
        public var retitled: [TeamTask] = []
        public var checked: [TeamTask] = []
    }

    /// One task per issue, once: an open issue no live task is linked to becomes a task of the
    /// current week linked to it; a linked task takes the issue's new title, and is checked
    /// (saying why) when the issue is closed. A reopened issue never unchecks a task, and a
    /// closed issue never seen before is left out. Everything goes in one append.
    public func importIssues(_ issues: [Issue]) throws -> IssueImportResult {
        let state = try repository.state()
        let week = session.currentWeek.description
        var drafts: [EventDraft] = []
        var added: [Int] = [], retitled: [TeamTask.ID] = [], checked: [TeamTask.ID] = []
        var seen = Set<Int>()
        for issue in issues where issue.number > 0 && seen.insert(issue.number).inserted {
            let link = TaskLink(kind: "issue", ref: String(issue.number))
            let title = issue.title.trimmingSpaces
            if let task = state.liveTasks.first(where: { $0.links.contains(link) }) {
                if !title.isEmpty, title != task.title {
                    drafts.append(EventDraft(TaskEdited(task: task.id, title: try Validate.text(title, field: .title, of: .task)),
                                             summary: "task: retitle \"\(task.title)\" from issue #\(issue.number)"))
                    retitled.append(task.id)
                }
                if !issue.open, !task.done {
                    drafts.append(EventDraft(TaskChecked(task: task.id, source: "github", issue: issue.number),
                                             summary: "task: check \"\(task.title)\" (issue #\(issue.number) closed)"))
                    checked.append(task.id)
                }
                continue
            }
            guard issue.open else { continue }
            added.append(drafts.count)
            drafts.append(EventDraft(TaskAdded(title: try Validate.text(title, field: .title, of: .task), week: week),
                                     summary: "task: add \"\(title)\" from issue #\(issue.number)"))
            var linked = EventDraft(TaskLinked(task: "", kind: "issue", ref: link.ref), summary: "task: link issue #\(issue.number)")
            linked.references["task"] = drafts.count - 1
            drafts.append(linked)
        }
        guard !drafts.isEmpty else { return IssueImportResult() }
        let events = try context.record(drafts)
        let after = try repository.state()
        var result = IssueImportResult()
        result.added = added.compactMap { events.indices.contains($0) ? after.tasks[events[$0].id] : nil }
        result.retitled = retitled.compactMap { after.tasks[$0] }
        result.checked = checked.compactMap { after.tasks[$0] }
        return result
    }
}
