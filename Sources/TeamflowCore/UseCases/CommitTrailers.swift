/// The `Teamflow-Done:` and `Teamflow-Start:` trailers of commit messages: each names tasks (an
/// id prefix or a title) that the commit finished or started.
public enum CommitTrailers {
    /// What a trailer does to the task it names.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `Teamflow-Done:` checks the task.
        case done
        /// `Teamflow-Start:` marks it in progress.
        case start

        /// The trailer's key as written in messages and warnings.
        public var key: String { self == .done ? "Teamflow-Done" : "Teamflow-Start" }
    }

    /// One task named by one trailer.
    public struct Trailer: Sendable, Equatable {
        public var kind: Kind
        /// The task as written: an id prefix or a title.
        public var text: String

        public init(kind: Kind, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// The trailer's key, matched without regard to case.
    public static let doneKey = "teamflow-done"

    /// The task texts of `message`'s `Teamflow-Done:` lines, in order.
    public static func done(in message: String) -> [String] {
        trailers(in: message).filter { $0.kind == .done }.map(\.text)
    }

    /// Every `Teamflow-Done:` / `Teamflow-Start:` value of `message`, in order (several values
    /// on one line may be separated by commas). Keys are matched without regard to case.
    public static func trailers(in message: String) -> [Trailer] {
        message.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [Trailer] in
            guard let colon = line.firstIndex(of: ":") else { return [] }
            let key = line[..<colon].trimmingSpaces.lowercased()
            guard let kind = Kind.allCases.first(where: { $0.key.lowercased() == key }) else { return [] }
            return line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
                .map { Trailer(kind: kind, text: $0) }
        }
    }

    /// The message as git will record it from the file a `commit-msg` hook is given: `#` comment
    /// lines and everything below the scissors line of `git commit -v` (the diff) left out, so
    /// a trailer quoted in the diff or in a comment is not read.
    public static func editedMessage(_ text: String) -> String {
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if line.contains(">8") { break }
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}

extension TaskUseCases {
    /// What a scan did: the tasks it checked or started and the trailers naming no task (or
    /// several), with the lookup's error (its nearest matches or candidates).
    public struct CommitScanResult: Sendable {
        public var checked: [TeamTask] = []
        public var started: [TeamTask] = []
        /// `1a2b3c4: 3f2a` per trailer that named no single task, in commit order.
        public var unknown: [String] = []
        /// The lookup failure of each entry of `unknown`, in the same order.
        public var problems: [TeamflowError] = []
        /// How many commits were read.
        public var commits = 0
    }

    /// The trailers of `message` that name no single task, each with the lookup's error (nearest
    /// matches or candidates); empty when every trailer names a task. Appends nothing: this is
    /// what a `commit-msg` hook asks before the commit exists.
    public func trailerProblems(in message: String) throws -> [(trailer: CommitTrailers.Trailer, error: TeamflowError)] {
        let trailers = CommitTrailers.trailers(in: message)
        guard !trailers.isEmpty else { return [] }
        let state = try repository.state()
        return trailers.compactMap { trailer in
            do {
                _ = try state.task(named: trailer.text)
                return nil
            } catch let error as TeamflowError {
                return (trailer, error)
            } catch {
                return (trailer, TeamflowError(.failure, "\(error)"))
            }
        }
    }

    /// Applies the trailers of `commits` (given newest first, applied oldest first): each task a
    /// `Teamflow-Done:` names is checked and each one a `Teamflow-Start:` names is started (when
    /// still to do), the event saying which commit (`source: commit`, `commit: SHA`), and the
    /// task is linked to the commit.
    ///
    /// Once per commit and task: a task already linked to the commit (by an earlier scan, the
    /// hook, or by hand) is left alone, so the hook and a scan in CI never apply a commit twice.
    /// A trailer naming no task, or several, is skipped and reported.
    public func scanCommits(_ commits: [(sha: String, message: String)]) throws -> CommitScanResult {
        let state = try repository.state()
        var drafts: [EventDraft] = [], result = CommitScanResult()
        var checked: [TeamTask.ID] = [], started: [TeamTask.ID] = []
        // What this scan already did to a task, so two commits naming it fold in order.
        var status: [TeamTask.ID: WorkStatus] = [:]
        result.commits = commits.count
        for commit in commits.reversed() {
            let link = try Self.link(kind: "commit", ref: commit.sha)
            // Done wins over Start when one commit names a task with both.
            var wanted: [(task: TeamTask, kind: CommitTrailers.Kind)] = []
            for trailer in CommitTrailers.trailers(in: commit.message) {
                do {
                    let task = try state.task(named: trailer.text)
                    if let index = wanted.firstIndex(where: { $0.task.id == task.id }) {
                        if trailer.kind == .done { wanted[index].kind = .done }
                    } else {
                        wanted.append((task, trailer.kind))
                    }
                } catch let error as TeamflowError {
                    result.unknown.append("\(link.label): \(trailer.kind.key): \(trailer.text)")
                    result.problems.append(error)
                }
            }
            for (task, kind) in wanted {
                guard !task.links.contains(link) else { continue }
                drafts.append(EventDraft(TaskLinked(task: task.id, kind: "commit", ref: link.ref),
                                         summary: "task: link \"\(task.title)\" to \(link.label)"))
                let now = status[task.id] ?? task.status
                switch kind {
                case .done where now != .done:
                    drafts.append(EventDraft(TaskChecked(task: task.id, source: "commit", commit: link.ref),
                                             summary: "task: check \"\(task.title)\" (\(link.label))"))
                    status[task.id] = .done
                    checked.append(task.id)
                case .start where now == .todo:
                    drafts.append(EventDraft(TaskStarted(task: task.id, source: "commit", commit: link.ref),
                                             summary: "task: start \"\(task.title)\" (\(link.label))"))
                    status[task.id] = .doing
                    started.append(task.id)
                default:
                    break
                }
            }
        }
        guard !drafts.isEmpty else { return result }
        _ = try context.record(drafts)
        let after = try repository.state()
        result.checked = Self.unique(checked).compactMap { after.tasks[$0] }
        result.started = Self.unique(started).filter { !checked.contains($0) }.compactMap { after.tasks[$0] }
        return result
    }

    private static func unique(_ ids: [TeamTask.ID]) -> [TeamTask.ID] {
        var seen = Set<TeamTask.ID>()
        return ids.filter { seen.insert($0).inserted }
    }
}
