public import TeamflowCore

/// The entities as the CLI's `--json` prints them (SPEC section 4, docs/JSON.md): one encoder
/// per type, used by the command line and the web board's API alike, so both print the same keys.
public enum EntityJSON {
    /// A goal: id, short id, title, done, week, sprint, who added it and when, when it was done,
    /// the note an import kept, and the owner's name (null here: see the next one).
    public static func json(_ goal: Goal) -> JSON { json(goal, ownerName: nil) }

    /// A goal with its owner's name (`member`, as for tasks) and, on a board, where it was carried.
    public static func json(_ goal: Goal, ownerName: String?, carriedFrom: String? = nil, carriedTo: String? = nil) -> JSON {
        .object([
            ("id", .id(goal.id)),
            ("short", .string(goal.shortID)),
            ("title", .string(goal.title)),
            ("done", .bool(goal.done)),
            ("week", .string(goal.week)),
            ("sprint", .optional(goal.sprint)),
            ("createdBy", .string(goal.createdBy)),
            ("createdAt", .string(goal.createdAt)),
            ("doneAt", .optional(goal.doneAt)),
            ("note", .optional(goal.note)),
            ("member", .optional(ownerName)),
            ("carriedFrom", .optional(carriedFrom)),
            ("carriedTo", .optional(carriedTo)),
        ])
    }

    /// A board's goal line: the goal with its owner and carry marks.
    public static func json(_ line: GoalLine) -> JSON {
        json(line.goal, ownerName: line.ownerName, carriedFrom: line.carriedFrom, carriedTo: line.carriedTo)
    }

    /// A member: id, name, handle, email.
    public static func json(_ member: Member) -> JSON {
        .object([
            ("id", .id(member.id)),
            ("short", .string(member.shortID)),
            ("name", .string(member.name)),
            ("handle", .optional(member.handle)),
            ("email", .optional(member.email)),
        ])
    }

    /// A project; `overdue` is judged on `today`.
    public static func json(_ project: Project, today: Day) -> JSON {
        .object([
            ("id", .id(project.id)),
            ("short", .string(project.shortID)),
            ("name", .string(project.name)),
            ("status", .string(project.status.rawValue)),
            ("due", .optional(project.due?.description)),
            ("overdue", .bool(project.isOverdue(today: today))),
            ("description", .optional(project.description)),
        ])
    }

    /// `status` is the one shown (derived from the tasks unless set with `epic move`, see
    /// `EpicProgress.isDerived`); `statusDerived` says which; `percent` is null without tasks.
    public static func json(_ item: EpicProgress) -> JSON {
        .object([
            ("id", .id(item.epic.id)),
            ("short", .string(item.epic.shortID)),
            ("title", .string(item.epic.title)),
            ("status", .string(item.status.rawValue)),
            ("project", .optional(item.epic.project)),
            ("done", .int(item.done)),
            ("total", .int(item.total)),
            // Progress where people look.
            ("percent", item.percent.map(JSON.int) ?? .null),
            ("statusDerived", .bool(item.isDerived)),
        ])
    }

    /// A task as SPEC section 4 shapes it; `member` is the assignee's name. `carried` is where
    /// a board's line was carried from and to (default: the week it came from into its own
    /// week); `overdue` is written when `today` is known.
    public static func json(_ task: TeamTask, memberName: String?, subtasks: [JSON]? = nil, today: Day? = nil,
                     carried: (from: String?, to: String?)? = nil, overdue: Bool? = nil) -> JSON {
        var pairs: [(String, JSON)] = [
            ("id", .id(task.id)),
            ("short", .string(task.shortID)),
            ("title", .string(task.title)),
            ("done", .bool(task.done)),
            ("status", .string(task.status.rawValue)),
            ("member", .optional(memberName)),
            ("epic", .optional(task.epic)),
            ("parent", .optional(task.parent)),
            ("week", .string(task.week)),
            ("sprint", .optional(task.sprint)),
            ("due", .optional(task.due?.description)),
            ("doneAt", .optional(task.doneAt)),
            ("note", .optional(task.note)),
            ("points", task.points.map(JSON.int) ?? .null),
            ("labels", .array(task.labels.map(JSON.string))),
        ]
        // carry-over and due dates
        let carried = carried ?? (from: task.carriedFrom(into: task.week), to: nil)
        pairs += [("carriedFrom", .optional(carried.from)), ("carriedTo", .optional(carried.to))]
        // A board line's overdue is the board's; a task listed alone is judged on today.
        if let overdue = overdue ?? today.map(task.isOverdue(today:)) { pairs.append(("overdue", .bool(overdue))) }
        if let subtasks { pairs.append(("subtasks", .array(subtasks))) }
        return .object(pairs)
    }

    /// A board line: the task with its sub-tasks, carry-over and the board's overdue mark.
    public static func json(_ node: TaskNode, today: Day? = nil) -> JSON {
        json(node.task, memberName: node.memberName, subtasks: node.subtasks.map { json($0, today: today) }, today: today,
             carried: (from: node.carriedFrom, to: node.carriedTo), overdue: today == nil ? nil : node.isOverdue)
    }

    /// A sprint: name and its days.
    public static func json(_ sprint: Sprint) -> JSON {
        .object([
            ("id", .id(sprint.id)),
            ("short", .string(sprint.shortID)),
            ("name", .string(sprint.name)),
            ("from", .string(sprint.from.description)),
            ("to", .string(sprint.to.description)),
        ])
    }

    /// A review note with its sections and comments.
    public static func json(_ review: Review) -> JSON {
        .object([
            ("id", .id(review.id)),
            ("short", .string(review.shortID)),
            ("pr", .int(review.pr)),
            ("title", .string(review.title)),
            ("author", .string(review.author)),
            ("url", .optional(review.url)),
            ("branch", .optional(review.branch)),
            ("openedAt", .optional(review.openedAt)),
            ("week", .string(review.week)),
            ("sections", .array(review.sections.map { section in
                .object([
                    ("kind", .string(section.kind)),
                    ("heading", .string(section.heading)),
                    ("body", .string(section.body)),
                    ("checklist", .array(section.checklist.map { .object([("text", .string($0.text)), ("done", .bool($0.done))]) })),
                ])
            })),
            ("comments", .array(review.comments.map { comment in
                .object([("id", .string(comment.id)), ("author", .string(comment.author)), ("text", .string(comment.text)),
                         ("at", .string(comment.at)), ("state", .optional(comment.state)), ("github", .optional(comment.github))])
            })),
            ("createdAt", .string(review.createdAt)),
            ("state", .optional(review.prState)),
            ("mergedAt", .optional(review.mergedAt)),
        ])
    }

    /// A retrospective entry.
    public static func json(_ entry: RetroEntry) -> JSON {
        .object([
            ("id", .id(entry.id)),
            ("short", .string(entry.shortID)),
            ("text", .string(entry.text)),
            ("kind", .string(entry.kind)),
            ("week", .string(entry.week)),
            ("author", .string(entry.author)),
            ("createdAt", .string(entry.createdAt)),
        ])
    }

    /// A wiki page with its dated entries.
    public static func json(_ page: WikiPage) -> JSON {
        .object([
            ("id", .id(page.id)),
            ("short", .string(page.shortID)),
            ("title", .string(page.title)),
            ("body", .string(page.body)),
            ("entries", .array(page.journal.map { entry in
                .object([("id", .string(entry.id)), ("day", .string(entry.day)), ("author", .string(entry.author)),
                         ("text", .string(entry.text))])
            })),
        ])
    }

    /// One revision of a wiki page.
    public static func json(_ revision: WikiRevision) -> JSON {
        .object([("id", .string(revision.id)), ("action", .string(revision.action)), ("author", .string(revision.author)),
                 ("at", .string(revision.at)), ("size", .int(revision.size))])
    }

    /// One JSON object for one item (as a write command always printed), an array for several.
    public static func many(_ items: [JSON]) -> JSON {
        items.count == 1 ? items[0] : .array(items)
    }

    /// `task show`: the task, its epic, project and sprint names, sub-tasks and history.
    public static func json(_ detail: TaskDetail, today: Day? = nil) -> JSON {
        guard case .object(var pairs) = json(detail.task, memberName: detail.memberName, today: today) else { return .null }
        pairs += [
            ("epicTitle", .optional(detail.epicTitle)),
            ("project", .optional(detail.projectName)),
            ("sprintName", .optional(detail.sprintName)),
            ("createdAt", .optional(detail.created?.at)),
            ("createdBy", .optional(detail.created?.author.name)),
            ("subtasks", .array(detail.subtasks.map { json($0, today: today) })),
            ("history", .array(detail.history.map(json))),
            ("links", .array(detail.links.map { view in
                .object([("kind", .string(view.link.kind)), ("ref", .string(view.link.ref)), ("label", .string(view.link.label)),
                         ("url", .optional(view.url))])
            })),
        ]
        return .object(pairs)
    }

    /// `goal show`: the goal, its sprint name and history.
    public static func json(_ detail: GoalDetail) -> JSON {
        guard case .object(var pairs) = json(detail.goal) else { return .null }
        pairs += [("sprintName", .optional(detail.sprintName)), ("history", .array(detail.history.map(json)))]
        return .object(pairs)
    }

    /// One event of an item's history with the fields it changed.
    public static func json(_ entry: HistoryEntry) -> JSON {
        .object([
            ("event", .string(entry.event)),
            ("type", .string(entry.type)),
            ("at", .string(entry.at)),
            ("author", .object([("name", .string(entry.author.name)), ("email", .string(entry.author.email))])),
            ("changes", .array(entry.changes.map { change in
                .object([("field", .string(change.field)), ("before", .optional(change.before)), ("after", .optional(change.after))])
            })),
        ])
    }

    /// `teamflow week --json`: goals, the sprint, each member's tasks, unassigned and overdue work.
    public static func week(_ board: WeekBoard, today: Day) -> JSON {
        .object([
            ("week", .string(board.week.description)),
            ("start", .string(board.start.description)),
            ("end", .string(board.end.description)),
            ("goals", .array((board.goalLines + board.sprintGoalLines).map(json))),
            ("sprint", board.sprint.map(json) ?? .null),
            ("members", .array(board.members.map { memberColumn($0, today: today) })),
            ("unassigned", .array(board.unassigned.map { json($0, today: today) })),
            ("overdue", .array(board.overdue.map { json($0, today: today) })),
            ("overdueTasks", .array(board.overdueTasks.map { json($0, today: today) })),
        ])
    }

    /// One member's column of a board: progress and task lines.
    public static func memberColumn(_ column: MemberTasks, today: Day? = nil) -> JSON {
        .object([
            ("id", .id(column.member.id)),
            ("name", .string(column.member.name)),
            ("handle", .optional(column.member.handle)),
            ("done", .int(column.done)),
            ("total", .int(column.total)),
            ("tasks", .array(column.tasks.map { json($0, today: today) })),
        ])
    }

    /// `undo --json`: the event undone, the one written, and every event of an undone batch.
    public static func undo(_ outcome: UndoUseCase.Outcome) -> JSON {
        .object([("undone", .string(outcome.undone.id)), ("type", .string(outcome.undone.type)),
                 ("event", .string(outcome.written.id)), ("written", .string(outcome.written.type)),
                 ("batch", .array(outcome.allUndone.map { .string($0.id) }))])
    }

    /// `week carry --json`: the weeks, the tasks carried (with their members' names) and the
    /// goals carried (with their owners).
    public static func carried(_ carried: WeekUseCases.Carried, views: [TaskView], goals: [GoalLine], today: Day) -> JSON {
        .object([
            ("from", .string(carried.from.description)),
            ("to", .string(carried.to.description)),
            ("tasks", .array(views.map { json($0.task, memberName: $0.memberName, today: today) })),
            ("goals", .array(goals.map(json))),
        ])
    }
}
