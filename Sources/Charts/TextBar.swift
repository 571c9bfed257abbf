/// One horizontal bar of a text chart: filled cells in eighths (`▏▎▍▌▋▊▉█`), an optional marker
/// cell (the average or the ideal), and ANSI colour around runs when asked.
struct TextBar {
    /// The eighths of a cell, from none to seven.
    private static let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A marker carries its own colour code, or nil for the one `rendered` is given.
    private enum Kind: Equatable { case fill, empty, marker(String?) }

    private var cells: [(text: String, kind: Kind)]

    /// A bar `value / maximum` of `width` cells long; a value above 0 shows at least an eighth.
    init(value: Double, maximum: Double, width: Int) {
        let width = max(1, width)
        var eighths = 0
        if maximum > 0 {
            eighths = ChartMath.int((value / maximum * Double(width) * 8).rounded(), in: 0...(width * 8))
            if eighths == 0, value > 0 { eighths = 1 }
        }
        cells = Array(repeating: ("█", .fill), count: eighths / 8)
        if eighths % 8 > 0 { cells.append((Self.partials[eighths % 8], .fill)) }
        cells += Array(repeating: (" ", .empty), count: width - cells.count)
    }

    /// The cell where a bar of `value` would end (0 for 0), for a marker at that value.
    static func markerIndex(value: Double, maximum: Double, width: Int) -> Int {
        guard maximum > 0 else { return 0 }
        return max(0, ChartMath.int((value / maximum * Double(width)).rounded(.up), in: 0...width) - 1)
    }

    /// Puts `marker` at cell `index`; over a filled cell only when `overFill` is true; `code`
    /// colours this marker instead of `rendered`'s marker colour.
    mutating func mark(_ marker: String, at index: Int, overFill: Bool, code: String? = nil) {
        guard index >= 0, index < cells.count, overFill || cells[index].kind != .fill else { return }
        cells[index] = (marker, .marker(code))
    }

    /// The bar as text; with colours, fills and markers are wrapped in SGR codes.
    func rendered(color: Bool, fill: String, marker: String = "33") -> String {
        var result = ""
        var index = 0
        while index < cells.count {
            let kind = cells[index].kind
            var run = ""
            while index < cells.count, cells[index].kind == kind {
                run += cells[index].text
                index += 1
            }
            let code: String?
            switch kind {
            case .fill: code = fill
            case .empty: code = nil
            case .marker(let own): code = own ?? marker
            }
            if color, let code { result += "\u{1B}[\(code)m\(run)\u{1B}[0m" } else { result += run }
        }
        return result
    }
}
