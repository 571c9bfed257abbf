import TeamflowCore

/// Which pages the wiki has and what each is called: computed once from the state, so every
/// page links only to pages that exist.
struct WikiSite {
    static let home = "Home"
    static let sidebar = "_Sidebar"

    let state: TeamState
    /// Weeks with any data, newest first.
    let weeks: [String]
    let reviews: [Review]
    let projects: [Project]
    let pages: [WikiPage]
    private(set) var weekNames: [String: String] = [:]
    private(set) var reviewNames: [Review.ID: String] = [:]
    private(set) var projectNames: [Project.ID: String] = [:]
    private(set) var pageNames: [WikiPage.ID: String] = [:]

    /// Every week's board (the read model `teamflow week` prints), built from one scan.
    let boards: WeekBoards
    let retrosByWeek: [String: [RetroEntry]]
    let reviewsByWeek: [String: [Review]]

    /// Projects and epics with progress and derived status (the read model `project list` and
    /// `epic list` print), with each epic's tasks.
    let overview: ProjectOverview

    init(state: TeamState) {
        self.state = state
        // Derived once: `liveTasks` sorts every task, too slow to repeat per page.
        boards = WeekBoards(state: state)
        overview = ProjectOverview(state: state)
        retrosByWeek = Dictionary(grouping: state.retros(), by: \.week)
        reviews = state.liveReviews
        reviewsByWeek = Dictionary(grouping: reviews, by: \.week)
        weeks = boards.weeks.map(\.description)
        projects = state.liveProjects
        pages = state.wikiPages

        var names = PageNameAllocator()
        _ = names.claim(WikiSite.home, suffix: "")
        _ = names.claim(WikiSite.sidebar, suffix: "")
        _ = names.claim("_Footer", suffix: "")
        for week in weeks { weekNames[week] = names.claim("Week-\(week)", suffix: "x") }
        for review in reviews { reviewNames[review.id] = names.claim("Review-PR-\(review.pr)", suffix: review.shortID) }
        for project in projects {
            projectNames[project.id] = names.claim("Project-" + PageNames.safe(project.name, fallback: project.shortID),
                                                   suffix: project.shortID)
        }
        for page in pages { pageNames[page.id] = names.claim(PageNames.safe(page.title, fallback: "Page-\(page.shortID)"), suffix: page.shortID) }
    }

    /// Every page name in a fixed order (home, sidebar, weeks, reviews, projects, wiki pages).
    var allNames: [String] {
        [WikiSite.home, WikiSite.sidebar] + weeks.compactMap { weekNames[$0] } + reviews.compactMap { reviewNames[$0.id] }
            + projects.compactMap { projectNames[$0.id] } + pages.compactMap { pageNames[$0.id] }
    }

    /// The current week of the wiki: the newest week with data (so output depends on events only).
    var currentWeek: String? { weeks.first }
}
