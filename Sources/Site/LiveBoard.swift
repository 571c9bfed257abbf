public import Foundation
public import TeamflowCore

/// What the live board (`teamflow serve`) puts on a board's lines instead of the static
/// site's read-only checkboxes: markup the caller writes (forms), given each item.
public struct BoardControls: Sendable {
    /// Replaces a goal's read-only checkbox.
    public var goal: @Sendable (Goal) -> String
    /// Replaces a task's read-only checkbox.
    public var task: @Sendable (TaskNode) -> String
    /// Added at the end of a task's line, before its history (edit forms).
    public var taskTools: @Sendable (TaskNode) -> String

    public init(goal: @escaping @Sendable (Goal) -> String, task: @escaping @Sendable (TaskNode) -> String,
                taskTools: @escaping @Sendable (TaskNode) -> String) {
        self.goal = goal
        self.task = task
        self.taskTools = taskTools
    }
}

/// The site's week page for a live front-end: the same board (`WeekBoard`, the read model),
/// the same layout, stylesheet and escaping, with the caller's controls on each line. It
/// formats only; which items appear and how they count is the read model's.
public struct LiveBoardPages: Sendable {
    let map: SiteMap
    let language: SiteLanguage
    let team: String

    /// The page of `week` in `state` as of `today` (nil: this week); comment times in `timeZone`.
    /// Only that week's board is built.
    /// With `board` (that week's board, built by the caller from the same state and day),
    /// the board is not built again.
    public init(state: TeamState, week: ISOWeek?, today: Day, timeZone: TimeZone?, language: SiteLanguage = .en,
                teamFallback: String? = nil, board: WeekBoard? = nil) {
        let shown = week ?? ISOWeek(containing: today)
        map = SiteMap(state: state, today: today, timeZone: timeZone, only: shown, board: board?.week == shown ? board : nil)
        self.language = language
        team = state.teamName ?? teamFallback ?? language.word("team")
    }

    /// The team's name as the pages show it.
    public var teamName: String { team }

    /// A week's heading, board (with `controls`) and retrospective, as the site's week page has them.
    /// With `lines`, the task lines unchanged since that cache's last render are reused;
    /// `context` names what else the controls' markup depends on (see `BoardLineCache.begin`).
    public func week(_ week: ISOWeek, controls: BoardControls, lines: BoardLineCache? = nil, context: String = "") -> String {
        lines?.begin(context: "\(language.rawValue) \(map.timeZone?.identifier ?? "-") \(map.today) \(week) " + context)
        let board = BoardHTML(map: map, language: language, charts: .none,
                              chartFiles: ChartFiles(charts: .none, map: map, language: language), controls: controls, lines: lines)
        let details = DetailPages(map: map, board: board, language: language)
        var html = "<h1>\(HTML.text(language.word("week"))) \(week) <small>\(week.start) – \(week.end)</small></h1>\n"
        html += board.board(week, headingLevel: 2, placement: .weekPage)
        return html + details.retro(week)
    }

    /// A whole page in the site's layout: `main` is markup, `title` user text (escaped);
    /// `links` are the navigation (href, label) and `head` extra markup for `<head>`.
    public func document(title: String, main: String, links: [(href: String, label: String)], current: String, head: String = "") -> String {
        PageLayout(language: language, team: team, today: map.today.description)
            .document(title: title, main: main, current: current, links: links.map { ($0.href, $0.label) }, head: head)
    }

    /// The site's one stylesheet (light and dark).
    public static var stylesheet: String { Stylesheet.css }

    /// Text content escaped as the site escapes it (`&<>"'`, unsafe characters replaced).
    public static func text(_ text: String) -> String { HTML.text(text) }

    /// One line of text escaped (line breaks become spaces).
    public static func line(_ text: String) -> String { HTML.line(text) }

    /// An attribute value (written between double quotes) escaped.
    public static func attribute(_ text: String) -> String { HTML.attribute(text) }
}
