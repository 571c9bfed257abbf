import Foundation
import Site
import TeamflowKit

/// The board's pages: the site's week page (`LiveBoardPages`, the read model formatted) with a
/// form on every item and the forms that add work. Plain HTML forms that POST and are
/// redirected back (they work without JavaScript); every control has a label; all user text
/// goes through the site's escaping.
struct BoardViews: Sendable {
    /// What every page adds to `<head>`: the script, and the icon (named, so a browser does
    /// not ask for `/favicon.ico`, which the board does not have).
    static let head = "<script src=\"/board.js\" defer></script>\n<link rel=\"icon\" href=\"/icon.svg\" type=\"image/svg+xml\">\n"

    /// The board's icon: a checked box, in the site's accent colour.
    static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="#0969da"/>\
    <path d="M4.5 8.5l2.5 2.5 4.5-5" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>

    """

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
        let template = try service.page(week: path) { team, lines, selections in
            let language = Self.language(team)
            return PageTemplate(try render(team, week: week, path: path, teamFallback: service.teamFallback, language: language, lines: lines,
                                             selections: selections),
                                language: language)
        }
        return template.bytes(csrf: LiveBoardPages.attribute(csrf), notice: notice.map { Self.notice($0, BoardWords(language: template.language)) } ?? "")
    }

    /// One of the site's other pages (`index.html`, `review-95.html`, …) in the board's frame,
    /// nil when the site has no page of that name; a review gets a comment form below it.
    func sitePage(service: BoardService, name: String, csrf: String, path: String, notice: Notice?) throws -> [UInt8]? {
        let template = try service.sitePage(name) { team, pages in
            guard let page = pages.page(named: name) else { return nil }
            let language = Self.language(team)
            let words = BoardWords(language: language)
            let state = try team.state()
            let live = LiveBoardPages(state: state, week: nil, today: team.session().today, timeZone: team.session().timeZone,
                                      language: language, teamFallback: service.teamFallback)
            var main = Self.liveLine(words) + Self.noticeSlot + page.main
            if let pr = page.reviewPR {
                main += Self.commentForm(pr: pr, members: state.liveMembers, runner: team.author?.name ?? "",
                                         hidden: Self.hidden(back: path), words: words)
            }
            let html = live.document(title: page.title, main: main, links: Self.navigation(words, week: nil), current: path,
                                     head: Self.head)
            return PageTemplate(html, language: language)
        }
        return template?.bytes(csrf: LiveBoardPages.attribute(csrf), notice: notice.map { Self.notice($0, BoardWords(language: template?.language ?? .en)) } ?? "")
    }

    /// The team's `teamflow.lang` (English when unset or unknown).
    static func language(_ team: Team) -> SiteLanguage {
        (try? team.store.settings().language(flag: nil, allowed: SiteLanguage.allCases.map(\.rawValue)))
            .flatMap(SiteLanguage.init(rawValue:)) ?? .en
    }

    private func render(_ team: Team, week text: String?, path: String, teamFallback: String?, language: SiteLanguage,
                        lines: BoardLineCache, selections: WeekSelections) throws -> String {
        let session = team.session()
        let state = try team.state()
        let week = try text.map { try session.week($0) } ?? ISOWeek(containing: session.today)
        let words = BoardWords(language: language)
        let pages = LiveBoardPages(state: state, week: week, today: session.today, timeZone: session.timeZone, language: language,
                                   teamFallback: teamFallback, board: selections.board(state, week: week, today: session.today))
        let hidden = Self.hidden(back: path)
        let members = Self.memberOptions(state.liveMembers)
        var main = Self.liveLine(words) + Self.noticeSlot
        main += pages.week(week, controls: Self.controls(hidden: hidden, words: words, members: members, runner: team.author?.name ?? ""),
                           lines: lines, context: path + " " + (team.author?.description ?? "") + " " + members)
        main += Self.forms(week: week, members: members, runner: team.author?.name ?? "", hidden: hidden, words: words)
        return pages.document(title: "\(words[.week]) \(week)", main: main,
                              links: Self.navigation(words, week: week), current: path,
                              head: Self.head)
    }

    /// The board's navigation: this week, the week before and after the one shown (calendar
    /// steps, not data), the dashboard, sprints and charts.
    private static func navigation(_ words: BoardWords, week: ISOWeek?) -> [(href: String, label: String)] {
        var links: [(href: String, label: String)] = [(href: "/", label: words[.thisWeek])]
        if let week {
            let before = ISOWeek(containing: week.start.adding(days: -7)), after = ISOWeek(containing: week.start.adding(days: 7))
            links += [(href: "/week-\(before)", label: "← \(before)"), (href: "/week-\(after)", label: "\(after) →")]
        }
        return links + [(href: "/index.html", label: words[.dashboard]), (href: "/sprints.html", label: words[.sprints]),
                        (href: "/charts.html", label: words[.charts])]
    }

    // MARK: Pieces

    /// The line the script writes its status into, with its words in the page's language.
    private static func liveLine(_ words: BoardWords) -> String {
        "<p id=\"live\" class=\"live\" role=\"status\" aria-live=\"polite\" data-updated=\"\(LiveBoardPages.attribute(words[.updated]))\""
            + " data-failed=\"\(LiveBoardPages.attribute(words[.refreshFailed]))\"></p>\n"
    }

    private static func hidden(back: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfSlot)\"><input type=\"hidden\" name=\"back\" value=\"\(LiveBoardPages.attribute(back))\">"
    }

    /// The options of a member select (escaped once per page, shared by every form on it).
    private static func memberOptions(_ members: [Member]) -> String {
        members.map { "<option value=\"\(LiveBoardPages.attribute($0.id.rawValue))\">\(LiveBoardPages.line($0.name))</option>" }.joined()
    }

    /// The explicit "as" field: empty writes as the person running the board; a member writes
    /// as that member, and the event records who wrote it for them.
    private static func asField(_ id: String, members: String, runner: String, words: BoardWords) -> String {
        "<label for=\"\(id)\">\(LiveBoardPages.text(words[.as]))</label> <select id=\"\(id)\" name=\"as\">"
            + "<option value=\"\">\(LiveBoardPages.line(words.format(.asMe, runner)))</option>\(members)</select> "
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

    static func controls(hidden: String, words: BoardWords, members: String, runner: String) -> BoardControls {
        BoardControls(
            goal: { goal in
                button(path("goals", goal.id.rawValue, goal.done ? "uncheck" : "check"), goal.done ? "☑" : "☐",
                       label: words[goal.done ? .reopenGoal : .checkGoal] + goal.title, hidden: hidden, pressed: goal.done, kind: "check")
            },
            task: { node in
                button(path("tasks", node.task.id.rawValue, node.task.done ? "uncheck" : "check"), node.task.done ? "☑" : "☐",
                       label: words[node.task.done ? .reopenTask : .checkTask] + node.task.title, hidden: hidden,
                       pressed: node.task.done, kind: "check")
            },
            taskTools: { node in
                let task = node.task
                var html = " "
                if task.status == .todo {
                    html += button(path("tasks", task.id.rawValue, "start"), LiveBoardPages.text(words[.start]), label: words[.startTask] + task.title,
                                   hidden: hidden, kind: "small")
                }
                let id = "edit-" + task.shortID
                html += "<details class=\"edit\"><summary>\(LiveBoardPages.text(words[.edit]))<span class=\"sr\">: \(LiveBoardPages.line(task.title))</span></summary>"
                    + "<form method=\"post\" action=\"\(LiveBoardPages.attribute(path("tasks", task.id.rawValue, "edit")))\">\(hidden)"
                    + "<label for=\"\(id)-t\">\(LiveBoardPages.text(words[.title]))</label> <input id=\"\(id)-t\" name=\"title\" value=\"\(LiveBoardPages.attribute(task.title))\" required> "
                    + "<label for=\"\(id)-d\">\(LiveBoardPages.text(words[.due]))</label> <input id=\"\(id)-d\" name=\"due\" value=\"\(task.due?.description ?? "")\" placeholder=\"\(LiveBoardPages.attribute(words[.dueOrNone]))\"> "
                    + asField("\(id)-as", members: members, runner: runner, words: words)
                    + "<button type=\"submit\">\(LiveBoardPages.text(words[.save]))</button></form></details>"
                return html
            })
    }

    private static func forms(week: ISOWeek, members: String, runner: String, hidden: String, words: BoardWords) -> String {
        let weekField = "<input type=\"hidden\" name=\"week\" value=\"\(week)\">"
        let options = "<option value=\"\">\(LiveBoardPages.text(words[.me]))</option>" + members
        let kinds = RetroEntry.kinds.map { "<option value=\"\($0)\">\($0)</option>" }.joined()
        func text(_ key: BoardWord) -> String { LiveBoardPages.text(words[key]) }
        return """
        <section class="edit-forms">
        <h2>\(text(.change))</h2>
        <form class="stack" method="post" action="/tasks">\(hidden)\(weekField)
        <h3>\(text(.addTask))</h3>
        <label for="new-task">\(text(.task))</label> <input id="new-task" name="title" required>
        <label for="new-task-member">\(text(.for))</label> <select id="new-task-member" name="member">\(options)</select>
        <label for="new-task-due">\(text(.due))</label> <input id="new-task-due" name="due" placeholder="\(LiveBoardPages.attribute(words[.dueHint]))">
        \(asField("new-task-as", members: members, runner: runner, words: words))<button type="submit">\(text(.addTaskButton))</button>
        </form>
        <form class="stack" method="post" action="/goals">\(hidden)\(weekField)
        <h3>\(text(.addGoal))</h3>
        <label for="new-goal">\(text(.goal))</label> <input id="new-goal" name="title" required>
        \(asField("new-goal-as", members: members, runner: runner, words: words))<button type="submit">\(text(.addGoalButton))</button>
        </form>
        <form class="stack" method="post" action="/retro">\(hidden)\(weekField)
        <h3>\(text(.retro))</h3>
        <label for="new-retro">\(text(.entry))</label> <input id="new-retro" name="text" required>
        <label for="new-retro-kind">\(text(.kind))</label> <select id="new-retro-kind" name="kind">\(kinds)</select>
        \(asField("new-retro-as", members: members, runner: runner, words: words))<button type="submit">\(text(.addEntry))</button>
        </form>
        <form class="stack" method="post" action="/carry">\(hidden)<input type="hidden" name="to" value="\(week)">
        <button type="submit">\(LiveBoardPages.text(words.format(.carry, week.description)))</button>
        </form>
        <form class="stack" method="post" action="/undo">\(hidden)
        <button type="submit">\(text(.undo))</button>
        </form>
        </section>

        """
    }

    /// A review's comment form: the CLI's `review comment N TEXT`.
    private static func commentForm(pr: Int, members: [Member], runner: String, hidden: String, words: BoardWords) -> String {
        """
        <section class="edit-forms">
        <form class="stack" method="post" action="/reviews/\(pr)/comment">\(hidden)
        <h3>\(LiveBoardPages.text(words[.comment]))</h3>
        <label for="new-comment">\(LiveBoardPages.text(words[.commentText]))</label> <textarea id="new-comment" name="text" rows="3" required></textarea>
        \(asField("new-comment-as", members: memberOptions(members), runner: runner, words: words))<button type="submit">\(LiveBoardPages.text(words[.commentButton]))</button>
        </form>
        </section>

        """
    }

    private static func notice(_ notice: Notice, _ words: BoardWords) -> String {
        switch notice {
        case .error(let error):
            let hints = error.hints.map { "<br>" + LiveBoardPages.line($0) }.joined()
            return "<p class=\"notice error\" role=\"alert\">\(LiveBoardPages.text(words[.error])): \(LiveBoardPages.line(error.message))\(hints)</p>\n"
        case .sync(let text):
            return "<p class=\"notice error\" role=\"alert\">\(LiveBoardPages.text(words[.syncFailed])): \(LiveBoardPages.line(text))</p>\n"
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
    input, select, textarea { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: .3rem; padding: .15rem .4rem; max-width: 100%; }
    details.edit { display: inline-block; margin-left: .25rem; }
    details.edit form { margin: .25rem 0; }
    .edit-forms form.stack { border-top: 1px solid var(--line); padding: .5rem 0; display: flex; flex-wrap: wrap; gap: .35rem .5rem; align-items: center; }
    .edit-forms form.stack h3 { width: 100%; margin: 0; font-size: 1rem; }
    .notice.error { border: 1px solid var(--late); color: var(--late); padding: .5rem .75rem; border-radius: .3rem; }
    .live { min-height: 1.5em; margin: .25rem 0; color: var(--muted); font-size: .85rem; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

    """
}
