import TeamflowCore

/// Heading levels of user Markdown placed under a page's own headings: a journal entry's
/// `## Step 1` must sit below the entry's heading, not beside it.
enum HeadingLevels {
    /// `text` with its ATX headings (outside code blocks) shifted down so the highest one is at
    /// `level`; deeper ones keep their distance, capped at 6. Text without headings, or whose
    /// headings are already at `level` or below, is returned as it is.
    static func demote(_ text: String, toAtLeast level: Int) -> String {
        let lines = Markdown.lines(text)
        var fence = Markdown.FenceTracker()
        var headings: [(index: Int, level: Int)] = []
        for (index, line) in lines.enumerated() {
            guard !fence.feed(line), let heading = Markdown.heading(line) else { continue }
            headings.append((index, heading.level))
        }
        guard let top = headings.map(\.level).min(), top < level else { return text }
        let shift = level - top
        var out = lines.map(String.init)
        for heading in headings {
            let line = lines[heading.index]
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count).dropFirst(heading.level)
            out[heading.index] = String(indent) + String(repeating: "#", count: min(6, heading.level + shift)) + String(rest)
        }
        return out.joined(separator: "\n")
    }

    /// `body` without a first heading that only repeats the page's title (a page imported from
    /// a wiki often starts with its own title); blank lines after it go too.
    static func droppingRepeatedTitle(_ body: String, title: String) -> String {
        let lines = Markdown.lines(body)
        let blank: (Substring) -> Bool = { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        guard let first = lines.firstIndex(where: { !blank($0) }),
              let heading = Markdown.heading(lines[first]),
              Lookup.normalize(heading.text) == Lookup.normalize(title) else { return body }
        let rest = lines[(first + 1)...].drop(while: blank)
        return rest.map(String.init).joined(separator: "\n")
    }
}
