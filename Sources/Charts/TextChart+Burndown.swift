extension TextChart {
    /// Open items at each day's end as bars (green on or under the ideal, red above it, in colour),
    /// the ideal marked `│` and the scope `┊`, days without a value left empty with `-`, scope
    /// changes as `+N`/`-N`, today labelled; or, in plain mode, a table starting with the
    /// baseline. A series without scope values (made before the scope line) prints as before:
    /// no scope column or marker.
    public static func burndown(_ series: BurndownSeries, options: TextChartOptions = TextChartOptions()) -> String {
        let words = options.labels
        let baseline = ChartMath.clamp(series.scope)
        let withScope = series.hasScopeLine
        let days = series.days.map { clean($0.day, limit: labelLimit) }
        let todayWord = clean(words.today, limit: 20)
        let todayIndex = series.today.flatMap { today in series.days.firstIndex { $0.day == today } }
        let ideals = series.days.map { ChartMath.oneDecimal(ChartMath.clamp($0.ideal)) }
        let opens = series.days.map { $0.open.map { String(ChartMath.clamp($0)) } ?? "-" }
        let scopes = series.days.map { $0.scope.map { String(ChartMath.clamp($0)) } ?? "-" }
        if options.style == .plain {
            var header = [words.day, words.open, words.ideal]
            if withScope { header += [words.scope, words.added, words.removed] }
            var start = [clean(words.start, limit: labelLimit), String(baseline), ChartMath.oneDecimal(Double(baseline))]
            if withScope { start += [String(baseline), "-", "-"] }
            var table = TextTable(rows: [header.map { clean($0, limit: labelLimit) }, start])
            for (index, day) in series.days.enumerated() {
                var row = [days[index], opens[index], ideals[index]]
                if withScope {
                    let known = day.scope != nil
                    row += [scopes[index], known ? String(ChartMath.clamp(day.added)) : "-", known ? String(ChartMath.clamp(day.removed)) : "-"]
                }
                table.rows.append(row + (index == todayIndex ? [todayWord] : []))
            }
            return table.rendered()
        }

        let title = burndownTitle(series, words: words, baseline: baseline, withScope: withScope)
        let highestOpen = series.days.compactMap(\.open).map(ChartMath.clamp).max() ?? 0
        let highestScope = series.days.compactMap(\.scope).map(ChartMath.clamp).max() ?? 0
        let highestIdeal = series.days.map { ChartMath.int(ChartMath.clamp($0.ideal).rounded(.up), in: 0...ChartMath.maxCount) }.max() ?? 0
        let maximum = max(baseline, highestOpen, highestScope, highestIdeal)
        guard series.days.count > 1, maximum > 0 else { return title + clean(words.noData, limit: 40) + "\n" }

        let changes = series.days.map(change)
        let openWord = clean(words.open, limit: 12), idealWord = clean(words.ideal, limit: 12), scopeWord = clean(words.scope, limit: 12)
        let labelWidth = days.map(TerminalText.width).max() ?? 0
        var openWidth = opens.map(TerminalText.width).max() ?? 1
        var idealWidth = ideals.map(TerminalText.width).max() ?? 1
        var scopeWidth = 0, changeWidth = 0
        if withScope {
            // The header row names the columns, so each is at least as wide as its word.
            openWidth = max(openWidth, TerminalText.width(openWord))
            idealWidth = max(idealWidth, TerminalText.width(idealWord))
            scopeWidth = max(scopes.map(TerminalText.width).max() ?? 1, TerminalText.width(scopeWord))
            changeWidth = changes.map(TerminalText.width).max() ?? 0
        }
        let extra = (withScope ? scopeWidth + 2 : 0) + (changeWidth > 0 ? changeWidth + 2 : 0)
        let todayWidth = todayIndex == nil ? 0 : TerminalText.width(todayWord) + 2
        let barWidth = max(10, options.columns - labelWidth - openWidth - idealWidth - extra - todayWidth - 6)
        var lines = title
        if withScope {
            var header = String(repeating: " ", count: labelWidth + 2 + barWidth) + "  " + TerminalText.padLeft(openWord, to: openWidth)
            header += "  " + TerminalText.padLeft(idealWord, to: idealWidth) + "  " + TerminalText.padLeft(scopeWord, to: scopeWidth)
            lines += header + "\n"
        }
        for (index, day) in series.days.enumerated() {
            let ideal = ChartMath.clamp(day.ideal)
            var bar = TextBar(value: Double(day.open.map(ChartMath.clamp) ?? 0), maximum: Double(maximum), width: barWidth)
            if let scope = day.scope {
                bar.mark("┊", at: TextBar.markerIndex(value: Double(ChartMath.clamp(scope)), maximum: Double(maximum), width: barWidth),
                         overFill: false, code: "35")
            }
            bar.mark("│", at: TextBar.markerIndex(value: ideal, maximum: Double(maximum), width: barWidth), overFill: true)
            let behind = Double(day.open.map(ChartMath.clamp) ?? 0) > ideal
            var line = TerminalText.padRight(days[index], to: labelWidth) + "  " + bar.rendered(color: options.color, fill: behind ? "31" : "32")
            line += "  " + TerminalText.padLeft(opens[index], to: openWidth) + "  " + TerminalText.padLeft(ideals[index], to: idealWidth)
            if withScope { line += "  " + TerminalText.padLeft(scopes[index], to: scopeWidth) }
            if changeWidth > 0 { line += "  " + TerminalText.padRight(changes[index], to: changeWidth) }
            if index == todayIndex { line += "  " + todayWord }
            lines += trimmingTrailingSpaces(line) + "\n"
        }
        return lines
    }

    /// `Open items at each day's end · scope 5 · +1 added · -1 removed · │ ideal · ┊ scope`: the
    /// baseline, the scope changes when there were any, and the markers.
    private static func burndownTitle(_ series: BurndownSeries, words: ChartLabels, baseline: Int, withScope: Bool) -> String {
        guard withScope else {
            return "\(clean(words.burndownTitle, limit: 40)) · \(clean(words.start, limit: 20)) \(baseline) · │ \(clean(words.ideal, limit: 20))\n"
        }
        var parts = [clean(words.burndownTitle, limit: 40), "\(clean(words.scope, limit: 20)) \(baseline)"]
        let added = ChartMath.clamp(series.added), removed = ChartMath.clamp(series.removed)
        if added > 0 { parts.append("+\(added) \(clean(words.added, limit: 20))") }
        if removed > 0 { parts.append("-\(removed) \(clean(words.removed, limit: 20))") }
        parts += ["│ \(clean(words.ideal, limit: 20))", "┊ \(clean(words.scope, limit: 20))"]
        return parts.joined(separator: " · ") + "\n"
    }

    /// `+2`, `-1`, `+2 -1` or nothing: the day's scope change.
    private static func change(_ day: BurndownSeries.Day) -> String {
        var parts: [String] = []
        if ChartMath.clamp(day.added) > 0 { parts.append("+\(ChartMath.clamp(day.added))") }
        if ChartMath.clamp(day.removed) > 0 { parts.append("-\(ChartMath.clamp(day.removed))") }
        return parts.joined(separator: " ")
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
