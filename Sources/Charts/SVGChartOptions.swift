/// How `SVGChart` draws: the words around the data, the size and the id prefix.
public struct SVGChartOptions: Equatable, Sendable {
    /// The words around the data (titles, legend, "no data").
    public var labels: ChartLabels
    /// Width in pixels (clamped to 240...2000).
    public var width: Int
    /// Height in pixels (clamped to 160...1200).
    public var height: Int
    /// Prefix of the element ids (`<prefix>-title`, `<prefix>-desc`), so several charts inlined
    /// in one HTML page keep unique ids; reduced to ASCII letters, digits, `-` and `_`.
    public var idPrefix: String?

    /// Options; the defaults give a 640 × 320 chart with English words.
    public init(labels: ChartLabels = .english, width: Int = 640, height: Int = 320, idPrefix: String? = nil) {
        self.labels = labels
        self.width = width
        self.height = height
        self.idPrefix = idPrefix
    }

    var clampedWidth: Double { Double(min(max(width, 240), 2000)) }
    var clampedHeight: Double { Double(min(max(height, 160), 1200)) }
}
