/// Hand-rolled, self-contained SVG charts (no scripts, fonts, images or links) for the wiki and
/// the site: fixed size, `<title>`/`<desc>` for screen readers, a light and a dark theme, and the
/// same bytes for the same series. Hostile series are clamped, never trapped on.
public enum SVGChart {
    /// Members drawn one by one; the rest are summed as "others".
    static let memberLimit = 8
    /// Room for the average's legend entry (swatch, gap, "average 12.5").
    static let averageLegendWidth = 112.0

    /// Done per period as bars (the team's, then each member's narrower bar beside it in the
    /// legend's colours), the numbers above the team bars and the average as a dashed line with
    /// its legend entry above the plot. Period labels are spaced evenly from the last period
    /// back (every one, or every other one and so on when they do not fit), so the last (the
    /// current week) is always labelled.
    public static func velocity(_ series: VelocitySeries, options: SVGChartOptions = SVGChartOptions()) -> String {
        let words = options.labels
        let (width, height) = (options.clampedWidth, options.clampedHeight)
        let members = shownMembers(series, others: words.others)
        let average = ChartMath.clamp(series.average)
        var document = SVGDocument(width: width, height: height, id: SVGText.identifier(options.idPrefix ?? "velocity"),
                                   title: words.velocityTitle, description: velocityDescription(series, words: words))
        let maximum = (series.periods.map(\.done) + members.flatMap(\.values)).map(ChartMath.clamp).max() ?? 0
        guard !series.periods.isEmpty, maximum > 0 else {
            document.body = SVGDocument.noData(title: words.velocityTitle, words: words.noData, width: width, height: height)
            return document.rendered()
        }

        let plot = SVGPlot(width: width, height: height, maximum: max(maximum, ChartMath.int(average.rounded(.up), in: 0...ChartMath.maxCount)),
                           bottomMargin: members.isEmpty ? 32 : 52)
        // The title shares its row with the average's legend entry: cut it before that (8 px a cell).
        let titleCells = ChartMath.int((plot.right - averageLegendWidth - 24) / 8, in: 8...60)
        var body = [SVGDocument.text(SVGText.label(words.velocityTitle, cells: titleCells), x: 16, y: 24, cssClass: "title")]
        body += plot.axis()
        let slot = plot.width / Double(series.periods.count)
        let group = slot * 0.7
        let teamWidth = members.isEmpty ? group : group * 0.4
        let memberWidth = members.isEmpty ? 0 : group * 0.6 / Double(members.count)
        let every = SVGPlot.labelStride(slot: slot, labelPixels: 60)
        for (index, period) in series.periods.enumerated() {
            let x = plot.left + slot * Double(index) + (slot - group) / 2
            let count = ChartMath.clamp(period.done)
            let done = Double(count)
            body.append(SVGDocument.rect(x: x, y: plot.y(done), width: teamWidth, height: plot.bottom - plot.y(done), fill: SVGDocument.palette[0]))
            for (number, member) in members.enumerated() {
                let value = Double(ChartMath.clamp(member.values[index]))
                body.append(SVGDocument.rect(x: x + teamWidth + memberWidth * Double(number), y: plot.y(value), width: memberWidth,
                                             height: plot.bottom - plot.y(value), fill: SVGDocument.palette[number + 1]))
            }
            if slot >= 24 {
                body.append(SVGDocument.text(String(count), x: x + teamWidth / 2, y: plot.y(done) - 4, anchor: "middle", cssClass: "small"))
            }
            // Counted back from the last period, so the current week always has its label.
            if (series.periods.count - 1 - index) % every == 0 {
                let label = SVGText.label(period.label, cells: SVGPlot.cells(fitting: slot * Double(every)))
                body.append(SVGDocument.text(label, x: plot.left + slot * (Double(index) + 0.5), y: plot.bottom + 16, anchor: "middle", cssClass: "muted small"))
            }
        }
        if average > 0 {
            body.append(SVGDocument.line(x1: plot.left, y1: plot.y(average), x2: plot.right, y2: plot.y(average), cssClass: "avg"))
            // Labelled as a legend entry above the plot, right-aligned in the title's row: on the
            // line itself the label would sit over whichever bars reach the average.
            let text = SVGText.label(words.average, cells: 20) + " " + ChartMath.oneDecimal(average)
            body.append(SVGDocument.line(x1: plot.right - averageLegendWidth, y1: 20, x2: plot.right - averageLegendWidth + 24, y2: 20,
                                         cssClass: "avg"))
            body.append(SVGDocument.text(text, x: plot.right, y: 24, anchor: "end", cssClass: "avgtext small"))
        }
        if !members.isEmpty { body += legend([words.done] + members.map(\.name), plot: plot, y: height - 14) }
        document.body = body
        return document.rendered()
    }

    /// The members drawn, each with one value per period; beyond `memberLimit` the rest are summed.
    static func shownMembers(_ series: VelocitySeries, others: String) -> [(name: String, values: [Int])] {
        let values = { (index: Int) in series.periods.map { ChartMath.clamp(series.value(of: $0, member: index)) } }
        guard series.members.count > memberLimit else { return series.members.indices.map { (series.members[$0], values($0)) } }
        var shown = (0 ..< memberLimit - 1).map { (series.members[$0], values($0)) }
        let rest = (memberLimit - 1 ..< series.members.count).map(values)
        let sums = series.periods.indices.map { period in rest.reduce(0) { ChartMath.clamp($0 + $1[period]) } }
        shown.append((others, sums))
        return shown
    }

    /// A row of colour swatches and names, one equal slot each across the plot's width.
    static func legend(_ names: [String], plot: SVGPlot, y: Double) -> [String] {
        let slot = plot.width / Double(max(1, names.count))
        return names.enumerated().flatMap { index, name in
            let x = plot.left + slot * Double(index)
            return [SVGDocument.rect(x: x, y: y - 9, width: 10, height: 10, fill: SVGDocument.palette[index % SVGDocument.palette.count]),
                    SVGDocument.text(SVGText.label(name, cells: SVGPlot.cells(fitting: slot - 18)), x: x + 14, y: y, cssClass: "small")]
        }
    }

    private static func velocityDescription(_ series: VelocitySeries, words: ChartLabels) -> String {
        let periods = series.periods.map { period -> String in
            let members = series.members.indices.map { "\(series.members[$0]) \(ChartMath.clamp(series.value(of: period, member: $0)))" }
            return "\(period.label): \(ChartMath.clamp(period.done))" + (members.isEmpty ? "" : " (\(members.joined(separator: ", ")))")
        }
        let body = periods.isEmpty ? words.noData : periods.joined(separator: "; ")
        return "\(words.velocityTitle). \(body). \(words.average) \(ChartMath.oneDecimal(ChartMath.clamp(series.average)))."
    }
}
