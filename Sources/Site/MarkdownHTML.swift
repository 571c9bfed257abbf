/// A small, safe Markdown-to-HTML renderer for bodies users wrote (wiki pages, journal entries,
/// review sections, comments): headings, lists (nested, with task checkboxes), fenced code,
/// paragraphs, rules, inline code, emphasis and links. Everything else is shown as text; no raw
/// HTML passes through, and links keep only `http`, `https` and relative targets.
///
/// The output is always well-formed: every element opened is closed, whatever the input.
enum MarkdownHTML {
    /// `body` as HTML; headings are shifted down by `headingShift` (the page has its own `<h1>`).
    static func render(_ body: String, headingShift: Int = 1) -> String {
        var renderer = BlockRenderer(headingShift: headingShift)
        for line in lines(body) { renderer.feed(line) }
        return renderer.finish()
    }

    /// Lines without their terminators (`\n`, `\r\n` or `\r`); tabs count as four spaces.
    static func lines(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR { afterCR = false; continue }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                out.append(current)
                current = ""
            } else if scalar == "\t" {
                current += "    "
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}

/// The block structure, one line at a time.
struct BlockRenderer {
    let headingShift: Int
    private var html = ""
    private var paragraph: [String] = []
    /// Open lists, outermost first: the tag and the item's indent.
    private var lists: [(tag: String, indent: Int)] = []
    /// Inside a fenced code block: its marker (```` ``` ```` or `~~~`, at least three).
    private var fence: String?
    private var code: [String] = []

    init(headingShift: Int) { self.headingShift = headingShift }

    mutating func feed(_ line: String) {
        if let marker = fence {
            if line.siteTrimmed().hasPrefix(marker) && line.siteTrimmed().allSatisfy({ $0 == marker.first }) {
                closeCode()
            } else {
                code.append(line)
            }
            return
        }
        let indent = line.prefix { $0 == " " }.count
        let trimmed = line.siteTrimmed()
        if trimmed.isEmpty { return endBlocks() }
        if let opener = Self.fenceOpener(trimmed) {
            endBlocks()
            fence = opener.marker
            let language = opener.info.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "+") }
            html += language.isEmpty ? "<pre><code>" : "<pre><code class=\"language-\(language)\">"
            return
        }
        if let heading = Self.heading(trimmed), indent < 4 {
            let (level, text) = heading
            endBlocks()
            let tag = "h\(min(6, max(1, level + headingShift)))"
            html += "<\(tag)>\(InlineHTML.render(text))</\(tag)>\n"
            return
        }
        if indent < 4, Self.isRule(trimmed) {
            endBlocks()
            html += "<hr>\n"
            return
        }
        if let item = ListItem(trimmed) {
            endParagraph()
            openItem(item, indent: indent)
            return
        }
        if !lists.isEmpty && paragraph.isEmpty && indent > 0 {
            // A continuation line of the open item.
            html += " " + InlineHTML.render(trimmed)
            return
        }
        closeLists(above: -1)
        paragraph.append(trimmed)
    }

    mutating func finish() -> String {
        if fence != nil { closeCode() }
        endBlocks()
        return html
    }

    private mutating func openItem(_ item: ListItem, indent: Int) {
        closeLists(above: indent)
        if let last = lists.last, last.indent == indent {
            if last.tag == item.tag {
                html += "</li>\n"
            } else {
                html += "</li></\(last.tag)>\n"
                lists.removeLast()
            }
        }
        if lists.last.map({ $0.indent < indent }) ?? true {
            html += "<\(item.tag)>\n"
            lists.append((item.tag, indent))
        }
        html += "<li>"
        if let checked = item.checked {
            html += checked ? "<input type=\"checkbox\" disabled checked> " : "<input type=\"checkbox\" disabled> "
        }
        html += InlineHTML.render(item.text)
    }

    /// Closes every list nested deeper than `indent` (all of them for -1).
    private mutating func closeLists(above indent: Int) {
        while let last = lists.last, last.indent > indent {
            html += "</li></\(last.tag)>\n"
            lists.removeLast()
        }
    }

    private mutating func endParagraph() {
        guard !paragraph.isEmpty else { return }
        html += "<p>" + paragraph.map { InlineHTML.render($0) }.joined(separator: "<br>\n") + "</p>\n"
        paragraph = []
    }

    private mutating func endBlocks() {
        endParagraph()
        closeLists(above: -1)
    }

    private mutating func closeCode() {
        html += code.map(HTML.text).joined(separator: "\n") + "</code></pre>\n"
        code = []
        fence = nil
    }

    static func fenceOpener(_ trimmed: String) -> (marker: String, info: String)? {
        guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let run = trimmed.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        let info = trimmed.dropFirst(run.count).siteTrimmed()
        if first == "`" && info.contains("`") { return nil }
        return (String(run), info)
    }

    static func heading(_ trimmed: String) -> (Int, String)? {
        let hashes = trimmed.prefix { $0 == "#" }.count
        guard hashes >= 1, hashes <= 6 else { return nil }
        let rest = trimmed.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        var text = rest.siteTrimmed()
        while text.hasSuffix("#") { text.removeLast() }
        return (hashes, text.siteTrimmed())
    }

    static func isRule(_ trimmed: String) -> Bool {
        let marks = trimmed.filter { $0 != " " }
        guard marks.count >= 3, let first = marks.first, first == "-" || first == "*" || first == "_" else { return false }
        return marks.allSatisfy { $0 == first }
    }
}

/// One list item line: `- text`, `* text`, `+ text` or `1. text` / `1) text`, maybe a task.
struct ListItem {
    var tag: String
    var text: String
    var checked: Bool?

    init?(_ trimmed: String) {
        var rest: Substring
        if let first = trimmed.first, first == "-" || first == "*" || first == "+", trimmed.dropFirst().first == " " {
            tag = "ul"
            rest = trimmed.dropFirst(2)
        } else {
            let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
            let after = trimmed.dropFirst(digits.count)
            guard (1...9).contains(digits.count), let mark = after.first, mark == "." || mark == ")",
                  after.dropFirst().first == " " else { return nil }
            tag = "ol"
            rest = after.dropFirst(2)
        }
        checked = nil
        if rest.hasPrefix("[ ] ") || rest == "[ ]" {
            checked = false
            rest = rest.dropFirst(3)
        } else if rest.hasPrefix("[x] ") || rest.hasPrefix("[X] ") || rest == "[x]" || rest == "[X]" {
            checked = true
            rest = rest.dropFirst(3)
        }
        text = String(rest).siteTrimmed()
    }
}
