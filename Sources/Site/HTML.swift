/// Making text safe in HTML: every piece of user text goes through `text` or `attribute`, so a
/// title holding `<script>`, quotes or control characters is shown, never interpreted.
enum HTML {
    /// Text content: `&<>"'` escaped, characters HTML forbids or that could spoof the page
    /// replaced (see `isUnsafe`). Line breaks are kept (a `<pre>` needs them).
    static func text(_ text: String) -> String {
        // Most text needs nothing done: one read-only pass, and the string itself is returned
        // (a page of thousands of lines spent most of its escaping time appending scalar by scalar).
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\r": out += "\n"
            case "\n" where afterCR: continue
            default: out.unicodeScalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// One line of text: line breaks become spaces (a title must not break its heading).
    static func line(_ text: String) -> String {
        HTML.text(text).replacingNewlines()
    }

    /// An attribute value (always written between double quotes): as `line`.
    static func attribute(_ text: String) -> String { line(text) }

    /// Whether `text` changes `scalar`: an escaped character, a carriage return or an unsafe one.
    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'", "\r": return true
        default: return isUnsafe(scalar)
        }
    }

    /// Control characters (but tab and line feed), DEL, C1, noncharacters (HTML parsers
    /// report them as errors) and bidi embedding, override and isolate controls (they can make
    /// a title read as something else).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A }
        if value >= 0x7F && value <= 0x9F { return true }
        if value >= 0xFDD0 && value <= 0xFDEF { return true }
        if value & 0xFFFE == 0xFFFE { return true }
        return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
    }

    /// A link target written by a user: kept only when it is `http`, `https`, or relative
    /// (no scheme at all), so `javascript:` or `data:` never become links.
    static func safeURL(_ url: String) -> String? {
        let trimmed = url.siteTrimmed()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || isUnsafe($0) || $0 == "\\" }) else {
            return nil
        }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return trimmed }
        // No scheme: no `:` before the first `/`, `?` or `#`; and not protocol-relative (`//host`).
        if lower.hasPrefix("//") { return nil }
        let head = lower.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return head.contains(":") ? nil : trimmed
    }
}

extension String {
    func replacingNewlines() -> String {
        // Bytes, not `contains("\n")`: Foundation's substring search costs more than the escaping
        // on a page of thousands of lines (no multi-byte UTF-8 sequence holds a 0x0A byte).
        guard utf8.contains(UInt8(ascii: "\n")) else { return self }
        return split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
    }

}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func siteTrimmed() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
