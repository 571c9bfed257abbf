extension TextChart {
    /// Open items at each day's end as bars (green on or under the ideal, red above it, in colour),
    /// the ideal marked `│`, days without a value left empty with `-`, today labelled; or, in
    /// plain mode, a table starting with the total at the start.
    public static func burndown(_ series: BurndownSeries, options: TextChartOptions = TextChartOptions()) -> String {
        let words = options.labels
        let total = ChartMath.clamp(series.total)
        let days = series.days.map { clean($0.day, limit: labelLimit) }
        let todayWord = clean(words.today, limit: 20)
        let todayIndex = series.today.flatMap { today in series.days.firstIndex { $0.day == today } }
        let ideals = series.days.map { ChartMath.oneDecimal(ChartMath.clamp($0.ideal)) }
        let opens = series.days.map { $0.open.map { String(ChartMath.clamp($0)) } ?? "-" }
        if options.style == .plain {
            let words = [words.day, words.open, words.ideal].map { clean($0, limit: labelLimit) }
            var table = TextTable(rows: [words, [clean(options.labels.start, limit: labelLimit), String(total), ChartMath.oneDecimal(Double(total))]])
            for index in series.days.indices {
                table.rows.append([days[index], opens[index], ideals[index]] + (index == todayIndex ? [todayWord] : []))
            }
            return table.rendered()
        }

        let title = "\(clean(words.burndownTitle, limit: 40)) · \(clean(words.start, limit: 20)) \(total) · │ \(clean(words.ideal, limit: 20))\n"
        let highestOpen = series.days.compactMap(\.open).map(ChartMath.clamp).max() ?? 0
        let highestIdeal = series.days.map { ChartMath.int(ChartMath.clamp($0.ideal).rounded(.up), in: 0...ChartMath.maxCount) }.max() ?? 0
        let maximum = max(total, highestOpen, highestIdeal)
        guard series.days.count > 1, maximum > 0 else { return title + clean(words.noData, limit: 40) + "\n" }

        let labelWidth = days.map(TerminalText.width).max() ?? 0
        let openWidth = opens.map(TerminalText.width).max() ?? 1
        let idealWidth = ideals.map(TerminalText.width).max() ?? 1
        let todayWidth = todayIndex == nil ? 0 : TerminalText.width(todayWord) + 2
        let barWidth = max(10, options.columns - labelWidth - openWidth - idealWidth - todayWidth - 6)
        var lines = title
        for (index, day) in series.days.enumerated() {
            let ideal = ChartMath.clamp(day.ideal)
            var bar = TextBar(value: Double(day.open.map(ChartMath.clamp) ?? 0), maximum: Double(maximum), width: barWidth)
            bar.mark("│", at: TextBar.markerIndex(value: ideal, maximum: Double(maximum), width: barWidth), overFill: true)
            let behind = Double(day.open.map(ChartMath.clamp) ?? 0) > ideal
            var line = TerminalText.padRight(days[index], to: labelWidth) + "  " + bar.rendered(color: options.color, fill: behind ? "31" : "32")
            line += "  " + TerminalText.padLeft(opens[index], to: openWidth) + "  " + TerminalText.padLeft(ideals[index], to: idealWidth)
            if index == todayIndex { line += "  " + todayWord }
            lines += line + "\n"
        }
        return lines
    }
}
