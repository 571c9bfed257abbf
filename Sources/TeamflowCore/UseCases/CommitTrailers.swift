/// The `Teamflow-Done:` trailers of commit messages: each names a task (an id prefix or a
/// title) that the commit finished.
public enum CommitTrailers {
    /// The trailer's key, matched without regard to case.
    public static let doneKey = "teamflow-done"

    /// The task texts of `message`'s `Teamflow-Done:` lines, in order (several values on one
    /// line may be separated by commas).
    public static func done(in message: String) -> [String] {
        message.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].trimmingSpaces.lowercased() == doneKey else { return [] }
            return line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        }
    }
}

extension TaskUseCases {
    /// What a scan did: the tasks it checked and the trailers naming no task.
    public struct CommitScanResult: Sendable {
        public var checked: [TeamTask] = []
        public var unknown: [String] = []
    }

    /// Checks each task a `Teamflow-Done:` trailer names (oldest commit first), linking it to the
    /// commit; a task already done or already linked to that commit is left alone, so scanning
    /// the same commits twice appends nothing.
    public func scanCommits(_ commits: [(sha: String, message: String)]) throws -> CommitScanResult {
        let state = try repository.state()
        var drafts: [EventDraft] = [], result = CommitScanResult(), checked = Set<TeamTask.ID>()
        for commit in commits.reversed() {
            let link = try Self.link(kind: "commit", ref: commit.sha)
            for text in CommitTrailers.done(in: commit.message) {
                guard let task = try? state.task(named: text) else {
                    result.unknown.append("\(link.label): \(text)")
                    continue
                }
                if !task.links.contains(link) {
                    drafts.append(EventDraft(TaskLinked(task: task.id, kind: "commit", ref: link.ref),
                                             summary: "task: link \"\(task.title)\" to \(link.label)"))
                }
                if !task.done, checked.insert(task.id).inserted {
                    drafts.append(EventDraft(TaskChecked(task: task.id, source: "commit", commit: link.ref),
                                             summary: "task: check \"\(task.title)\" (\(link.label))"))
                }
            }
        }
        guard !drafts.isEmpty else { return result }
        _ = try context.record(drafts)
        let after = try repository.state()
        result.checked = checked.sorted().compactMap { after.tasks[$0] }
        return result
    }
}
