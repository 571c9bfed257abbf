import Foundation
public import TeamflowCore

/// `import markdown`: a week's page in the team's Notion shape becomes goal and task events,
/// all in one append marked as one batch (one `undo` takes the import back). Checked items are
/// written with `done: true` (their ids are not known until the append, so no separate check
/// event can name them); a nested item's `parent` names an earlier draft (`EventDraft.references`).
public struct WeeklyImportUseCase: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What was imported (or, for a dry run, would be), and what the page held that was not.
    public struct Result: Sendable, Equatable {
        public var week: String
        public var goals: Int
        public var tasks: Int
        /// Items left out because the week already has them.
        public var skipped = 0
        /// Lines of the page that import as nothing (code, tables, notes, prose, unplaced items).
        public var skippedLines: [WeeklyPage.SkippedLine] = []
        /// Lines kept as an item's note.
        public var keptAsNotes: [Int] = []
        /// Whether nothing was written (`--dry-run`).
        public var dryRun = false
        /// Every goal and task written (or to be written), in page order.
        public var items: [Item] = []

        /// The skipped lines as runs of one reason (`30-58 (code)`): lines at most one apart
        /// (a blank line between) join.
        public var skippedRanges: [SkippedRange] {
            var ranges: [SkippedRange] = []
            for line in skippedLines {
                if let last = ranges.last, last.reason == line.reason, line.line - last.last <= 2 {
                    ranges[ranges.count - 1].last = line.line
                    ranges[ranges.count - 1].count += 1
                } else {
                    ranges.append(SkippedRange(first: line.line, last: line.line, count: 1, reason: line.reason))
                }
            }
            return ranges
        }
    }

    /// A run of skipped lines of one reason.
    public struct SkippedRange: Sendable, Equatable {
        public var first: Int
        public var last: Int
        /// How many lines of the run were skipped (blank lines between are not counted).
        public var count: Int
        public var reason: WeeklyPage.SkippedLine.Reason
    }

    /// A goal or task of the import.
    public struct Item: Sendable, Equatable {
        /// The member's name for a task; nil for a goal.
        public var member: String?
        public var title: String
        public var done: Bool
        /// How deep the task is nested (0: top level).
        public var depth: Int
        public var note: String?
    }

    /// How to read the page.
    public struct Options: Sendable, Equatable {
        /// The week (any form `session.week` reads); else the page's date, else the sprint's
        /// first week, else this week.
        public var week: String?
        /// File every goal and task in this sprint.
        public var sprint: String?
        /// The year of a date the page writes without one (`11 18 …`); else the latest such
        /// date not after today.
        public var year: Int?
        /// The page's names for members (each must name one: name, handle, id prefix or a
        /// unique part of a name). When given, only these and the team's exact names and
        /// handles start a member's section; any other heading or line is a note.
        public var members: [String] = []
        /// Parse and report, write nothing.
        public var dryRun = false

        public init(week: String? = nil, sprint: String? = nil, year: Int? = nil, members: [String] = [], dryRun: Bool = false) {
            self.week = week
            self.sprint = sprint
            self.year = year
            self.members = members
            self.dryRun = dryRun
        }
    }

    /// Imports `text` into `week` (see `Options`).
    public func run(text: String, week: String? = nil, sprint: String? = nil) throws -> Result {
        try run(text: text, options: Options(week: week, sprint: sprint))
    }

    /// Imports `text`. Every member the page names must exist (`member add` first): nothing is
    /// written otherwise, nor when the page holds no goal and no member's task.
    public func run(text: String, options: Options) throws -> Result {
        let state = try repository.state()
        // The page's names for members: the team's exact names and handles, and `--members`.
        // A name two members share (two clones each added 민수) names no one here: resolving it
        // below reports it as ambiguous.
        var known: [String: Member] = [:]
        var shared: Set<String> = []
        for member in state.liveMembers {
            for name in member.names {
                let key = Lookup.normalize(name)
                if let other = known[key], other.id != member.id { shared.insert(key) }
                known[key] = member
            }
        }
        for key in shared { known[key] = nil }
        var unknown: [String] = []
        for name in options.members {
            do { known[Lookup.normalize(WeeklyPage.name(name))] = try state.member(named: name) } catch { unknown.append(name) }
        }
        guard unknown.isEmpty else {
            throw TeamflowError(.usage, "the members named are not the team's: \(unknown.joined(separator: ", "))",
                                hints: ["Name members by name, handle or id prefix."], reason: .unknownNames(.member, unknown))
        }
        let page = WeeklyPage(parsing: text, isMember: { known[Lookup.normalize($0)] != nil || shared.contains(Lookup.normalize($0)) },
                              guessesMembers: options.members.isEmpty)
        let sprint = try options.sprint.map { try SprintUseCases.resolve($0, in: state) }
        let week = try (options.week ?? page.week ?? page.monthDay.map { try date(of: $0, year: options.year) })
            .map { try session.week($0) }.map(\.description)
            ?? sprint.map { ISOWeek(containing: $0.from).description } ?? session.currentWeek.description
        guard !page.goals.isEmpty || !page.members.isEmpty else {
            let unplaced = page.skipped.prefix(3).map { "  line \($0.line): \($0.text)" }
            throw TeamflowError(.failure, "no goals or member tasks found in the page",
                                hints: ["Expected a goals list (items ending with ✅ or [x]) and a list per member under their name."]
                                    + (unplaced.isEmpty ? [] : ["The first lines it could not place:"] + unplaced)
                                    + ["Nothing was imported."])
        }
        // Importing a page again (or an updated page) adds only what the week lacks: a goal with
        // the same title, or a task with the same title, member and parent title, is already there.
        let existingGoals = Set(state.goals(in: ISOWeek(parsing: week) ?? session.currentWeek).map { Lookup.normalize($0.title) })
        let existingTasks = Dictionary(state.liveTasks { $0.week == week }.map {
            (TaskKey(title: $0.title, member: $0.member, parent: $0.parent.flatMap { state.tasks[$0]?.title }), $0.id)
        }, uniquingKeysWith: { first, _ in first })
        var skipped = 0, goals = 0
        var drafts: [EventDraft] = []
        var items: [Item] = []
        for (index, goal) in page.goals.enumerated() {
            guard !existingGoals.contains(Lookup.normalize(goal.text)) else { skipped += 1; continue }
            goals += 1
            let note = page.goalNotes.indices.contains(index) ? page.goalNotes[index] : nil
            drafts.append(EventDraft(GoalAdded(title: goal.text, week: week, sprint: sprint?.id.rawValue, done: goal.done, note: note),
                                     summary: "goal: add \"\(goal.text)\" (\(week))"))
            items.append(Item(member: nil, title: goal.text, done: goal.done, depth: 0, note: note))
        }
        var missing: [String] = []
        var tasks = 0
        for (memberPosition, (name, pageItems, parents)) in page.members.enumerated() {
            let member: Member
            if let found = known[Lookup.normalize(name)] {
                member = found
            } else {
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
            }
            let notes = page.taskNotes.indices.contains(memberPosition) ? page.taskNotes[memberPosition] : []
            // Where each item went: a task the week already has, or the position of its draft.
            var placed: [Placed] = []
            for (position, item) in pageItems.enumerated() {
                let parent = parents.indices.contains(position) ? parents[position].flatMap { placed.indices.contains($0) ? $0 : nil } : nil
                let key = TaskKey(title: item.text, member: member.id, parent: parent.map { pageItems[$0].text })
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
                let note = notes.indices.contains(position) ? notes[position] : nil
                var draft = EventDraft(TaskAdded(title: item.text, week: week, member: member.id,
                                                 parent: parent.flatMap { placed[$0].existing }, sprint: sprint?.id.rawValue, done: item.done,
                                                 note: note),
                                       summary: "task: add \"\(item.text)\" (\(week))")
                if let parent, let earlier = placed[parent].draft { draft.references["parent"] = earlier }
                placed.append(Placed(draft: drafts.count, depth: depth))
                drafts.append(draft)
                items.append(Item(member: member.name, title: item.text, done: item.done, depth: depth, note: note))
                tasks += 1
            }
        }
        guard missing.isEmpty else {
            throw TeamflowError(.notFound, "the page names unknown members: \(missing.joined(separator: ", "))",
                                hints: ["Add them as members first.", "Nothing was imported."],
                                reason: .unknownNames(.member, missing))
        }
        var result = Result(week: week, goals: goals, tasks: tasks, skipped: skipped, skippedLines: page.skipped,
                            keptAsNotes: page.keptAsNotes, dryRun: options.dryRun, items: items)
        result.dryRun = options.dryRun
        if options.dryRun { return result }
        // Refused without an author even when there is nothing to write, as before.
        _ = try session.requireAuthor()
        // Everything already there: nothing to write (the result says how much was skipped).
        if !drafts.isEmpty { _ = try context.recordBatch(drafts) }
        return result
    }

    /// The `YYYY-MM-DD` of a date written without a year: in `year`, else the latest such day
    /// not after today.
    private func date(of monthDay: WeeklyPage.MonthDay, year: Int?) throws -> String {
        let today = session.today
        let candidates = year.map { [$0] } ?? [today.year, today.year - 1]
        for candidate in candidates {
            guard let day = Day(year: candidate, month: monthDay.month, day: monthDay.day) else { continue }
            if year != nil || !(today < day) { return day.description }
        }
        throw TeamflowError(.usage, "the page's date \(monthDay.month)/\(monthDay.day) is not a day of \(year.map(String.init) ?? "the last year")",
                            reason: .invalidValue(.week, text: "\(monthDay.month)/\(monthDay.day)"))
    }

    /// A task as the duplicate check compares it: title (case-insensitive, NFC), member and
    /// the parent's title (nil at the top level).
    private struct TaskKey: Hashable {
        var title: String
        var member: Member.ID?
        var parent: String?

        init(title: String, member: Member.ID?, parent: String?) {
            self.title = Lookup.normalize(title)
            self.member = member
            self.parent = parent.map(Lookup.normalize)
        }
    }

    /// A page item once placed: the id of the task the week already has, or its draft's position.
    private struct Placed {
        var existing: TeamTask.ID?
        var draft: Int?
        var depth: Int

        init(existing: TeamTask.ID? = nil, draft: Int? = nil, depth: Int) {
            self.existing = existing
            self.draft = draft
            self.depth = depth
        }
    }
}
