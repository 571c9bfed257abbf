/// Text and numbers inside an SVG document: XML-escaped, without characters XML forbids or that
/// reorder text, and coordinates with one fixed decimal (no locale, byte-identical output).
enum SVGText {
    /// `text` escaped for XML content and attribute values (`&<>"'`), with control characters
    /// (C0, DEL, C1), bidi controls, U+FFFE/U+FFFF removed and line breaks turned into spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: result += " "
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: continue
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            case 0x26: result += "&amp;"
            case 0x3C: result += "&lt;"
            case 0x3E: result += "&gt;"
            case 0x22: result += "&quot;"
            case 0x27: result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A label cut to `cells` display cells (roughly its width in em halves), then escaped.
    static func label(_ text: String, cells: Int) -> String {
        escaped(TerminalText.truncated(plain(text), to: cells))
    }

    /// `text` with the removed characters gone but not yet escaped (for measuring).
    static func plain(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// A coordinate or length with one decimal.
    static func number(_ value: Double) -> String { ChartMath.oneDecimal(value) }

    /// An `id` made only of ASCII letters, digits, `-` and `_`, starting with a letter.
    static func identifier(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        let id = String(String.UnicodeScalarView(kept.prefix(40)))
        return id.first?.isLetter == true ? id : "chart" + id
    }
}
