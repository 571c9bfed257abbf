/// Charts for a terminal: horizontal bars of Unicode blocks that line up with Korean labels, or
/// plain numbers for pipes. Every label from the series is escaped (`TerminalText.sanitized`).
/// Each chart ends with a newline.
public enum TextChart {
    /// The longest period or day label shown, in cells.
    static let labelLimit = 16
    /// The longest member name shown, in cells.
    static let memberLimit = 14

    /// Done per period as bars (team, then each member indented below) with the average marked
    /// `┆`; or, in plain mode, a table of the numbers with an `average` row.
    public static func velocity(_ series: VelocitySeries, options: TextChartOptions = TextChartOptions()) -> String {
        let words = options.labels
        let periods = series.periods.map { clean($0.label, limit: labelLimit) }
        let members = options.showMembers ? series.members.map { clean($0, limit: memberLimit) } : []
        let average = ChartMath.clamp(series.average)
        if options.style == .plain {
            var table = TextTable(rows: [[clean(words.period, limit: labelLimit), clean(words.done, limit: labelLimit)] + members])
            for (period, label) in zip(series.periods, periods) {
                let values = members.indices.map { String(ChartMath.clamp(series.value(of: period, member: $0))) }
                table.rows.append([label, String(ChartMath.clamp(period.done))] + values)
            }
            table.rows.append([clean(words.average, limit: labelLimit), ChartMath.oneDecimal(average)])
            return table.rendered()
        }

        let title = "\(clean(words.velocityTitle, limit: 40)) · ┆ \(clean(words.average, limit: 20)) \(ChartMath.oneDecimal(average))\n"
        let memberValues = series.periods.flatMap { period in members.indices.map { series.value(of: period, member: $0) } }
        let maximum = (series.periods.map(\.done) + memberValues).map(ChartMath.clamp).max() ?? 0
        guard maximum > 0 else { return title + clean(words.noData, limit: 40) + "\n" }

        let labelWidth = max(periods.map(TerminalText.width).max() ?? 0, (members.map(TerminalText.width).max() ?? -2) + 2)
        let numberWidth = String(maximum).count
        let barWidth = max(10, options.columns - labelWidth - numberWidth - 4)
        let scale = Double(max(maximum, ChartMath.int(average.rounded(.up), in: 0...ChartMath.maxCount)))
        var lines = title
        for (period, label) in zip(series.periods, periods) {
            let done = ChartMath.clamp(period.done)
            var bar = TextBar(value: Double(done), maximum: scale, width: barWidth)
            bar.mark("┆", at: TextBar.markerIndex(value: average, maximum: scale, width: barWidth), overFill: false)
            lines += row(label, labelWidth, bar.rendered(color: options.color, fill: "36"), done, numberWidth)
            for (index, name) in members.enumerated() {
                let value = ChartMath.clamp(series.value(of: period, member: index))
                let memberBar = TextBar(value: Double(value), maximum: scale, width: barWidth)
                lines += row("  " + name, labelWidth, memberBar.rendered(color: options.color, fill: "34"), value, numberWidth)
            }
        }
        return lines
    }

    /// A label escaped for the terminal and cut to `limit` cells.
    static func clean(_ text: String, limit: Int) -> String {
        TerminalText.truncated(TerminalText.sanitized(text), to: limit)
    }

    private static func row(_ label: String, _ labelWidth: Int, _ bar: String, _ value: Int, _ numberWidth: Int) -> String {
        TerminalText.padRight(label, to: labelWidth) + "  " + bar + "  " + TerminalText.padLeft(String(value), to: numberWidth) + "\n"
    }
}
