// Escaping for roff text, so help strings holding backslashes, leading dots, dashes or
// non-ASCII text (Korean examples, emoji) render exactly under `man` and `groff -ww`.

enum Roff {
    /// Text safe inside a roff line: `\` as `\e`, `-` as `\-` (a real hyphen-minus, so options
    /// can be copied), and every non-ASCII scalar as `\[uXXXX]`, as `preconv` would write it,
    /// so the page does not depend on groff's input encoding. Control characters become spaces.
    /// After `,` or `/` inside a word, `\:` lets the line break there (hyphenation is off, and
    /// `number,title,body,...` is longer than a line).
    static func escape(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if index > 0, scalars[index - 1] == "," || scalars[index - 1] == "/", scalar != " " { out += "\\:" }
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
            case _ where scalar.value < 0x80: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// An escaped text line: a line starting with `.` or `'` would be read as a request.
    static func text(_ text: String) -> String { line(escape(text)) }

    /// Guards an already escaped line against being read as a request.
    static func line(_ escaped: String) -> String {
        escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// A macro argument in double quotes (a quote inside is written `\(dq`).
    static func quoted(_ text: String) -> String {
        "\"" + escape(text).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\(dq") + "\""
    }
}
