/// The plot area of an SVG chart and its value axis: maps counts to y, draws grid lines with
/// their numbers, and spaces labels along x so they never overlap.
struct SVGPlot {
    let left: Double
    let right: Double
    let top: Double
    let bottom: Double
    /// The value at the top of the axis (a multiple of `step`, at least 1).
    let axisTop: Int
    let step: Int

    /// A plot inside a chart of `width` × `height` whose values reach `maximum`.
    init(width: Double, height: Double, maximum: Int, bottomMargin: Double) {
        left = 48
        right = width - 24
        top = 44
        bottom = height - bottomMargin
        step = ChartMath.niceStep(maximum: maximum, ticks: 4)
        axisTop = ChartMath.axisTop(maximum: maximum, step: step)
    }

    var width: Double { right - left }

    /// The y of `value` (clamped to the axis).
    func y(_ value: Double) -> Double {
        bottom - min(ChartMath.clamp(value), Double(axisTop)) / Double(axisTop) * (bottom - top)
    }

    /// Grid lines and numbers at every step, and the baseline.
    func axis() -> [String] {
        var elements: [String] = []
        var tick = 0
        while tick <= axisTop {
            let y = self.y(Double(tick))
            elements.append(SVGDocument.line(x1: left, y1: y, x2: right, y2: y, cssClass: tick == 0 ? "axis" : "grid"))
            elements.append(SVGDocument.text(String(tick), x: left - 6, y: y + 4, anchor: "end", cssClass: "muted small"))
            tick += step
        }
        return elements
    }

    /// Every how many slots a label fits, for labels about `labelPixels` wide in slots of `slot`.
    static func labelStride(slot: Double, labelPixels: Double) -> Int {
        guard slot > 0 else { return 1 }
        return max(1, ChartMath.int((labelPixels / slot).rounded(.up), in: 1...1_000_000))
    }

    /// Display cells of a label that fit in `pixels` (about 6.5 px per cell at 11-12 px).
    static func cells(fitting pixels: Double) -> Int {
        max(3, min(16, ChartMath.int(pixels / 6.5, in: 0...16) - 1))
    }
}
