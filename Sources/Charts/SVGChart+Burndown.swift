extension SVGChart {
    /// Open items at each day's end as a line from the total at the start (dots where a day has
    /// ended, a gap where it has not), the ideal as a dashed line and today as a red rule.
    public static func burndown(_ series: BurndownSeries, options: SVGChartOptions = SVGChartOptions()) -> String {
        let words = options.labels
        let (width, height) = (options.clampedWidth, options.clampedHeight)
        let total = ChartMath.clamp(series.total)
        var document = SVGDocument(width: width, height: height, id: SVGText.identifier(options.idPrefix ?? "burndown"),
                                   title: words.burndownTitle, description: burndownDescription(series, words: words))
        let highestOpen = series.days.compactMap(\.open).map(ChartMath.clamp).max() ?? 0
        let highestIdeal = series.days.map { ChartMath.int(ChartMath.clamp($0.ideal).rounded(.up), in: 0...ChartMath.maxCount) }.max() ?? 0
        let maximum = max(total, highestOpen, highestIdeal)
        guard series.days.count > 1, maximum > 0 else {
            document.body = SVGDocument.noData(title: words.burndownTitle, words: words.noData, width: width, height: height)
            return document.rendered()
        }

        let plot = SVGPlot(width: width, height: height, maximum: maximum, bottomMargin: 32)
        let slot = plot.width / Double(series.days.count)
        let x = { (point: Int) in plot.left + slot * Double(point) } // point 0 is the start, day i is point i + 1
        var body = [SVGDocument.text(SVGText.label(words.burndownTitle, cells: 44), x: 16, y: 24, cssClass: "title")]
        body += plot.axis()
        body += legend(words: words, right: plot.right)

        var ideal = [(x(0), plot.y(Double(total)))]
        var segments: [[(Double, Double)]] = [[(x(0), plot.y(Double(total)))]]
        for (index, day) in series.days.enumerated() {
            ideal.append((x(index + 1), plot.y(ChartMath.clamp(day.ideal))))
            if let open = day.open {
                segments[segments.count - 1].append((x(index + 1), plot.y(Double(ChartMath.clamp(open)))))
            } else if segments[segments.count - 1].count > 0 {
                segments.append([])
            }
        }
        body.append("<polyline class=\"ideal\" points=\"\(points(ideal))\"/>")
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

    private static func legend(words: ChartLabels, right: Double) -> [String] {
        let y = 20.0
        return [SVGDocument.line(x1: right - 196, y1: y, x2: right - 172, y2: y, cssClass: "open"),
                SVGDocument.text(SVGText.label(words.open, cells: 10), x: right - 166, y: y + 4, cssClass: "small"),
                SVGDocument.line(x1: right - 96, y1: y, x2: right - 72, y2: y, cssClass: "ideal"),
                SVGDocument.text(SVGText.label(words.ideal, cells: 10), x: right - 66, y: y + 4, cssClass: "small")]
    }

    private static func points(_ points: [(Double, Double)]) -> String {
        points.map { "\(SVGText.number($0.0)),\(SVGText.number($0.1))" }.joined(separator: " ")
    }

    private static func burndownDescription(_ series: BurndownSeries, words: ChartLabels) -> String {
        let days = series.days.map { day in
            "\(day.day): \(words.open) \(day.open.map { String(ChartMath.clamp($0)) } ?? "-"), \(words.ideal) \(ChartMath.oneDecimal(ChartMath.clamp(day.ideal)))"
        }
        var text = "\(words.burndownTitle). \(words.start) \(ChartMath.clamp(series.total)); " + (days.isEmpty ? words.noData : days.joined(separator: "; ")) + "."
        if let today = series.today { text += " \(words.today) \(today)." }
        return text
    }
}
