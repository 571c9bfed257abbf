import TeamflowCore

/// Which pages the site has and what each file is called, computed once from the state so
/// every link points at a page that is written. Names are ASCII (`week-2024-W47.html`,
/// `review-95.html`, `page-1a2b3c4d.html`), whatever a title holds.
struct SiteMap {
    let state: TeamState
    let today: Day
    let thisWeek: ISOWeek
    /// Weeks with any data (and this week), newest first.
    let weeks: [ISOWeek]
    let reviews: [Review]
    let pages: [WikiPage]
    private(set) var weekFiles: [String: String] = [:]
    private(set) var reviewFiles: [String: String] = [:]
    private(set) var pageFiles: [String: String] = [:]

    /// Live tasks, goals, retro entries and reviews grouped by week (grouped once: a board per
    /// week must not scan the whole history again).
    let tasksByWeek: [String: [TeamTask]]
    let goalsByWeek: [String: [Goal]]
    let retrosByWeek: [String: [RetroEntry]]
    let reviewsByWeek: [String: [Review]]
    let tasksByEpic: [String: [TeamTask]]
    let openTasksWithDue: [TeamTask]

    init(state: TeamState, today: Day) {
        self.state = state
        self.today = today
        thisWeek = ISOWeek(containing: today)
        let tasks = state.liveTasks
        tasksByWeek = Dictionary(grouping: tasks, by: \.week)
        tasksByEpic = Dictionary(grouping: tasks.filter { $0.epic != nil }, by: { $0.epic ?? "" })
        openTasksWithDue = tasks.filter { $0.due != nil && !$0.done }
        goalsByWeek = Dictionary(grouping: state.goals.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) },
                                 by: \.week)
        retrosByWeek = Dictionary(grouping: state.retros(), by: \.week)
        reviews = state.liveReviews
        reviewsByWeek = Dictionary(grouping: reviews, by: \.week)
        pages = state.wikiPages
        let keys = Set(tasksByWeek.keys).union(goalsByWeek.keys).union(retrosByWeek.keys).union(reviewsByWeek.keys)
        // Only well-formed weeks become pages (a hand-written event may carry anything).
        var parsed = Set(keys.compactMap(ISOWeek.init(parsing:)).filter { keys.contains($0.description) })
        parsed.insert(thisWeek)
        weeks = parsed.sorted(by: >)

        var names = FileNames()
        _ = names.claim("index")
        _ = names.claim("style")
        for week in weeks { weekFiles[week.description] = names.claim("week-\(week)") + ".html" }
        for review in reviews { reviewFiles[review.id] = names.claim("review-\(review.pr)", suffix: review.id) + ".html" }
        for page in pages { pageFiles[page.id] = names.claim("page-" + FileNames.ascii(ShortID.of(page.id)), suffix: page.id) + ".html" }
    }

    /// An epic's progress over its live tasks.
    func progress(of epic: Epic) -> (done: Int, total: Int) {
        let tasks = tasksByEpic[epic.id] ?? []
        return (tasks.reduce(0) { $0 + ($1.done ? 1 : 0) }, tasks.count)
    }

    /// Open tasks due before today, by due day then order added.
    var overdueTasks: [TeamTask] {
        openTasksWithDue.filter { ($0.due ?? today) < today }
            .sorted { ($0.due ?? today, $0.clock, $0.id) < ($1.due ?? today, $1.clock, $1.id) }
    }
}

/// Hands out unique lowercase-insensitive file names.
struct FileNames {
    private var taken: Set<String> = []

    /// `name`, or `name-<suffix>` (then with a counter) when taken.
    mutating func claim(_ name: String, suffix: String = "x") -> String {
        var candidate = name
        var counter = 1
        let tail = FileNames.ascii(ShortID.of(suffix))
        while !taken.insert(candidate.lowercased()).inserted {
            candidate = counter == 1 ? "\(name)-\(tail)" : "\(name)-\(tail)-\(counter)"
            counter += 1
        }
        return candidate
    }

    /// ASCII letters and digits kept, anything else as `-` (ids written by hand may hold anything).
    static func ascii(_ text: String) -> String {
        let out = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        return out.isEmpty ? "x" : out
    }
}
