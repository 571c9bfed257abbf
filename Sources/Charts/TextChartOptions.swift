/// How `TextChart` draws: width, colour and bars or plain numbers. The caller decides colour
/// (teamflow's command line: as `--color` says, by default only on a terminal and never with
/// `NO_COLOR`) and plain mode (when the output is piped).
public struct TextChartOptions: Equatable, Sendable {
    /// Bars of Unicode blocks, or an aligned table of numbers for scripts and pipes.
    public enum Style: Equatable, Sendable {
        /// Horizontal bars in eighths of a cell, with the numbers on the right.
        case bars
        /// Only the numbers, in aligned columns with a header row.
        case plain
    }

    /// Terminal columns to fill (clamped to 40...400).
    public var width: Int
    /// Whether to use ANSI colours for the bars and markers.
    public var color: Bool
    /// Bars or plain numbers.
    public var style: Style
    /// Whether the velocity chart shows a row per member under each period.
    public var showMembers: Bool
    /// The words around the data.
    public var labels: ChartLabels

    /// Options; the defaults suit an 80-column terminal without colour.
    public init(width: Int = 80, color: Bool = false, style: Style = .bars, showMembers: Bool = true,
                labels: ChartLabels = .english) {
        self.width = width
        self.color = color
        self.style = style
        self.showMembers = showMembers
        self.labels = labels
    }

    /// `width` within the supported range.
    var columns: Int { min(max(width, 40), 400) }
}
