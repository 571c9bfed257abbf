/// The words a chart prints around the data, so a caller can localise them; English and Korean
/// are built in. Labels from the series itself (weeks, days, members) are never translated.
public struct ChartLabels: Equatable, Sendable {
    /// Heading of the velocity chart.
    public var velocityTitle: String
    /// Heading of the burndown chart.
    public var burndownTitle: String
    /// "average", before the average's value.
    public var average: String
    /// The team's total (the column and legend entry for all members together).
    public var done: String
    /// "ideal", for the ideal line.
    public var ideal: String
    /// "open", for the items open at a day's end.
    public var open: String
    /// Marks today's day.
    public var today: String
    /// The point before the first day (where the lines start at the baseline scope).
    public var start: String
    /// Column heading of periods in plain mode.
    public var period: String
    /// Column heading of days in plain mode.
    public var day: String
    /// Shown instead of a chart when there is nothing to draw.
    public var noData: String
    /// Legend entry for members beyond those drawn one by one.
    public var others: String
    /// "scope", for the items in scope (the baseline and the scope line).
    public var scope: String
    /// "added", for items that came into scope after the baseline.
    public var added: String
    /// "removed", for items that left scope after the baseline.
    public var removed: String

    /// Labels from explicit words.
    public init(velocityTitle: String, burndownTitle: String, average: String, done: String, ideal: String,
                open: String, today: String, start: String, period: String, day: String, noData: String,
                others: String, scope: String = "scope", added: String = "added", removed: String = "removed") {
        self.velocityTitle = velocityTitle
        self.burndownTitle = burndownTitle
        self.average = average
        self.done = done
        self.ideal = ideal
        self.open = open
        self.today = today
        self.start = start
        self.period = period
        self.day = day
        self.noData = noData
        self.others = others
        self.scope = scope
        self.added = added
        self.removed = removed
    }

    /// English words.
    public static let english = ChartLabels(
        velocityTitle: "Done per week", burndownTitle: "Open items at each day's end", average: "average",
        done: "done", ideal: "ideal", open: "open", today: "today", start: "start", period: "week", day: "day",
        noData: "no data", others: "others", scope: "scope", added: "added", removed: "removed")

    /// Korean words.
    public static let korean = ChartLabels(
        velocityTitle: "주별 완료", burndownTitle: "날마다 남은 항목", average: "평균",
        done: "완료", ideal: "이상", open: "남음", today: "오늘", start: "시작", period: "주", day: "날짜",
        noData: "데이터 없음", others: "기타", scope: "범위", added: "추가", removed: "제외")
}
