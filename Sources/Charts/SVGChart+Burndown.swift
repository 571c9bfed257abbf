extension SVGChart {
    /// Open items at each day's end as a line from the baseline at the start (dots where a day
    /// has ended, a gap where it has not), the scope as a dash-dotted step line (up where items
    /// were added, down where they were removed), the ideal as a dashed line and today as a red
    /// rule. A series without scope values draws no scope line.
    public static func burndown(_ series: BurndownSeries, options: SVGChartOptions = SVGChartOptions()) -> String {
        let words = options.labels
        let (width, height) = (options.clampedWidth, options.clampedHeight)
        let baseline = ChartMath.clamp(series.scope)
        let withScope = series.hasScopeLine
        var document = SVGDocument(width: width, height: height, id: SVGText.identifier(options.idPrefix ?? "burndown"),
                                   title: words.burndownTitle, description: burndownDescription(series, words: words))
        let highestOpen = series.days.compactMap(\.open).map(ChartMath.clamp).max() ?? 0
        let highestScope = series.days.compactMap(\.scope).map(ChartMath.clamp).max() ?? 0
        let highestIdeal = series.days.map { ChartMath.int(ChartMath.clamp($0.ideal).rounded(.up), in: 0...ChartMath.maxCount) }.max() ?? 0
        let maximum = max(baseline, highestOpen, highestScope, highestIdeal)
        guard series.days.count > 1, maximum > 0 else {
            document.body = SVGDocument.noData(title: words.burndownTitle, words: words.noData, width: width, height: height)
            return document.rendered()
        }

        let plot = SVGPlot(width: width, height: height, maximum: maximum, bottomMargin: 32)
        let slot = plot.width / Double(series.days.count)
        let x = { (point: Int) in plot.left + slot * Double(point) } // point 0 is the start, day i is point i + 1
        var body = [SVGDocument.text(SVGText.label(words.burndownTitle, cells: 44), x: 16, y: 24, cssClass: "title")]
        body += plot.axis()
        body += legend(words: words, right: plot.right, withScope: withScope)

        let start = (x(0), plot.y(Double(baseline)))
        var ideal = [start]
        var segments: [[(Double, Double)]] = [[start]]
        // The scope line is a step line: level through each day, changing at the day's end,
        // where its value is counted; it stops at the first day without a value.
        var scope = [start]
        var scopeGoesOn = withScope
        for (index, day) in series.days.enumerated() {
            ideal.append((x(index + 1), plot.y(ChartMath.clamp(day.ideal))))
            if let open = day.open {
                segments[segments.count - 1].append((x(index + 1), plot.y(Double(ChartMath.clamp(open)))))
            } else if segments[segments.count - 1].count > 0 {
                segments.append([])
            }
            if scopeGoesOn, let value = day.scope, let last = scope.last {
                let y = plot.y(Double(ChartMath.clamp(value)))
                scope.append((x(index + 1), last.1))
                if y != last.1 { scope.append((x(index + 1), y)) }
            } else {
                scopeGoesOn = false
            }
        }
        body.append("<polyline class=\"ideal\" points=\"\(points(ideal))\"/>")
        if scope.count > 1 { body.append("<polyline class=\"scope\" points=\"\(points(scope))\"/>") }
        for segment in segments where segment.count > 1 { body.append("<polyline class=\"open\" points=\"\(points(segment))\"/>") }
        for (cx, cy) in segments.joined() {
            body.append("<circle class=\"dot\" cx=\"\(SVGText.number(cx))\" cy=\"\(SVGText.number(cy))\" r=\"3\"/>")
        }
        if let today = series.today, let index = series.days.firstIndex(where: { $0.day == today }) {
            body.append(SVGDocument.line(x1: x(index + 1), y1: plot.top, x2: x(index + 1), y2: plot.bottom, cssClass: "today"))
            body.append(SVGDocument.text(SVGText.label(words.today, cells: 12), x: x(index + 1), y: plot.top - 4, anchor: "middle", cssClass: "todaytext small"))
        }
        let every = SVGPlot.labelStride(slot: slot, labelPixels: 44)
        for point in stride(from: 0, through: series.days.count, by: every) {
            let label = point == 0 ? words.start : shortDay(series.days[point - 1].day)
            body.append(SVGDocument.text(SVGText.label(label, cells: SVGPlot.cells(fitting: slot * Double(every))),
                                         x: x(point), y: plot.bottom + 16, anchor: "middle", cssClass: "muted small"))
        }
        document.body = body
        return document.rendered()
    }

    /// `MM-DD` for a `YYYY-MM-DD` day (the year is in the description), any other text as is.
    static func shortDay(_ day: String) -> String {
        let characters = Array(day)
        let isDate = characters.count == 10 && characters[4] == "-" && characters[7] == "-"
            && characters.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || ("0"..."9").contains($0.element) }
        return isDate ? String(characters[5...]) : day
    }

    /// Swatches above the plot, right-aligned: open, scope (when drawn), ideal; 96 px each.
    private static func legend(words: ChartLabels, right: Double, withScope: Bool) -> [String] {
        let y = 20.0
        let entries = [("open", words.open)] + (withScope ? [("scope", words.scope)] : []) + [("ideal", words.ideal)]
        return entries.enumerated().flatMap { index, entry -> [String] in
            let left = right - 96 * Double(entries.count - index)
            return [SVGDocument.line(x1: left, y1: y, x2: left + 24, y2: y, cssClass: entry.0),
                    SVGDocument.text(SVGText.label(entry.1, cells: 10), x: left + 30, y: y + 4, cssClass: "small")]
        }
    }

    private static func points(_ points: [(Double, Double)]) -> String {
        points.map { "\(SVGText.number($0.0)),\(SVGText.number($0.1))" }.joined(separator: " ")
    }

    /// Every value in words: the baseline and the scope changes, then each day's open, scope
    /// (with what was added or removed that day) and ideal.
    private static func burndownDescription(_ series: BurndownSeries, words: ChartLabels) -> String {
        let days = series.days.map { day -> String in
            var text = "\(day.day): \(words.open) \(day.open.map { String(ChartMath.clamp($0)) } ?? "-")"
            if let scope = day.scope {
                text += ", \(words.scope) \(ChartMath.clamp(scope))"
                if ChartMath.clamp(day.added) > 0 { text += " (\(words.added) \(ChartMath.clamp(day.added)))" }
                if ChartMath.clamp(day.removed) > 0 { text += " (\(words.removed) \(ChartMath.clamp(day.removed)))" }
            }
            return text + ", \(words.ideal) \(ChartMath.oneDecimal(ChartMath.clamp(day.ideal)))"
        }
        var text = "\(words.burndownTitle). "
        if series.hasScopeLine {
            text += "\(words.scope) \(ChartMath.clamp(series.scope)), \(words.added) \(ChartMath.clamp(series.added)), "
                + "\(words.removed) \(ChartMath.clamp(series.removed)); "
        } else {
            text += "\(words.start) \(ChartMath.clamp(series.scope)); "
        }
        text += (days.isEmpty ? words.noData : days.joined(separator: "; ")) + "."
        if let today = series.today { text += " \(words.today) \(today)." }
        return text
    }
}
