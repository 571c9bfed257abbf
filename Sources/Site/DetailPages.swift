import TeamflowCore

/// The pages besides the dashboard: one per week, per review and per wiki page.
struct DetailPages {
    let map: SiteMap
    let board: BoardHTML
    let language: SiteLanguage

    /// A week: its board, its burndown, the retrospective and the reviews recorded that week.
    func week(_ week: ISOWeek) -> String {
        let word = language.word
        let key = week.description
        var html = "<h1>\(HTML.text(word("week"))) \(week) <small>\(week.start) – \(week.end)</small></h1>\n"
        html += board.board(week, headingLevel: 2, placement: .weekPage)
        if let file = board.chartFiles.weeks[key], let series = board.charts.weekBurndowns[week] {
            html += "<section class=\"burndown\">\n<h2>\(HTML.text(word("burndown")))</h2>\n"
            html += Markup.figure(file: file, alt: word("burndown") + ": " + board.summary(series), caption: word("weekBurndown"))
            html += "</section>\n"
        }
        html += retro(week)
        let reviews = map.reviewsByWeek[key] ?? []
        if !reviews.isEmpty {
            html += "<section class=\"reviews\">\n<h2>\(HTML.text(word("reviews")))</h2>\n"
            html += Markup.links(reviews.compactMap { review in map.reviewFiles[review.id].map { ($0, "PR #\(review.pr) \(review.title)") } },
                                 empty: word("nothing"))
            html += "</section>\n"
        }
        return html
    }

    /// The week's retrospective entries by kind; nothing when there are none.
    func retro(_ week: ISOWeek) -> String {
        let word = language.word
        let retros = map.retrosByWeek[week.description] ?? []
        guard !retros.isEmpty else { return "" }
        var html = "<section class=\"retro\">\n<h2>\(HTML.text(word("retro")))</h2>\n"
        for kind in RetroEntry.kinds {
            let entries = retros.filter { $0.kind == kind }
            guard !entries.isEmpty else { continue }
            html += "<h3>\(HTML.text(word(kind)))</h3>\n<ul>\n" + entries.map { entry in
                "<li>\(HTML.line(entry.text)) <small>\(HTML.line(entry.author))</small></li>\n"
            }.joined() + "</ul>\n"
        }
        return html + "</section>\n"
    }

    /// A review: its facts, each section's Markdown and the comments.
    func review(_ review: Review) -> String {
        let word = language.word
        var html = "<article class=\"review\">\n<h1>PR #\(review.pr) \(HTML.line(review.title))</h1>\n<dl class=\"facts\">\n"
        html += "<dt>\(HTML.text(word("author")))</dt><dd>\(HTML.line(review.author))</dd>\n"
        if let url = review.url {
            let link = HTML.safeURL(url).flatMap { $0.lowercased().hasPrefix("http") ? $0 : nil }
            html += "<dt>\(HTML.text(word("link")))</dt><dd>"
                + (link.map { "<a href=\"\(HTML.attribute($0))\">\(HTML.line($0))</a>" } ?? HTML.line(url)) + "</dd>\n"
        }
        if let branch = review.branch { html += "<dt>\(HTML.text(word("branch")))</dt><dd><code>\(HTML.line(branch))</code></dd>\n" }
        if let opened = review.openedAt { html += "<dt>\(HTML.text(word("opened")))</dt><dd>\(HTML.line(String(opened.prefix(10))))</dd>\n" }
        let weekLink = map.weekFiles[review.week].map { "<a href=\"\(HTML.attribute($0))\">\(HTML.line(review.week))</a>" }
        html += "<dt>\(HTML.text(word("week")))</dt><dd>\(weekLink ?? HTML.line(review.week))</dd>\n</dl>\n"
        for section in review.sections {
            let heading = section.heading.isEmpty ? "" : "<h2>\(HTML.line(section.heading))</h2>\n"
            html += "<section class=\"md\">\n\(heading)\(GitHubMarkdown(headingShift: 2).html(fromMarkdown: section.body))</section>\n"
        }
        if !review.comments.isEmpty {
            html += "<section class=\"comments\">\n<h2>\(HTML.text(word("comments"))) <span class=\"count\">\(review.comments.count)</span></h2>\n"
            for comment in review.comments {
                let state = comment.stateLabel.map { " <span class=\"state\">\(HTML.line($0))</span>" } ?? ""
                html += "<article class=\"comment\">\n<h3>\(HTML.line(comment.author))\(state) <small>\(HTML.line(Timestamp.display(comment.at, in: map.timeZone)))</small></h3>\n"
                html += "<div class=\"md\">\n\(comment.textRepeatsState ? "" : GitHubMarkdown(headingShift: 3).html(fromMarkdown: comment.text))</div>\n</article>\n"
            }
            html += "</section>\n"
        }
        return html + "</article>\n"
    }

    /// A wiki page: its body, then its journal oldest first.
    func page(_ page: WikiPage) -> String {
        let word = language.word
        var html = "<article class=\"wiki\">\n<h1>\(HTML.line(page.title))</h1>\n<div class=\"md\">\n\(GitHubMarkdown().html(fromMarkdown: page.body))</div>\n"
        let journal = page.journal
        if !journal.isEmpty {
            html += "<section class=\"journal\">\n<h2>\(HTML.text(word("journal")))</h2>\n"
            for entry in journal {
                html += "<article class=\"entry\">\n<h3><time>\(HTML.line(entry.day))</time> <small>\(HTML.line(entry.author))</small></h3>\n"
                html += "<div class=\"md\">\n\(GitHubMarkdown(headingShift: 3).html(fromMarkdown: entry.text))</div>\n</article>\n"
            }
            html += "</section>\n"
        }
        return html + "</article>\n"
    }
}
