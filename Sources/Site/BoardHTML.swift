import Charts
import TeamflowCore

/// A week's board as HTML (goals, the overlapping sprint and its goals, each member's tasks
/// with progress, unassigned tasks): the dashboard's "this week" and every week page.
struct BoardHTML {
    let map: SiteMap
    let language: SiteLanguage
    let charts: SiteCharts
    let chartFiles: ChartFiles

    func board(_ week: ISOWeek, headingLevel: Int) -> String {
        let word = language.word
        let (h, sub) = ("h\(headingLevel)", "h\(min(6, headingLevel + 1))")
        let key = week.description
        var html = ""
        let goals = (map.goalsByWeek[key] ?? []).filter { $0.sprint == nil }
        html += "<section class=\"goals\">\n<\(h)>\(HTML.text(word("goals"))) <span class=\"count\">\(goals.filter(\.done).count)/\(goals.count)</span></\(h)>\n"
        html += items(goals.map { (title: $0.title, done: $0.done, due: Day?.none) })
        html += "</section>\n"

        if let sprint = map.state.sprint(overlapping: week) {
            let sprintGoals = map.state.goals(in: sprint)
            html += "<section class=\"sprint\">\n<\(h)>\(HTML.text(word("sprint"))) \(HTML.line(sprint.name)) "
                + "<small>\(sprint.from) – \(sprint.to)</small></\(h)>\n"
            if !sprintGoals.isEmpty {
                html += "<\(sub)>\(HTML.text(word("sprintGoals"))) <span class=\"count\">\(sprintGoals.filter(\.done).count)/\(sprintGoals.count)</span></\(sub)>\n"
                html += items(sprintGoals.map { (title: $0.title, done: $0.done, due: Day?.none) })
            }
            if let file = chartFiles.sprints[sprint.id], let series = charts.sprintBurndowns[sprint.id] {
                html += Markup.figure(file: file, alt: word("sprintBurndown") + ": " + summary(series), caption: word("sprintBurndown"))
            }
            html += "</section>\n"
        }

        let (members, unassigned) = TaskNode.group(map.tasksByWeek[key] ?? [], in: map.state)
        html += "<section class=\"members\">\n<\(h)>\(HTML.text(word("members")))</\(h)>\n"
        if members.isEmpty && unassigned.isEmpty { html += "<p class=\"empty\">\(HTML.text(word("nothing")))</p>\n" }
        for column in members {
            html += "<article class=\"member\">\n<\(sub)>\(HTML.line(column.member.name))</\(sub)>\n"
            html += "<p>\(Markup.progress(done: column.done, total: column.total))</p>\n" + tasks(column.tasks)
            html += "</article>\n"
        }
        if !unassigned.isEmpty {
            let flat = unassigned.flatMap(\.flattened)
            html += "<article class=\"member\">\n<\(sub)>\(HTML.text(word("unassigned")))</\(sub)>\n"
            html += "<p>\(Markup.progress(done: flat.filter(\.done).count, total: flat.count))</p>\n" + tasks(unassigned)
            html += "</article>\n"
        }
        html += "</section>\n"
        return html
    }

    /// Checklist items (goals, or tasks without sub-tasks).
    func items(_ list: [(title: String, done: Bool, due: Day?)]) -> String {
        guard !list.isEmpty else { return "<p class=\"empty\">\(HTML.text(language.word("nothing")))</p>\n" }
        return "<ul class=\"checklist\">\n" + list.map { item in
            "<li\(item.done ? " class=\"done\"" : "")>\(Markup.check(item.done)) \(HTML.line(item.title))\(due(item.due))</li>\n"
        }.joined() + "</ul>\n"
    }

    /// Task trees: sub-tasks nested in their parent's item.
    func tasks(_ nodes: [TaskNode]) -> String {
        guard !nodes.isEmpty else { return "" }
        return "<ul class=\"checklist\">\n" + nodes.map { node in
            "<li\(node.task.done ? " class=\"done\"" : "")>\(Markup.check(node.task.done)) \(HTML.line(node.task.title))"
                + due(node.task.due) + (node.subtasks.isEmpty ? "" : "\n" + tasks(node.subtasks)) + "</li>\n"
        }.joined() + "</ul>\n"
    }

    private func due(_ day: Day?) -> String {
        guard let day else { return "" }
        let late = day < map.today
        return " <small class=\"due\(late ? " late" : "")\">\(HTML.text(language.word("due"))) \(day)</small>"
    }

    /// The numbers of a burndown in words, for the image's text alternative.
    func summary(_ series: BurndownSeries) -> String {
        let days = series.days.map { "\($0.day) \($0.open.map { String($0) } ?? "-")" }
        return "\(series.total); " + days.joined(separator: ", ")
    }
}
