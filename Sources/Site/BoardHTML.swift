import Charts
import TeamflowCore

/// A week's board as HTML: the week's `WeekBoard` (what `teamflow week` prints) formatted,
/// nothing counted or selected here. Goals, the overlapping sprint and its goals, each
/// member's tasks with progress, unassigned tasks: the dashboard's "this week" and every week page.
struct BoardHTML {
    let map: SiteMap
    let language: SiteLanguage
    let charts: SiteCharts
    let chartFiles: ChartFiles

    func board(_ week: ISOWeek, headingLevel: Int) -> String {
        let word = language.word
        let (h, sub) = ("h\(headingLevel)", "h\(min(6, headingLevel + 1))")
        let board = map.board(week)
        var html = "<section class=\"goals\">\n<\(h)>\(HTML.text(word("goals"))) <span class=\"count\">\(board.doneCount)/\(board.goals.count)</span></\(h)>\n"
        html += goals(board.goals)
        html += "</section>\n"

        if let sprint = board.sprint {
            // The name usually holds the word already ("Sprint 3"), so the heading says "Sprint goals · Sprint 3".
            html += "<section class=\"sprint\">\n<\(h)>\(HTML.text(word("sprintGoals"))) <span class=\"count\">\(board.sprintDoneCount)/\(board.sprintGoals.count)</span>"
                + " · \(HTML.line(sprint.name)) <small>\(sprint.from) – \(sprint.to)</small></\(h)>\n"
            html += goals(board.sprintGoals)
            if let file = chartFiles.sprints[sprint.id], let series = charts.sprintBurndowns[sprint.id] {
                html += Markup.figure(file: file, alt: word("sprintBurndown") + ": " + summary(series), caption: word("sprintBurndown"))
            }
            html += "</section>\n"
        }

        html += "<section class=\"members\">\n<\(h)>\(HTML.text(word("members")))</\(h)>\n"
        if board.members.isEmpty && board.unassigned.isEmpty { html += "<p class=\"empty\">\(HTML.text(word("nothing")))</p>\n" }
        for column in board.members {
            html += "<article class=\"member\">\n<\(sub)>\(HTML.line(column.member.name))</\(sub)>\n"
            html += "<p>\(Markup.progress(done: column.done, total: column.total))</p>\n" + tasks(column.tasks)
            html += "</article>\n"
        }
        if !board.unassigned.isEmpty {
            let progress = board.unassignedProgress
            html += "<article class=\"member\">\n<\(sub)>\(HTML.text(word("unassigned")))</\(sub)>\n"
            html += "<p>\(Markup.progress(done: progress.done, total: progress.total))</p>\n" + tasks(board.unassigned)
            html += "</article>\n"
        }
        html += "</section>\n"
        return html
    }

    /// Goals as a checklist.
    func goals(_ list: [Goal]) -> String {
        guard !list.isEmpty else { return "<p class=\"empty\">\(HTML.text(language.word("nothing")))</p>\n" }
        return "<ul class=\"checklist\">\n" + list.map { goal in
            "<li id=\"goal-\(HTML.attribute(goal.shortID))\"\(goal.done ? " class=\"done\"" : "")>\(Markup.check(goal.done, label: goal.title)) "
                + "\(Markup.id(goal.shortID)) \(HTML.line(goal.title))</li>\n"
        }.joined() + "</ul>\n"
    }

    /// Task trees: sub-tasks nested in their parent's item; each line says in words (and a
    /// glyph) what it is: in progress, carried to another week, carried in, overdue.
    func tasks(_ nodes: [TaskNode], parentFrom: String? = nil) -> String {
        guard !nodes.isEmpty else { return "" }
        let word = language.word
        return "<ul class=\"checklist\">\n" + nodes.map { node in
            let task = node.task
            var classes: [String] = []
            if node.countsDone { classes.append("done") }
            if node.isDoing { classes.append("doing") }
            if node.carriedTo != nil { classes.append("carried") }
            if node.isOverdue { classes.append("overdue") }
            var line = "<li id=\"task-\(HTML.attribute(task.shortID))\"\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")>"
                + "\(Markup.check(node.countsDone, label: task.title)) \(Markup.id(task.shortID)) \(HTML.line(task.title))"
            if let to = node.carriedTo {
                line += " <span class=\"mark carried\">» \(HTML.text(word("carriedTo"))) \(HTML.line(to))</span>"
            } else {
                if node.isDoing { line += " <span class=\"mark doing\">◐ \(HTML.text(word("doing")))</span>" }
                if let from = node.carriedFrom, from != parentFrom {
                    line += " <span class=\"mark carried-in\">↪ \(HTML.text(word("carriedFrom"))) \(HTML.line(from))</span>"
                }
                line += due(task.due, overdue: node.isOverdue)
            }
            let from = node.carriedTo == nil ? node.carriedFrom : nil
            return line + (node.subtasks.isEmpty ? "" : "\n" + tasks(node.subtasks, parentFrom: from)) + "</li>\n"
        }.joined() + "</ul>\n"
    }

    /// `due D`, and `overdue` in words (not only in red) when the board says so.
    func due(_ day: Day?, overdue: Bool) -> String {
        guard let day else { return "" }
        let word = language.word
        return " <small class=\"due\(overdue ? " late" : "")\">\(HTML.text(word("due"))) \(day)"
            + (overdue ? " · ⚠ \(HTML.text(word("overdueMark")))" : "") + "</small>"
    }

    /// The numbers of a burndown in words, for the image's text alternative.
    func summary(_ series: BurndownSeries) -> String {
        let days = series.days.map { "\($0.day) \($0.open.map { String($0) } ?? "-")" }
        return "\(series.total); " + days.joined(separator: ", ")
    }
}
