import Foundation
import Site
import TeamflowKit

/// The board's pages: the site's week page (`LiveBoardPages`, the read model formatted) with a
/// form on every item and the forms that add work. Plain HTML forms that POST and are
/// redirected back (they work without JavaScript); every control has a label; all user text
/// goes through the site's escaping.
struct BoardViews: Sendable {
    /// What a page says above the board.
    enum Notice {
        /// A refused action: the CLI's message and hints.
        case error(TeamflowError)
        /// The last `--sync` failed.
        case sync(String)
    }

    static var stylesheet: String { LiveBoardPages.stylesheet + extraStyles }

    private static let csrfSlot = PageTemplate.csrfMarker
    private static let noticeSlot = PageTemplate.noticeMarker

    /// The page of `week` (nil: this week) for a session whose CSRF token is `csrf`, as bytes.
    func page(service: BoardService, week: String?, csrf: String, path: String, notice: Notice?) throws -> [UInt8] {
        let template = try service.page(week: path) { team in
            PageTemplate(try render(team, week: week, path: path, teamFallback: service.teamFallback))
        }
        return template.bytes(csrf: LiveBoardPages.attribute(csrf), notice: notice.map(Self.notice) ?? "")
    }

    private func render(_ team: Team, week text: String?, path: String, teamFallback: String?) throws -> String {
        let session = team.session()
        let state = try team.state()
        let week = try text.map { try session.week($0) } ?? ISOWeek(containing: session.today)
        // The board's words follow the team's `teamflow.lang` (the forms are in English for now).
        let language = (try? team.store.settings().language(flag: nil, allowed: SiteLanguage.allCases.map(\.rawValue)))
            .flatMap(SiteLanguage.init(rawValue:)) ?? .en
        let pages = LiveBoardPages(state: state, week: week, today: session.today, timeZone: session.timeZone, language: language,
                                   teamFallback: teamFallback)
        let hidden = Self.hidden(back: path)
        var main = "<p id=\"live\" class=\"live\" role=\"status\" aria-live=\"polite\"></p>\n" + Self.noticeSlot
        main += pages.week(week, controls: Self.controls(hidden: hidden))
        main += Self.forms(week: week, members: state.liveMembers, hidden: hidden)
        // Calendar steps, not data: the week before and after the one shown.
        let before = ISOWeek(containing: week.start.adding(days: -7)), after = ISOWeek(containing: week.start.adding(days: 7))
        let links = [(href: "/", label: "This week"), (href: "/week-\(before)", label: "← \(before)"),
                     (href: "/week-\(after)", label: "\(after) →")]
        return pages.document(title: "Week \(week)", main: main, links: links, current: path,
                              head: "<script src=\"/board.js\" defer></script>\n")
    }

    // MARK: Pieces

    private static func hidden(back: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfSlot)\"><input type=\"hidden\" name=\"back\" value=\"\(LiveBoardPages.attribute(back))\">"
    }

    /// A one-button form: the button is the control (labelled for a screen reader with the item).
    private static func button(_ action: String, _ text: String, label: String, hidden: String, pressed: Bool? = nil, kind: String) -> String {
        let state = pressed.map { " aria-pressed=\"\($0)\"" } ?? ""
        return "<form class=\"inline\" method=\"post\" action=\"\(LiveBoardPages.attribute(action))\">\(hidden)"
            + "<button type=\"submit\" class=\"\(kind)\"\(state) aria-label=\"\(LiveBoardPages.attribute(label))\">\(text)</button></form>"
    }

    private static func path(_ kind: String, _ id: String, _ verb: String) -> String {
        "/\(kind)/" + (id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? id) + "/\(verb)"
    }

    static func controls(hidden: String) -> BoardControls {
        BoardControls(
            goal: { goal in
                button(path("goals", goal.id.rawValue, goal.done ? "uncheck" : "check"), goal.done ? "☑" : "☐",
                       label: (goal.done ? "Reopen goal: " : "Check goal: ") + goal.title, hidden: hidden, pressed: goal.done, kind: "check")
            },
            task: { node in
                button(path("tasks", node.task.id.rawValue, node.task.done ? "uncheck" : "check"), node.task.done ? "☑" : "☐",
                       label: (node.task.done ? "Reopen task: " : "Check task: ") + node.task.title, hidden: hidden,
                       pressed: node.task.done, kind: "check")
            },
            taskTools: { node in
                let task = node.task
                var html = " "
                if task.status == .todo {
                    html += button(path("tasks", task.id.rawValue, "start"), "Start", label: "Start task: " + task.title, hidden: hidden, kind: "small")
                }
                let id = "edit-" + task.shortID
                html += "<details class=\"edit\"><summary>Edit<span class=\"sr\">: \(LiveBoardPages.line(task.title))</span></summary>"
                    + "<form method=\"post\" action=\"\(LiveBoardPages.attribute(path("tasks", task.id.rawValue, "edit")))\">\(hidden)"
                    + "<label for=\"\(id)-t\">Title</label> <input id=\"\(id)-t\" name=\"title\" value=\"\(LiveBoardPages.attribute(task.title))\" required> "
                    + "<label for=\"\(id)-d\">Due</label> <input id=\"\(id)-d\" name=\"due\" value=\"\(task.due?.description ?? "")\" placeholder=\"YYYY-MM-DD or none\"> "
                    + "<button type=\"submit\">Save</button></form></details>"
                return html
            })
    }

    private static func forms(week: ISOWeek, members: [Member], hidden: String) -> String {
        let weekField = "<input type=\"hidden\" name=\"week\" value=\"\(week)\">"
        let options = "<option value=\"\">me</option>" + members.map {
            "<option value=\"\(LiveBoardPages.attribute($0.id.rawValue))\">\(LiveBoardPages.line($0.name))</option>"
        }.joined()
        let kinds = RetroEntry.kinds.map { "<option value=\"\($0)\">\($0)</option>" }.joined()
        return """
        <section class="edit-forms">
        <h2>Change the board</h2>
        <form class="stack" method="post" action="/tasks">\(hidden)\(weekField)
        <h3>Add a task</h3>
        <label for="new-task">Task</label> <input id="new-task" name="title" required>
        <label for="new-task-member">For</label> <select id="new-task-member" name="member">\(options)</select>
        <label for="new-task-due">Due</label> <input id="new-task-due" name="due" placeholder="YYYY-MM-DD">
        <button type="submit">Add task</button>
        </form>
        <form class="stack" method="post" action="/goals">\(hidden)\(weekField)
        <h3>Add a goal</h3>
        <label for="new-goal">Goal</label> <input id="new-goal" name="title" required>
        <button type="submit">Add goal</button>
        </form>
        <form class="stack" method="post" action="/retro">\(hidden)\(weekField)
        <h3>Retrospective</h3>
        <label for="new-retro">Entry</label> <input id="new-retro" name="text" required>
        <label for="new-retro-kind">Kind</label> <select id="new-retro-kind" name="kind">\(kinds)</select>
        <button type="submit">Add entry</button>
        </form>
        <form class="stack" method="post" action="/carry">\(hidden)<input type="hidden" name="to" value="\(week)">
        <button type="submit">Carry last week's open tasks into \(week)</button>
        </form>
        <form class="stack" method="post" action="/undo">\(hidden)
        <button type="submit">Undo my last change</button>
        </form>
        </section>

        """
    }

    private static func notice(_ notice: Notice) -> String {
        switch notice {
        case .error(let error):
            let hints = error.hints.map { "<br>" + LiveBoardPages.line($0) }.joined()
            return "<p class=\"notice error\" role=\"alert\">error: \(LiveBoardPages.line(error.message))\(hints)</p>\n"
        case .sync(let text):
            return "<p class=\"notice error\" role=\"alert\">sync failed: \(LiveBoardPages.line(text))</p>\n"
        }
    }

    /// The board's own rules on top of the site's stylesheet (its colour variables).
    private static let extraStyles = """

    /* The live board (teamflow serve). */
    form.inline { display: inline; margin: 0; }
    button { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: .3rem; padding: .1rem .5rem; cursor: pointer; }
    button.check { min-width: 2rem; min-height: 2rem; padding: 0; font-size: 1.1rem; line-height: 1; }
    button.check[aria-pressed="true"] { color: var(--done); }
    button.small { font-size: .85rem; }
    button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
    input, select { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: .3rem; padding: .15rem .4rem; max-width: 100%; }
    details.edit { display: inline-block; margin-left: .25rem; }
    details.edit form { margin: .25rem 0; }
    .edit-forms form.stack { border-top: 1px solid var(--line); padding: .5rem 0; display: flex; flex-wrap: wrap; gap: .35rem .5rem; align-items: center; }
    .edit-forms form.stack h3 { width: 100%; margin: 0; font-size: 1rem; }
    .notice.error { border: 1px solid var(--late); color: var(--late); padding: .5rem .75rem; border-radius: .3rem; }
    .live { min-height: 1.5em; margin: .25rem 0; color: var(--muted); font-size: .85rem; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

    """
}
