import Foundation
import TeamflowCore

/// `import markdown`: a week's page in the team's Notion shape becomes goal and task events,
/// all in one append. Checked items are written with `done: true` (their ids are not known
/// until the append, so no separate check event can name them).
public struct WeeklyImportUseCase: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What was imported.
    public struct Result: Sendable, Equatable {
        public var week: String
        public var goals: Int
        public var tasks: Int
        /// Items left out because the week already has them (issue 13).
        public var skipped = 0
    }

    /// Imports `text`; `week` (else the page's own week, else the sprint's first week, else the
    /// current one) decides the week. With `sprint`, every goal and task is filed in that sprint.
    /// Every member the page names must exist (`member add` first): nothing is written otherwise.
    public func run(text: String, week: String? = nil, sprint: String? = nil) throws -> Result {
        let page = WeeklyPage(parsing: text)
        let sprint = try sprint.map { try SprintUseCases.resolve($0, in: repository.state()) }
        let week = try (week ?? page.week).map { try session.week($0) }.map(\.description)
            ?? sprint.map { ISOWeek(containing: $0.from).description } ?? session.currentWeek.description
        guard !page.goals.isEmpty || !page.members.isEmpty else {
            throw TeamflowError(.failure, "no goals or member tasks found in the page",
                                hints: ["Expected a goals list (items ending with ✅ or [x]) and a list per member under their name."])
        }
        let state = try repository.state()
        // Importing a page again (or an updated page) adds only what the week lacks: a goal with
        // the same title, or a task with the same title and member, is already there.
        let existingGoals = Set(state.goals(in: ISOWeek(parsing: week) ?? session.currentWeek).map { Lookup.normalize($0.title) })
        let existingTasks = Set(state.liveTasks { $0.week == week }.map { TaskKey(title: $0.title, member: $0.member) })
        var skipped = 0, goals = 0
        var drafts: [EventDraft] = []
        for goal in page.goals {
            guard !existingGoals.contains(Lookup.normalize(goal.text)) else { skipped += 1; continue }
            goals += 1
            drafts.append(EventDraft(GoalAdded(title: goal.text, week: week, sprint: sprint?.id, done: goal.done),
                                     summary: "goal: add \"\(goal.text)\" (\(week))"))
        }
        var missing: [String] = []
        var tasks = 0
        for (name, items) in page.members {
            let member: Member
            do {
                member = try state.member(named: name)
            } catch let error as TeamflowError where error.kind == .notFound {
                missing.append(name)
                continue
            } catch let error as TeamflowError where error.kind == .ambiguous {
                // Two members answer to this name: adding a third would only make it worse.
                throw TeamflowError(.ambiguous, "the page's member '\(name)' is ambiguous: \(error.message)",
                                    hints: error.hints + ["Rename one of them (teamflow member edit) or write the page with a handle.", "Nothing was imported."])
            }
            for item in items {
                guard !existingTasks.contains(TaskKey(title: item.text, member: member.id)) else { skipped += 1; continue }
                drafts.append(EventDraft(TaskAdded(title: item.text, week: week, member: member.id, sprint: sprint?.id, done: item.done),
                                         summary: "task: add \"\(item.text)\" (\(week))"))
                tasks += 1
            }
        }
        guard missing.isEmpty else {
            throw TeamflowError(.notFound, "the page names unknown members: \(missing.joined(separator: ", "))",
                                hints: missing.map { "  teamflow member add \"\($0)\"" } + ["Nothing was imported."])
        }
        // As the use cases' `record` does (internal to TeamflowCore): the session's author and time.
        let author = try session.requireAuthor()
        // Everything already there: nothing to write (the result says how much was skipped).
        if !drafts.isEmpty {
            _ = try repository.append(drafts, author: author, at: Timestamp.format(session.now, timeZone: session.timeZone))
        }
        return Result(week: week, goals: goals, tasks: tasks, skipped: skipped)
    }

    /// A task as the duplicate check compares it: title (case-insensitive, NFC) and member.
    private struct TaskKey: Hashable {
        var title: String
        var member: String?

        init(title: String, member: String?) {
            self.title = Lookup.normalize(title)
            self.member = member
        }
    }
}
