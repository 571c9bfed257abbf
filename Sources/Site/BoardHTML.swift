import Charts
import TeamflowCore

/// A week's board as HTML: the week's `WeekBoard` (what `teamflow week` prints) formatted,
/// nothing counted or selected here. Goals, the overlapping sprint and its goals, each
/// member's tasks with progress, unassigned tasks: the dashboard's "this week" and every week page.
///
/// Every item's short id links to the item's anchor (`#task-<id>`, `#goal-<id>`) on its week's
/// page; there each task line has its history (`TaskHistorySummary`) folded in a `<details>`.
struct BoardHTML {
    let map: SiteMap
    let language: SiteLanguage
    let charts: SiteCharts
    let chartFiles: ChartFiles
    /// The live board's forms in place of the read-only checkboxes (nil: the static site).
    var controls: BoardControls? = nil
    /// The task lines of the previous render of the same page (nil: the static site).
    var lines: BoardLineCache? = nil

    /// Where a board is shown: on its week's own page (ids link to anchors on the page, and
    /// each task has its history there) or elsewhere (ids link to the week page's anchors).
    enum Placement {
        case weekPage
        case elsewhere
    }

    func board(_ week: ISOWeek, headingLevel: Int, placement: Placement) -> String {
        let word = language.word
        let (h, sub) = ("h\(headingLevel)", "h\(min(6, headingLevel + 1))")
        let board = map.board(week)
        // On another page the anchors are the week page's; no link when that page is not written.
        let page: String? = placement == .weekPage ? "" : map.weekFiles[week.description]
        let items = Items(page: page, history: placement == .weekPage)
        let progress = board.goalProgress
        var html = "<section class=\"goals\">\n<\(h)>\(HTML.text(word("goals"))) <span class=\"count\">\(progress.done)/\(progress.total)</span></\(h)>\n"
        html += goals(board.goalLines, items)
        html += "</section>\n"

        if let sprint = board.sprint {
            // The name usually holds the word already ("Sprint 3"), so the heading says "Sprint goals · Sprint 3".
            html += "<section class=\"sprint\">\n<\(h)>\(HTML.text(word("sprintGoals"))) <span class=\"count\">\(board.sprintDoneCount)/\(board.sprintGoals.count)</span>"
                + " · \(HTML.line(sprint.name)) <small>\(sprint.from) – \(sprint.to)</small></\(h)>\n"
            html += goals(board.sprintGoalLines, items)
            if let file = chartFiles.sprints[sprint.id], let series = charts.sprintBurndowns[sprint.id] {
                html += Markup.figure(file: file, alt: word("sprintBurndown") + ": " + summary(series), caption: word("sprintBurndown"))
            }
            html += "</section>\n"
        }

        html += "<section class=\"members\">\n<\(h)>\(HTML.text(word("members")))</\(h)>\n"
        if board.members.isEmpty && board.unassigned.isEmpty { html += "<p class=\"empty\">\(HTML.text(word("nothing")))</p>\n" }
        for column in board.members {
            html += "<article class=\"member\">\n<\(sub)>\(HTML.line(column.member.name))</\(sub)>\n"
            html += "<p>\(Markup.progress(done: column.done, total: column.total))</p>\n" + tasks(column.tasks, items)
            html += "</article>\n"
        }
        if !board.unassigned.isEmpty {
            let progress = board.unassignedProgress
            html += "<article class=\"member\">\n<\(sub)>\(HTML.text(word("unassigned")))</\(sub)>\n"
            html += "<p>\(Markup.progress(done: progress.done, total: progress.total))</p>\n" + tasks(board.unassigned, items)
            html += "</article>\n"
        }
        html += "</section>\n"
        return html
    }

    /// How a board's items link and what they hold: `page` is the file the ids' anchors are on
    /// (empty: this page; nil: no link), `history` whether task lines carry their history.
    struct Items {
        var page: String?
        var history: Bool

        /// The link to an item's anchor (`task-<id>`), or nil.
        func href(_ anchor: String) -> String? { page.map { $0 + "#" + Markup.fragment(anchor) } }
    }

    /// Goals as a checklist.
    func goals(_ list: [GoalLine], _ items: Items) -> String {
        guard !list.isEmpty else { return "<p class=\"empty\">\(HTML.text(language.word("nothing")))</p>\n" }
        let word = language.word
        return "<ul class=\"checklist\">\n" + list.map { line in
            let goal = line.goal
            // A carried-away record has no anchor of its own: the goal's line is in its new week.
            let anchor = line.carriedTo == nil ? "goal-" + goal.shortID : "goal-" + goal.shortID + "-carried"
            var classes: [String] = []
            if line.countsDone { classes.append("done") }
            if line.carriedTo != nil { classes.append("carried") }
            // A record of a carry is not this week's to tick: no control on it.
            let check: String = line.carriedTo == nil ? controls?.goal(goal) ?? Markup.check(line.countsDone, label: goal.title)
                : Markup.check(false, label: goal.title)
            var html = "<li id=\"\(HTML.attribute(anchor))\"\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")>"
                + "\(check) \(Markup.id(goal.shortID, href: items.href(anchor))) \(HTML.line(goal.title))"
            if let owner = line.ownerName { html += " <span class=\"mark owner\">@\(HTML.line(owner))</span>" }
            if let to = line.carriedTo {
                html += " <span class=\"mark carried\">» \(HTML.text(word("carriedTo"))) \(HTML.line(to))</span>"
            } else if let from = line.carriedFrom {
                html += " <span class=\"mark carried-in\">↪ \(HTML.text(word("carriedFrom"))) \(HTML.line(from))</span>"
            }
            return html + "</li>\n"
        }.joined() + "</ul>\n"
    }

    /// Task trees: sub-tasks nested in their parent's item; each line says in words (and a
    /// glyph) what it is: in progress, carried to another week, carried in, overdue.
    func tasks(_ nodes: [TaskNode], _ items: Items, parentFrom: String? = nil) -> String {
        guard !nodes.isEmpty else { return "" }
        return "<ul class=\"checklist\">\n" + nodes.map { node in
            let line = lines.map { $0.line(for: node, parentFrom: parentFrom) { self.line(node, items, parentFrom: parentFrom) } }
                ?? self.line(node, items, parentFrom: parentFrom)
            let from = node.carriedTo == nil ? node.carriedFrom : nil
            return line + (node.subtasks.isEmpty ? "" : "\n" + tasks(node.subtasks, items, parentFrom: from)) + "</li>\n"
        }.joined() + "</ul>\n"
    }

    /// One task's line without its sub-tasks: its control, id, title, marks, tools and history.
    private func line(_ node: TaskNode, _ items: Items, parentFrom: String?) -> String {
        let word = language.word
        let task = node.task
        var classes: [String] = []
        if node.countsDone { classes.append("done") }
        if node.isDoing { classes.append("doing") }
        if node.carriedTo != nil { classes.append("carried") }
        if node.isOverdue { classes.append("overdue") }
        let anchor = "task-" + task.shortID
        let check: String = controls?.task(node) ?? Markup.check(node.countsDone, label: task.title)
        var line = "<li id=\"\(HTML.attribute(anchor))\"\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")>"
            + "\(check) \(Markup.id(task.shortID, href: items.href(anchor))) \(HTML.line(task.title))"
            + (task.points.map { " <span class=\"mark points\">\($0)pt</span>" } ?? "")
            + task.labels.map { " <span class=\"mark label\">#\(HTML.line($0))</span>" }.joined()
        if let to = node.carriedTo {
            line += " <span class=\"mark carried\">» \(HTML.text(word("carriedTo"))) \(HTML.line(to))</span>"
        } else {
            if node.isDoing { line += " <span class=\"mark doing\">◐ \(HTML.text(word("doing")))</span>" }
            if let from = node.carriedFrom, from != parentFrom {
                line += " <span class=\"mark carried-in\">↪ \(HTML.text(word("carriedFrom"))) \(HTML.line(from))</span>"
            }
            line += due(task.due, overdue: node.isOverdue)
        }
        for view in node.links {
            let label = HTML.line(view.link.label)
            line += " <span class=\"mark link\">" + (view.url.map { "<a href=\"\(HTML.attribute($0))\">\(label)</a>" } ?? label) + "</span>"
        }
        if let controls { line += controls.taskTools(node) }
        if items.history { line += "\n" + history(node.history, title: task.title) }
        return line
    }

    /// A task's history as the state knows it, folded (no script: `<details>` opens by itself).
    /// The summary's visible word is the same on every line; a screen reader also hears the
    /// task's title, so the many "History" controls of a page are told apart.
    func history(_ summary: TaskHistorySummary, title: String) -> String {
        let word = language.word
        // A time is kept on one line: a phone's narrow column would split it between date and clock.
        func time(_ at: String) -> String { "<span class=\"at\">\(HTML.line(Timestamp.display(at, in: map.timeZone)))</span>" }
        var html = "<details class=\"history\"><summary>\(HTML.text(word("history")))<span class=\"sr\">: \(HTML.line(title))</span></summary>\n<ol>\n"
        for fact in summary.lines {
            switch fact {
            case .added(let at):
                html += "<li>\(HTML.text(word("added"))) \(time(at))</li>\n"
            case .carried(let from, let to, let at):
                html += "<li>\(HTML.text(word("carried"))) \(HTML.line(from)) → \(HTML.line(to)) · \(time(at))</li>\n"
            case .done(let at, let by):
                html += "<li>\(HTML.text(word("doneAt"))) \(time(at))" + (by.map { " \(HTML.text(word("by"))) \(HTML.line($0.name))" } ?? "") + "</li>\n"
            case .removed(let at):
                html += "<li>\(HTML.text(word("removedAt"))) \(time(at))</li>\n"
            case .due(let day):
                html += "<li>\(HTML.text(word("dueOn"))) \(day)</li>\n"
            }
        }
        html += "<li class=\"hint\">\(HTML.text(word("allEvents"))) <code>teamflow task show \(HTML.line(ShortID.of(summary.taskID)))</code></li>\n"
        return html + "</ol>\n</details>"
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
