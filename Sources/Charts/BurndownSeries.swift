/// Open items at the end of each day of a sprint or week against the ideal line: the input of
/// `TextChart.burndown` and `SVGChart.burndown`, and the `--json` form of `--burndown` (keys
/// documented in docs/CHARTS.md).
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

        /// A day with an explicit ideal value.
        public init(day: String, open: Int?, ideal: Double, working: Bool = true) {
            self.day = day
            self.open = open
            self.ideal = ideal
            self.working = working
        }

        private enum CodingKeys: String, CodingKey { case day, open, ideal, working }

        /// Decodes a day; a missing `open` means no value yet and a missing `working` means true.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            day = try container.decode(String.self, forKey: .day)
            open = try container.decodeIfPresent(Int.self, forKey: .open)
            ideal = try container.decode(Double.self, forKey: .ideal)
            working = try container.decodeIfPresent(Bool.self, forKey: .working) ?? true
        }

        /// Encodes a day; a day without a value writes `"open": null` so readers see every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(day, forKey: .day)
            try container.encode(open, forKey: .open)
            try container.encode(ideal, forKey: .ideal)
            try container.encode(working, forKey: .working)
        }
    }

    /// Items open at the start of the first day.
    public var total: Int
    /// The days, in order.
    public var days: [Day]
    /// The day to mark as today (one of `days`' `day`), if any.
    public var today: String?

    /// A series from explicit days.
    public init(total: Int, days: [Day], today: String? = nil) {
        self.total = total
        self.days = days
        self.today = today
    }

    /// A series whose ideal line falls evenly from `total` to 0 over the working days (a
    /// non-working day keeps the previous value); without working days it stays at `total`.
    public init(total: Int, days: [(day: String, open: Int?, working: Bool)], today: String? = nil) {
        let start = Double(ChartMath.clamp(total))
        let workingCount = days.filter(\.working).count
        var worked = 0
        var built: [Day] = []
        for entry in days {
            if entry.working { worked += 1 }
            let ideal = workingCount == 0 ? start : start * Double(workingCount - worked) / Double(workingCount)
            built.append(Day(day: entry.day, open: entry.open, ideal: ideal, working: entry.working))
        }
        self.init(total: total, days: built, today: today)
    }

    private enum CodingKeys: String, CodingKey { case total, days, today }

    /// Decodes a series; a missing `today` means none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        days = try container.decode([Day].self, forKey: .days)
        today = try container.decodeIfPresent(String.self, forKey: .today)
    }

    /// Encodes a series; no today writes `"today": null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encode(days, forKey: .days)
        try container.encode(today, forKey: .today)
    }
}
