import Foundation
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
    private(set) var reviewFiles: [Review.ID: String] = [:]
    private(set) var pageFiles: [WikiPage.ID: String] = [:]

    /// Every week's board (the read model `teamflow week` prints), built from one scan; nil
    /// when the map is for one week's page only (`single`).
    private let boards: WeekBoards?
    /// The one week's board of a map made for it (the live board renders one page at a time).
    private let single: WeekBoard?
    let retrosByWeek: [String: [RetroEntry]]
    let reviewsByWeek: [String: [Review]]
    /// Projects and epics with progress and derived status, as `project list`/`epic list` show
    /// them: computed when asked (only the index shows it).
    var overview: ProjectOverview { ProjectOverview(state: state) }

    /// The zone comment times are shown in (nil: as written).
    let timeZone: TimeZone?

    /// The map of the whole site; with `only`, of that week's page alone (its board built by
    /// itself, no scan for every week's, no reviews or wiki pages: what the live board renders
    /// per request).
    /// `board`, when given, is that week's board already built (the live board keeps its
    /// selection of tasks between changes).
    init(state: TeamState, today: Day, timeZone: TimeZone? = nil, only week: ISOWeek? = nil, board: WeekBoard? = nil) {
        self.state = state
        self.timeZone = timeZone
        self.today = today
        thisWeek = ISOWeek(containing: today)
        boards = week == nil ? WeekBoards(state: state) : nil
        single = board ?? week.map { WeekBoard(state: state, week: $0, today: today) }
        retrosByWeek = Dictionary(grouping: state.retros(), by: \.week)
        // A one-week map (the live board's page) links to no review or wiki page: naming them
        // all would cost a pass over every review and page on each render.
        reviews = week == nil ? state.liveReviews : []
        reviewsByWeek = Dictionary(grouping: reviews, by: \.week)
        pages = week == nil ? state.wikiPages : []
        weeks = Set((boards?.weeks ?? week.map { [$0] } ?? []) + [thisWeek]).sorted(by: >)

        var names = FileNames()
        _ = names.claim("index")
        _ = names.claim("style")
        for week in weeks { weekFiles[week.description] = names.claim("week-\(week)") + ".html" }
        for review in reviews { reviewFiles[review.id] = names.claim("review-\(review.pr)", suffix: review.id.rawValue) + ".html" }
        for page in pages { pageFiles[page.id] = names.claim("page-" + FileNames.ascii(ShortID.of(page.id)), suffix: page.id.rawValue) + ".html" }
    }

    /// The board of `week` as of today (what `teamflow week` prints for it).
    func board(_ week: ISOWeek) -> WeekBoard {
        if let single, single.week == week { return single }
        return boards?.board(week, asOf: today) ?? WeekBoard(state: state, week: week, today: today)
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
