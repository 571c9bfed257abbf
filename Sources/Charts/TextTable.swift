/// An aligned table for plain mode: the first column on the left, the others on the right,
/// two spaces between, measured in display cells, no trailing spaces.
struct TextTable {
    var rows: [[String]] = []

    func rendered() -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalText.width(cell)) }
        }
        return rows.map { row in
            let cells = row.enumerated().map { index, cell in
                index == 0 ? TerminalText.padRight(cell, to: widths[index]) : TerminalText.padLeft(cell, to: widths[index])
            }
            return trimmingTrailingSpaces(cells.joined(separator: "  ")) + "\n"
        }.joined()
    }

    private func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
