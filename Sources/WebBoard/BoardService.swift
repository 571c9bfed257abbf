import Foundation
import JSONShapes
import Site
import TeamflowKit

/// The team behind the board, for every connection thread: one `Team` (not thread-safe) used
/// under one lock, so reads see one state and writes go one at a time through the same use
/// cases the CLI runs (each one event or batch, one commit; the store's compare-and-swap
/// keeps writers in other processes safe).
final class BoardService: @unchecked Sendable {
    // @unchecked: `team` and `pageCache` are touched only inside `withTeam`, under `lock`.
    private let lock = NSLock()
    private let team: Team
    /// The team's name when none was recorded (the repository's folder).
    let teamFallback: String?
    /// The last page rendered (by ref tip and week): a page asked for again before the ref
    /// moves is not rendered again.
    private var pageCache: (key: String, page: PageTemplate)?
    /// The last `/api/v1/week` document, by the same key: scripts poll it.
    private var weekCache: (key: String, bytes: [UInt8])?
    /// The site's other pages of the current tip (the whole site's map and charts, built when
    /// one of them is first asked for), and the ones rendered from it, by name.
    private var siteCache: (key: String, pages: LiveSitePages, rendered: [String: PageTemplate])?

    init(team: Team) {
        self.team = team
        teamFallback = team.store.folderName
    }

    /// Runs `body` with the team, alone.
    func withTeam<T>(_ body: (Team) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(team)
    }

    /// The task lines of each page's last render, by page path (a few pages at most: the
    /// ones open in browsers), so a render after a change formats only the changed lines.
    private var lineCaches: [String: BoardLineCache] = [:]

    /// The line cache of the page at `path` (tests look at what a render formatted).
    func lineCache(for path: String) -> BoardLineCache? {
        lock.withLock { lineCaches[path] }
    }

    /// Each shown week's selection of tasks, kept between changes (used under `lock`).
    private let selections = WeekSelections()

    /// How many full scans the selection of `week` has made (tests).
    func selectionScans(of week: ISOWeek) -> Int? {
        lock.withLock { selections.scans(of: week) }
    }

    /// The page rendered by `render` for `week` at the current tip, from the cache when the
    /// tip has not moved; `render` gets the page's line cache and the weeks' selections.
    func page(week: String, render: (Team, BoardLineCache, WeekSelections) throws -> PageTemplate) throws -> PageTemplate {
        try withTeam { team in
            let key = try Self.key(team, week)
            if let cached = pageCache, cached.key == key { return cached.page }
            if lineCaches[week] == nil, lineCaches.count >= 8 { lineCaches = [:] }
            let lines = lineCaches[week] ?? BoardLineCache()
            lineCaches[week] = lines
            let page = try render(team, lines, selections)
            pageCache = (key, page)
            return page
        }
    }

    /// The site page `name` rendered by `render` from the site's pages at the current tip
    /// (nil: no such page), from the cache while the tip stays.
    func sitePage(_ name: String, render: (Team, LiveSitePages) throws -> PageTemplate?) throws -> PageTemplate? {
        try withTeam { team in
            let cache = try sitePages(team)
            if let page = cache.rendered[name] { return page }
            guard let page = try render(team, cache.pages) else { return nil }
            siteCache?.rendered[name] = page
            return page
        }
    }

    /// The SVG of the site's chart `name` (`charts/velocity.svg`), nil when there is none.
    func chart(_ name: String) throws -> String? {
        try withTeam { team in try sitePages(team).pages.chart(named: name) }
    }

    private func sitePages(_ team: Team) throws -> (key: String, pages: LiveSitePages, rendered: [String: PageTemplate]) {
        let key = try Self.key(team, "")
        if let cached = siteCache, cached.key == key { return cached }
        let session = team.session()
        let pages = LiveSitePages(state: try team.state(), today: session.today, timeZone: session.timeZone,
                                  language: BoardViews.language(team), charts: try team.queries.charts())
        siteCache = (key, pages, [:])
        return (key, pages, [:])
    }

    /// Runs a write with the team, or with the team acting as the member `member` names (the
    /// form's explicit "as" field: the member is the author, the event records who wrote it).
    private func writing<T>(as member: String?, _ body: (Team) throws -> T) throws -> T {
        try withTeam { team in
            guard let member else { return try body(team) }
            return try team.acting(as: member, body)
        }
    }

    // MARK: The actions (the CLI's use cases; each returns what the CLI's --json prints)

    enum TaskStatusAction: String, CaseIterable, Sendable {
        case check, uncheck, start
    }

    func setStatus(_ action: TaskStatusAction, task id: String, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in
            let task: TeamTask
            switch action {
            case .check: task = try team.tasks.check(id)
            case .uncheck: task = try team.tasks.uncheck(id)
            case .start: task = try team.tasks.start(id)
            }
            return try Self.json([task], team)
        }
    }

    func addTask(title: String, member: String?, due: String?, week: String?, as actor: String? = nil) throws -> JSON {
        try writing(as: actor) { team in
            try Self.json([team.tasks.add(title: title, .init(member: member, week: week, due: due))], team)
        }
    }

    func editTask(_ id: String, title: String?, due: String?, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in
            try Self.json([team.tasks.edit(id, .init(title: title, due: due))], team)
        }
    }

    func addGoal(title: String, week: String?, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in EntityJSON.json(try team.goals.add(title: title, week: week)) }
    }

    func setGoal(_ id: String, done: Bool, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in EntityJSON.json(done ? try team.goals.check(id) : try team.goals.uncheck(id)) }
    }

    func addRetro(text: String, kind: String?, week: String?, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in EntityJSON.json(try team.retros.add(text: text, kind: kind, week: week)) }
    }

    /// `review comment PR TEXT`: a comment on a review, by the person writing it.
    func comment(pr: String, text: String, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in
            let review = try team.reviews.comment(pr: pr, text: text)
            return EntityJSON.json(review)
        }
    }

    /// `week carry`: last week's open tasks and goals into this week (or `from` into `to`).
    func carry(from: String?, to: String?, as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in
            let carried = try team.weeks.carry(from: from, to: to)
            let state = try team.state()
            return EntityJSON.carried(carried, views: try team.queries.views(carried.tasks),
                                      goals: carried.goals.map { GoalLine($0, in: state) }, today: team.session().today)
        }
    }

    /// `undo`: the author's last change, as `teamflow undo --json` reports it.
    func undo(as member: String? = nil) throws -> JSON {
        try writing(as: member) { team in EntityJSON.undo(try team.undo()) }
    }

    /// `week [W] --json` as the bytes of the response body, from the cache while the ref stays.
    func weekDocument(_ week: String?) throws -> [UInt8] {
        try withTeam { team in
            let key = try Self.key(team, week ?? "")
            if let cached = weekCache, cached.key == key { return cached.bytes }
            let session = team.session()
            let shown = try week.map { try session.week($0) } ?? ISOWeek(containing: session.today)
            let board = selections.board(try team.state(), week: shown, today: session.today)
            let bytes = Array((EntityJSON.week(board, today: session.today).document.serialized() + "\n").utf8)
            weekCache = (key, bytes)
            return bytes
        }
    }

    /// What a cached rendering depends on: the ref's tip, what was asked for, and today.
    private static func key(_ team: Team, _ asked: String) throws -> String {
        (try team.store.tipHash() ?? "") + " " + asked + " " + team.session().today.description
    }

    func taskJSON(_ id: String) throws -> JSON {
        try withTeam { team in
            let queries = team.queries
            return EntityJSON.json(try queries.taskDetail(id), today: queries.session.today)
        }
    }

    /// Changed tasks as `task check --json` prints them: one object for one task.
    private static func json(_ tasks: [TeamTask], _ team: Team) throws -> JSON {
        let today = team.session().today
        return EntityJSON.many(try team.queries.views(tasks).map { EntityJSON.json($0.task, memberName: $0.memberName, today: today) })
    }
}

/// The task selection of each week a page or script asked for (`WeekTaskSelection`): after a
/// change, a board judges only the tasks written since instead of scanning the history. Used
/// under the service's lock.
final class WeekSelections: @unchecked Sendable {
    // @unchecked: used only under `BoardService`'s lock, as documented above.
    private var selections: [String: WeekTaskSelection] = [:]

    /// The board of `week` in `state` as of `today`, equal to `WeekBoard(state:week:today:)`.
    func board(_ state: TeamState, week: ISOWeek, today: Day) -> WeekBoard {
        let key = week.description
        var selection: WeekTaskSelection
        if let kept = selections[key], kept.today == today {
            selection = kept
            selection.update(to: state)
        } else {
            selection = WeekTaskSelection(week: week, today: today, state: state)
        }
        // A few weeks are open at once; a crawler walking every week does not grow this.
        if selections[key] == nil, selections.count >= 16 { selections = [:] }
        selections[key] = selection
        return WeekBoard(state: state, selection: selection)
    }

    /// How many full scans the selection of `week` has made (tests).
    func scans(of week: ISOWeek) -> Int? { selections[week.description]?.scans }
}

/// The events ref's tip, polled every half second by one thread with its own store, so an
/// open page hears of a change made anywhere (the CLI, another browser, a sync) quickly.
final class TipWatch: @unchecked Sendable {
    // @unchecked: `tip` and `stopped` are guarded by `condition`.
    private let condition = NSCondition()
    private var tip = ""
    private var stopped = false
    private let interval: TimeInterval

    init(interval: TimeInterval = 0.5) {
        self.interval = interval
    }

    /// Starts polling `read` (the tip, or nil before the first event) on a thread of its own.
    func start(_ read: @escaping @Sendable () -> String?) {
        update(read() ?? "")
        let thread = Thread { [self] in
            while !isStopped {
                Thread.sleep(forTimeInterval: interval)
                update(read() ?? "")
            }
        }
        thread.name = "teamflow tip watch"
        thread.start()
    }

    private var isStopped: Bool { condition.withLock { stopped } }

    private func update(_ new: String) {
        condition.withLock {
            if new != tip {
                tip = new
                condition.broadcast()
            }
        }
    }

    var current: String { condition.withLock { tip } }

    /// Waits until the tip differs from `seen`, the watch stops (nil), or `timeout` passes
    /// (the tip unchanged).
    func wait(after seen: String, timeout: TimeInterval) -> String? {
        condition.withLock {
            let deadline = Date().addingTimeInterval(timeout)
            while tip == seen && !stopped {
                if !condition.wait(until: deadline) { break }
            }
            return stopped ? nil : tip
        }
    }

    /// Ends every wait and the polling thread.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }
}

/// One page's `/events` stream: a `tip` event at once, another whenever the ref moves, a
/// comment every 15 seconds so proxies and the browser keep the connection, the end when the
/// server stops.
final class TipEvents: ChunkSource, @unchecked Sendable {
    // @unchecked: `seen` is used only by the one connection thread that pulls this stream.
    private let watch: TipWatch
    private var seen: String?

    init(watch: TipWatch) { self.watch = watch }

    func next() -> [UInt8]? {
        guard let last = seen else {
            let tip = watch.current
            seen = tip
            return Array("retry: 1000\nevent: tip\ndata: \(tip)\n\n".utf8)
        }
        guard let tip = watch.wait(after: last, timeout: 15) else { return nil }
        if tip == last { return Array(": still here\n\n".utf8) }
        seen = tip
        return Array("event: tip\ndata: \(tip)\n\n".utf8)
    }
}
