import Foundation
public import TeamflowCore

/// `import markdown`: a week's page in the team's Notion shape becomes goal and task events,
/// all in one append marked as one batch (one `undo` takes the import back). Checked items are
/// written with `done: true` (their ids are not known until the append, so no separate check
/// event can name them); a nested item's `parent` names an earlier draft (`EventDraft.references`).
public struct WeeklyImportUseCase: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What was imported.
    public struct Result: Sendable, Equatable {
        public var week: String
        public var goals: Int
        public var tasks: Int
        /// Items left out because the week already has them.
        public var skipped = 0
    }

    /// Imports `text`; `week` (else the page's own week, else the sprint's first week, else the
    /// current one) decides the week. With `sprint`, every goal and task is filed in that sprint.
    /// Every member the page names must exist (`member add` first): nothing is written otherwise.
    public func run(text: String, week: String? = nil, sprint: String? = nil) throws -> Result {
        let state = try repository.state()
        let page = WeeklyPage(parsing: text, isMember: { name in
            // An ambiguous name is still a member's: the loop below reports it.
            do { _ = try state.member(named: name); return true } catch let error as TeamflowError { return error.kind == .ambiguous } catch { return false }
        })
        let sprint = try sprint.map { try SprintUseCases.resolve($0, in: state) }
        let week = try (week ?? page.week).map { try session.week($0) }.map(\.description)
            ?? sprint.map { ISOWeek(containing: $0.from).description } ?? session.currentWeek.description
        guard !page.goals.isEmpty || !page.members.isEmpty else {
            throw TeamflowError(.failure, "no goals or member tasks found in the page",
                                hints: ["Expected a goals list (items ending with ✅ or [x]) and a list per member under their name."])
        }
        // Importing a page again (or an updated page) adds only what the week lacks: a goal with
        // the same title, or a task with the same title, member and parent title, is already there.
        let existingGoals = Set(state.goals(in: ISOWeek(parsing: week) ?? session.currentWeek).map { Lookup.normalize($0.title) })
        let existingTasks = Dictionary(state.liveTasks { $0.week == week }.map {
            (TaskKey(title: $0.title, member: $0.member, parent: $0.parent.flatMap { state.tasks[$0]?.title }), $0.id)
        }, uniquingKeysWith: { first, _ in first })
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
        for (name, items, parents) in page.members {
            let member: Member
            do {
                member = try state.member(named: name)
            } catch let error as TeamflowError where error.kind == .notFound {
                missing.append(name)
                continue
            } catch let error as TeamflowError where error.kind == .ambiguous {
                // Two members answer to this name: adding a third would only make it worse.
                throw TeamflowError(.ambiguous, "the page's member '\(name)' is ambiguous: \(error.message)",
                                    hints: error.hints + ["Rename one of them or write the page with a handle.", "Nothing was imported."])
            }
            // Where each item went: a task the week already has, or the position of its draft.
            var placed: [Placed] = []
            for (position, item) in items.enumerated() {
                let parent = parents.indices.contains(position) ? parents[position].flatMap { placed.indices.contains($0) ? $0 : nil } : nil
                let key = TaskKey(title: item.text, member: member.id, parent: parent.map { items[$0].text })
                if let id = existingTasks[key] {
                    skipped += 1
                    placed.append(Placed(existing: id, depth: parent.map { placed[$0].depth + 1 } ?? 0))
                    continue
                }
                let depth = parent.map { placed[$0].depth + 1 } ?? 0
                guard depth <= TeamState.maxTaskNesting else {
                    throw TeamflowError(.usage, "the page nests '\(item.text)' \(depth) items deep; a task has at most \(TeamState.maxTaskNesting) ancestors",
                                        hints: ["Nothing was imported."])
                }
                var draft = EventDraft(TaskAdded(title: item.text, week: week, member: member.id,
                                                 parent: parent.flatMap { placed[$0].existing }, sprint: sprint?.id, done: item.done),
                                       summary: "task: add \"\(item.text)\" (\(week))")
                if let parent, let earlier = placed[parent].draft { draft.references["parent"] = earlier }
                placed.append(Placed(draft: drafts.count, depth: depth))
                drafts.append(draft)
                tasks += 1
            }
        }
        guard missing.isEmpty else {
            throw TeamflowError(.notFound, "the page names unknown members: \(missing.joined(separator: ", "))",
                                hints: ["Add them as members first.", "Nothing was imported."],
                                reason: .unknownNames(.member, missing))
        }
        // Refused without an author even when there is nothing to write, as before.
        _ = try session.requireAuthor()
        // Everything already there: nothing to write (the result says how much was skipped).
        if !drafts.isEmpty { _ = try context.recordBatch(drafts) }
        return Result(week: week, goals: goals, tasks: tasks, skipped: skipped)
    }

    /// A task as the duplicate check compares it: title (case-insensitive, NFC), member and
    /// the parent's title (nil at the top level).
    private struct TaskKey: Hashable {
        var title: String
        var member: String?
        var parent: String?

        init(title: String, member: String?, parent: String?) {
            self.title = Lookup.normalize(title)
            self.member = member
            self.parent = parent.map(Lookup.normalize)
        }
    }

    /// A page item once placed: the id of the task the week already has, or its draft's position.
    private struct Placed {
        var existing: String?
        var draft: Int?
        var depth: Int

        init(existing: String? = nil, draft: Int? = nil, depth: Int) {
            self.existing = existing
            self.draft = draft
            self.depth = depth
        }
    }
}
