import Foundation
import TeamflowCore

/// `task show` and `goal show`: every field, sub-tasks, and the item's history; plus the
/// shape a command that names several items prints.
extension Present {
    static func detail(_ detail: TaskDetail, timeZone: TimeZone) -> String {
        let task = detail.task
        var fields: [(String, String?)] = [
            ("status", task.status.rawValue), ("member", detail.memberName), ("week", task.week),
            ("sprint", detail.sprintName), ("epic", detail.epicTitle), ("project", detail.projectName),
            ("due", task.due?.description),
            ("parent", detail.parent.map { "\($0.shortID)  \($0.title)" }),
            ("links", detail.links.isEmpty ? nil : detail.links.map { $0.link.label + ($0.url.map { " (\($0))" } ?? "") }.joined(separator: ", ")),
        ]
        if let created = detail.created {
            fields.append(("created", "\(Timestamp.display(created.at, timeZone: timeZone)) by \(created.author.name)"))
        }
        var lines = [Console.styled("Task \(oneLine(task.shortID))  \(oneLine(task.title))", .bold)]
        lines += fieldLines(fields)
        lines += noteLines(task.note)
        if !detail.subtasks.isEmpty {
            let all = detail.subtasks.flatMap(\.flattened)
            lines += ["", Console.styled("Sub-tasks", .bold) + " (\(progress(all.filter(\.done).count, all.count)))"]
            lines += Self.lines(detail.subtasks, indent: "  ")
        }
        return (lines + historyLines(detail.history, timeZone: timeZone)).joined(separator: "\n")
    }

    static func detail(_ detail: GoalDetail, timeZone: TimeZone) -> String {
        let goal = detail.goal
        var lines = [Console.styled("Goal \(oneLine(goal.shortID))  \(oneLine(goal.title))", .bold)]
        lines += fieldLines([("status", goal.done ? "done" : "open"), ("week", goal.week), ("sprint", detail.sprintName),
                             ("created", "\(Timestamp.display(goal.createdAt, timeZone: timeZone)) by \(goal.createdBy)")])
        lines += noteLines(goal.note)
        return (lines + historyLines(detail.history, timeZone: timeZone)).joined(separator: "\n")
    }

    /// The note a pasted page kept under the item, a line each under `note`.
    private static func noteLines(_ note: String?) -> [String] {
        guard let note, !note.isEmpty else { return [] }
        return ["", Console.styled("Note", .bold)] + note.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + oneLine(String($0)) }
    }

    /// `  name     value` for each field that has a value.
    private static func fieldLines(_ fields: [(String, String?)]) -> [String] {
        fields.compactMap { name, value in
            value.map { "  \(Console.styled(name.padding(toLength: 8, withPad: " ", startingAt: 0), .dim)) \(oneLine($0))" }
        }
    }

    /// The history, oldest first: time, author, type, then what changed.
    private static func historyLines(_ history: [HistoryEntry], timeZone: TimeZone) -> [String] {
        ["", Console.styled("History", .bold)] + history.map { entry in
            let at = Timestamp.display(entry.at, timeZone: timeZone)
            let changes = entry.changes.isEmpty ? quiet(entry) : entry.changes.map(describe).joined(separator: ", ")
            return "  \(Console.styled(oneLine(at), .dim))  \(Console.styled(oneLine(entry.author.name), .yellow))  "
                + "\(Console.styled(oneLine(entry.type), .cyan))  \(oneLine(changes))"
        }
    }

    /// An event that named the item but changed none of its fields.
    private static func quiet(_ entry: HistoryEntry) -> String {
        entry.type == "task.added" ? "sub-task \(ShortID.of(entry.event)) added" : "(no change)"
    }

    /// `title: 'a' → 'b'`, `status: todo → done`, `due: 2024-11-22` (set), `due: 2024-11-22 → none`.
    static func describe(_ change: FieldChange) -> String {
        if change.field == "removed" { return change.after == nil ? "restored" : "removed" }
        let quote: (String?) -> String = { value in
            guard let value else { return "none" }
            return change.field == "title" || change.field == "member" || change.field == "epic" || change.field == "sprint"
                ? "'\(value)'" : value
        }
        guard change.before != nil else { return "\(change.field): \(quote(change.after))" }
        return "\(change.field): \(quote(change.before)) → \(quote(change.after))"
    }
}
