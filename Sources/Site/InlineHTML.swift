/// Inline Markdown of one line: code spans, `**strong**`, `*em*`/`_em_`, `[links](url)` and
/// backslash escapes. A construct is rendered only when it is closed on the line, so every tag
/// written is closed; anything else is escaped text.
enum InlineHTML {
    /// Lines longer than this are shown as plain text: the scans below are quadratic at worst.
    static let longestMarkedUpLine = 10_000

    static func render(_ line: String) -> String {
        let chars = Array(line)
        return chars.count > longestMarkedUpLine ? HTML.text(line) : render(chars, allowLinks: true)
    }

    static func render(_ chars: [Character], allowLinks: Bool) -> String {
        var out = ""
        var index = 0
        while index < chars.count {
            let char = chars[index]
            if char == "\\", index + 1 < chars.count, chars[index + 1].isASCII, chars[index + 1].isPunctuation || chars[index + 1].isSymbol {
                out += HTML.text(String(chars[index + 1]))
                index += 2
                continue
            }
            if char == "`", let code = closingCode(chars, from: index) {
                let (end, run) = code
                let inner = String(chars[(index + run)..<end]).siteTrimmed()
                out += "<code>\(HTML.text(inner))</code>"
                index = end + run
                continue
            }
            if allowLinks, char == "[", let link = self.link(chars, from: index) {
                let text = render(Array(chars[(index + 1)..<link.textEnd]), allowLinks: false)
                if let url = HTML.safeURL(link.url) {
                    out += "<a href=\"\(HTML.attribute(url))\">\(text)</a>"
                } else {
                    out += text
                }
                index = link.end
                continue
            }
            if char == "*", index + 1 < chars.count, chars[index + 1] == "*",
               let end = find(["*", "*"], in: chars, from: index + 2), end > index + 2 {
                out += "<strong>" + render(Array(chars[(index + 2)..<end]), allowLinks: allowLinks) + "</strong>"
                index = end + 2
                continue
            }
            if (char == "*" || char == "_"), opensEmphasis(chars, at: index),
               let end = closingEmphasis(chars, marker: char, from: index + 1) {
                out += "<em>" + render(Array(chars[(index + 1)..<end]), allowLinks: allowLinks) + "</em>"
                index = end + 1
                continue
            }
            out += HTML.text(String(char))
            index += 1
        }
        return out
    }

    /// The index where a code span opened at `start` closes, and the length of its backtick run.
    private static func closingCode(_ chars: [Character], from start: Int) -> (Int, Int)? {
        var run = 0
        while start + run < chars.count, chars[start + run] == "`" { run += 1 }
        var index = start + run
        while index < chars.count {
            if chars[index] == "`" {
                var length = 0
                while index + length < chars.count, chars[index + length] == "`" { length += 1 }
                if length == run { return (index, run) }
                index += length
            } else {
                index += 1
            }
        }
        return nil
    }

    /// `[text](url)` starting at `start`: where the text ends, the url and the index after `)`.
    private static func link(_ chars: [Character], from start: Int) -> (textEnd: Int, url: String, end: Int)? {
        var depth = 0
        var index = start
        var textEnd: Int?
        while index < chars.count {
            let char = chars[index]
            if char == "\\" { index += 2; continue }
            if char == "[" { depth += 1 }
            if char == "]" {
                depth -= 1
                if depth == 0 { textEnd = index; break }
            }
            index += 1
        }
        guard let textEnd, textEnd + 1 < chars.count, chars[textEnd + 1] == "(" else { return nil }
        // The closing parenthesis, counting nested pairs (`javascript:alert(1)` stays whole).
        var close: Int?
        var open = 0
        for position in (textEnd + 2)..<chars.count {
            if chars[position] == "(" { open += 1 }
            if chars[position] == ")" {
                if open == 0 { close = position; break }
                open -= 1
            }
        }
        guard let close else { return nil }
        var url = String(chars[(textEnd + 2)..<close]).siteTrimmed()
        // `[t](url "title")`: the title is dropped.
        if let space = url.firstIndex(of: " ") { url = String(url[..<space]) }
        if url.hasPrefix("<") && url.hasSuffix(">") && url.count >= 2 { url = String(url.dropFirst().dropLast()) }
        return (textEnd, url, close + 1)
    }

    private static func find(_ pattern: [Character], in chars: [Character], from start: Int) -> Int? {
        guard chars.count >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= chars.count {
            if chars[index] == "\\" { index += 2; continue }
            if Array(chars[index..<(index + pattern.count)]) == pattern { return index }
            index += 1
        }
        return nil
    }

    /// An emphasis marker opens when followed by a non-space, and `_` only at a word's start.
    private static func opensEmphasis(_ chars: [Character], at index: Int) -> Bool {
        guard index + 1 < chars.count, chars[index + 1] != " ", chars[index + 1] != chars[index] else { return false }
        if chars[index] == "_", index > 0, chars[index - 1].isLetter || chars[index - 1].isNumber { return false }
        return true
    }

    private static func closingEmphasis(_ chars: [Character], marker: Character, from start: Int) -> Int? {
        var index = start
        while index < chars.count {
            if chars[index] == "\\" { index += 2; continue }
            if chars[index] == marker, index > start, chars[index - 1] != " " {
                let next = index + 1 < chars.count ? chars[index + 1] : " "
                if marker == "*" && next == "*" { index += 2; continue }
                if marker == "_" && (next.isLetter || next.isNumber) { index += 1; continue }
                return index
            }
            index += 1
        }
        return nil
    }
}
