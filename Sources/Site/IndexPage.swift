import TeamflowCore

/// `index.html`: this week's board with per-member progress, the sprint and week burndowns,
/// velocity, projects and epics with progress, overdue items, and links to every page.
struct IndexPage {
    let map: SiteMap
    let board: BoardHTML
    let language: SiteLanguage

    func render() -> String {
        let word = language.word
        let week = map.thisWeek
        var html = "<h1>\(HTML.text(word("dashboard")))</h1>\n"
        html += "<section class=\"this-week\" aria-labelledby=\"this-week\">\n"
        html += "<h2 id=\"this-week\">\(HTML.text(word("thisWeek"))): <a href=\"\(HTML.attribute(map.weekFiles[week.description] ?? "index.html"))\">\(week)</a> "
            + "<small>\(week.start) – \(week.end)</small></h2>\n"
        html += board.board(week, headingLevel: 3, placement: .elsewhere)
        if let file = board.chartFiles.weeks[week.description], let series = board.charts.weekBurndowns[week] {
            html += Markup.figure(file: file, alt: word("weekBurndown") + ": " + board.summary(series), caption: word("weekBurndown"))
        }
        html += "</section>\n"

        if let file = board.chartFiles.velocity, let series = board.charts.velocity {
            let numbers = series.periods.map { "\($0.label) \($0.done)" }.joined(separator: ", ")
            html += "<section class=\"velocity\">\n<h2>\(HTML.text(word("velocity")))</h2>\n"
            html += Markup.figure(file: file, alt: word("velocity") + ": " + numbers, caption: word("velocity"))
            html += "</section>\n"
        }

        html += projects()
        html += overdue()
        html += "<section id=\"weeks\">\n<h2>\(HTML.text(word("weeks")))</h2>\n"
        html += Markup.links(map.weeks.compactMap { week in map.weekFiles[week.description].map { ($0, week.description) } }, empty: word("nothing"))
        html += "</section>\n<section id=\"reviews\">\n<h2>\(HTML.text(word("reviews")))</h2>\n"
        html += Markup.links(map.reviews.reversed().compactMap { review in
            map.reviewFiles[review.id].map { ($0, "PR #\(review.pr) \(review.title)") }
        }, empty: word("nothing"))
        html += "</section>\n<section id=\"pages\">\n<h2>\(HTML.text(word("pages")))</h2>\n"
        html += Markup.links(map.pages.compactMap { page in map.pageFiles[page.id].map { ($0, page.title) } }, empty: word("nothing"))
        html += "</section>\n"
        return html
    }

    private func projects() -> String {
        let word = language.word
        let overview = map.overview
        var html = "<section class=\"projects\">\n<h2>\(HTML.text(word("projects")))</h2>\n"
        if overview.projects.isEmpty && overview.looseEpics.isEmpty { html += "<p class=\"empty\">\(HTML.text(word("nothing")))</p>\n" }
        for entry in overview.projects {
            let project = entry.project
            html += "<article class=\"project\">\n<h3>\(HTML.line(project.name))</h3>\n<p>\(HTML.text(word(project.status.rawValue)))"
            if let due = project.due {
                html += " · \(HTML.text(word("due"))) <span class=\"due\(project.isOverdue(today: map.today) ? " late" : "")\">\(due)</span>"
            }
            html += " · \(Markup.progress(done: entry.progress.done, total: entry.progress.total))</p>\n" + epicList(entry.epics)
            html += "</article>\n"
        }
        if !overview.looseEpics.isEmpty {
            html += "<article class=\"project\">\n<h3>\(HTML.text(word("noProject")))</h3>\n" + epicList(overview.looseEpics) + "</article>\n"
        }
        return html + "</section>\n"
    }

    private func epicList(_ epics: [EpicProgress]) -> String {
        guard !epics.isEmpty else { return "<p class=\"empty\">\(HTML.text(language.word("noEpic")))</p>\n" }
        return "<ul class=\"epics\">\n" + epics.map { progress in
            "<li>\(HTML.line(progress.epic.title)) <small>\(HTML.text(language.word(progress.status.rawValue)))</small> "
                + Markup.progress(done: progress.done, total: progress.total) + "</li>\n"
        }.joined() + "</ul>\n"
    }

    private func overdue() -> String {
        let word = language.word
        let week = map.board(map.thisWeek)
        let (projects, tasks) = (week.overdue, week.overdueTasks)
        var html = "<section class=\"overdue\">\n<h2>\(HTML.text(word("overdue"))) <span class=\"count\">\(projects.count + tasks.count)</span></h2>\n"
        guard !projects.isEmpty || !tasks.isEmpty else { return html + "<p class=\"empty\">\(HTML.text(word("noOverdue")))</p>\n</section>\n" }
        html += "<ul class=\"overdue-list\">\n"
        for project in projects {
            html += "<li>\(HTML.text(word("project"))): \(HTML.line(project.name)) <small class=\"due late\">\(HTML.text(word("due"))) \(project.due.map(\.description) ?? "")</small></li>\n"
        }
        for node in tasks {
            let task = node.task
            // Listed under its own week's board, where its anchor and its history are.
            let href = map.weekFiles[task.week].map { $0 + "#" + Markup.fragment("task-" + task.shortID) }
            html += "<li>\(HTML.text(word("task"))): \(Markup.id(task.shortID, href: href)) \(HTML.line(task.title))"
                + (node.memberName.map { " <span class=\"member\">\(HTML.line($0))</span>" } ?? "")
                + board.due(task.due, overdue: node.isOverdue) + "</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }
}
