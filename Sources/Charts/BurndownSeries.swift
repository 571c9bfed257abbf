/// Open items at the end of each day of a sprint or week against the ideal line, with the scope
/// (the items being burned down) at each day's end: the input of `TextChart.burndown` and
/// `SVGChart.burndown`, and the `--json` form of `--burndown` (keys documented in
/// docs/CHARTS.md). It only carries numbers; what counts as planned, added or removed is the
/// caller's rule.
public struct BurndownSeries: Codable, Equatable, Sendable {
    /// One day of the range.
    public struct Day: Codable, Equatable, Sendable {
        /// `YYYY-MM-DD` (any text is shown as is).
        public var day: String
        /// Open items at the day's end; nil for a day that has not ended yet.
        public var open: Int?
        /// The ideal line's value at the day's end.
        public var ideal: Double
        /// Whether the day counts towards the ideal line (weekends usually do not).
        public var working: Bool
        /// Items in scope at the day's end (open or done); nil for a day that has not ended yet,
        /// or in a series without a scope line.
        public var scope: Int?
        /// Items that came into scope this day (a step up of the scope line).
        public var added: Int
        /// Items that left scope this day (a step down of the scope line).
        public var removed: Int

        /// A day with an explicit ideal value.
        public init(day: String, open: Int?, ideal: Double, working: Bool = true, scope: Int? = nil, added: Int = 0,
                    removed: Int = 0) {
            self.day = day
            self.open = open
            self.ideal = ideal
            self.working = working
            self.scope = scope
            self.added = added
            self.removed = removed
        }

        private enum CodingKeys: String, CodingKey { case day, open, ideal, working, scope, added, removed }

        /// Decodes a day; a missing `open` or `scope` means no value, a missing `working` true
        /// and missing `added`/`removed` 0 (series written before the scope line).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            day = try container.decode(String.self, forKey: .day)
            open = try container.decodeIfPresent(Int.self, forKey: .open)
            ideal = try container.decode(Double.self, forKey: .ideal)
            working = try container.decodeIfPresent(Bool.self, forKey: .working) ?? true
            scope = try container.decodeIfPresent(Int.self, forKey: .scope)
            added = try container.decodeIfPresent(Int.self, forKey: .added) ?? 0
            removed = try container.decodeIfPresent(Int.self, forKey: .removed) ?? 0
        }

        /// Encodes a day; a day without a value writes `"open": null` (and `"scope": null`) so
        /// readers see every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(day, forKey: .day)
            try container.encode(open, forKey: .open)
            try container.encode(ideal, forKey: .ideal)
            try container.encode(working, forKey: .working)
            try container.encode(scope, forKey: .scope)
            try container.encode(added, forKey: .added)
            try container.encode(removed, forKey: .removed)
        }
    }

    /// The baseline: the scope the ideal line starts from and the open and scope lines start at.
    public var scope: Int
    /// The same number as `scope`, under the name series had before the scope line (kept for
    /// readers of the older JSON and callers of the older API).
    public var total: Int {
        get { scope }
        set { scope = newValue }
    }
    /// Items that came into scope after the baseline (the sum of the days' `added`, unless given).
    public var added: Int
    /// Items that left scope after the baseline (the sum of the days' `removed`, unless given).
    public var removed: Int
    /// The days, in order.
    public var days: [Day]
    /// The day to mark as today (one of `days`' `day`), if any.
    public var today: String?

    /// A series from explicit days; `added` and `removed` default to the days' sums.
    public init(scope: Int, days: [Day], today: String? = nil, added: Int? = nil, removed: Int? = nil) {
        self.scope = scope
        self.days = days
        self.today = today
        self.added = added ?? Self.sum(days.map(\.added))
        self.removed = removed ?? Self.sum(days.map(\.removed))
    }

    /// A series from explicit days, with the baseline under its older name.
    public init(total: Int, days: [Day], today: String? = nil) {
        self.init(scope: total, days: days, today: today)
    }

    /// A series without a scope line whose ideal line falls evenly from `total` to 0 over the
    /// working days (`idealLine`).
    public init(total: Int, days: [(day: String, open: Int?, working: Bool)], today: String? = nil) {
        let ideal = Self.idealLine(from: total, working: days.map(\.working))
        self.init(scope: total, days: zip(days, ideal).map { Day(day: $0.day, open: $0.open, ideal: $1, working: $0.working) },
                  today: today)
    }

    /// The ideal line at each day's end: from `start` down to 0 evenly over the working days,
    /// reaching 0 at the end of the last one; a non-working day keeps the previous value;
    /// without working days it stays at `start` (never a division by zero).
    public static func idealLine(from start: Int, working: [Bool]) -> [Double] {
        let start = Double(ChartMath.clamp(start))
        let workingCount = working.filter { $0 }.count
        var worked = 0
        return working.map { isWorking in
            if isWorking { worked += 1 }
            return workingCount == 0 ? start : start * Double(workingCount - worked) / Double(workingCount)
        }
    }

    /// Whether any day has a scope value (the charts then draw the scope line).
    public var hasScopeLine: Bool { days.contains { $0.scope != nil } }

    private enum CodingKeys: String, CodingKey { case scope, total, added, removed, days, today }

    /// Decodes a series; the baseline is `scope`, or `total` in older JSON; missing `added` and
    /// `removed` are the days' sums, a missing `today` means none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let days = try container.decode([Day].self, forKey: .days)
        let scope = try container.decodeIfPresent(Int.self, forKey: .scope) ?? container.decode(Int.self, forKey: .total)
        self.init(scope: scope, days: days, today: try container.decodeIfPresent(String.self, forKey: .today),
                  added: try container.decodeIfPresent(Int.self, forKey: .added),
                  removed: try container.decodeIfPresent(Int.self, forKey: .removed))
    }

    /// Encodes a series: `scope` and its alias `total`, the totals, the days; no today writes
    /// `"today": null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scope, forKey: .scope)
        try container.encode(scope, forKey: .total)
        try container.encode(added, forKey: .added)
        try container.encode(removed, forKey: .removed)
        try container.encode(days, forKey: .days)
        try container.encode(today, forKey: .today)
    }

    /// A sum of clamped counts that cannot overflow.
    private static func sum(_ values: [Int]) -> Int {
        values.reduce(0) { ChartMath.clamp($0 + ChartMath.clamp($1)) }
    }
}
