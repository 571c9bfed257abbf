import TeamflowCore

/// Task lines on boards: carried-away records, carried-in marks, due dates and the overdue
/// group. Kept apart from `Presenters.swift`, which shapes every other entity.
extension Present {
    /// `  due 11-22` (the year too when it is not today's), then `  overdue` (red on a terminal)
    /// when the read model says so; empty without a due date.
    /// `  3pt #ios #ui`: the estimate and the labels, when there are any.
    static func estimate(_ task: TeamTask) -> String {
        guard task.points != nil || !task.labels.isEmpty else { return "" }
        let parts = (task.points.map { ["\($0)pt"] } ?? []) + task.labels.map { "#" + oneLine($0) }
        return parts.isEmpty ? "" : "  " + Console.styled(parts.joined(separator: " "), .dim)
    }

    static func due(_ task: TeamTask, today: Day?, overdue: Bool) -> String {
        guard let due = task.due else { return "" }
        let date = today.map { $0.year == due.year } == false ? due.description : String(due.description.dropFirst(5))
        return "  due \(date)" + (overdue ? "  " + Console.styled("overdue", .red) : "")
    }

    /// The mark of a line a carry left behind: `[>]` (a coloured arrow on a terminal).
    static var carriedMark: String { Console.useColor ? Console.styled("»", .cyan) : "[>]" }

    /// Board lines of a task tree, indented two spaces per level: a task carried away shows as
    /// `[>] title → W`, one carried in ends with `↪ from W` (not repeated on sub-tasks that came
    /// along with their parent), due dates and `overdue` as `due`, then the task's links (`#95`).
    static func lines(_ nodes: [TaskNode], indent: String, today: Day? = nil, parentFrom: String? = nil) -> [String] {
        nodes.flatMap { node in
            let task = node.task
            var line = "\(indent)\(node.carriedTo == nil ? status(task.status) : carriedMark) "
                + "\(Console.styled(oneLine(task.shortID), .dim))  \(oneLine(task.title))" + estimate(task)
            if let to = node.carriedTo {
                line += "  " + Console.styled("→ \(oneLine(to))", .cyan)
            } else {
                if let from = node.carriedFrom, from != parentFrom {
                    line += "  " + Console.styled("↪ from \(oneLine(from))", .dim)
                }
                line += due(task, today: today, overdue: node.isOverdue)
            }
            // The board's links as the read model gives them (`#95`); a terminal shows no address.
            if !node.links.isEmpty {
                line += "  " + Console.styled(oneLine(node.links.map(\.link.label).joined(separator: " ")), .dim)
            }
            let from = node.carriedTo == nil ? node.carriedFrom : nil
            return [line] + lines(node.subtasks, indent: indent + "  ", today: today, parentFrom: from)
        }
    }

    /// Open tasks of any week past their due date, with member and week.
    static func overdueTasksSection(_ nodes: [TaskNode], today: Day) -> [String] {
        guard !nodes.isEmpty else { return [] }
        return ["", Console.styled("Overdue tasks", .red) + " (\(nodes.count))"]
            + nodes.map { "  " + line($0.task, memberName: $0.memberName, today: today) }
    }
}
