/// Picks an output style for a string so that it reads back as the identical string in
/// our parser (YAML 1.2 core) and in YAML 1.1 readers such as PyYAML's `safe_load`.
///
/// The rules are deliberately conservative: plain only for text no reader could take
/// for anything else; literal blocks only for clean multi-line text; single quotes
/// when no escape is needed; double quotes (with escapes) for everything else.
enum ScalarStyleChooser {
    enum Choice: Equatable {
        case plain, singleQuoted, doubleQuoted
        /// Literal block with the chomping indicator to write (`""`, `"-"` or `"+"`).
        case literal(chomping: String)
    }

    static func choose(_ text: String, isKey: Bool) -> Choice {
        var hasBreak = false
        var needsEscape = false
        for u in text.unicodeScalars {
            if u == "\n" { hasBreak = true } else if !isPrintable(u) || u == "\t" { needsEscape = true }
        }
        if needsEscape { return .doubleQuoted }
        if hasBreak {
            if !isKey, let chomping = literalChomping(text) { return .literal(chomping: chomping) }
            return .doubleQuoted
        }
        return isPlainSafe(text) ? .plain : .singleQuoted
    }

    /// YAML printable minus the characters some reader treats as a break or a BOM.
    /// Tabs count as printable here; callers decide about them.
    static func isPrintable(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09, 0x0A, 0x20...0x7E: return true
        case 0x2028, 0x2029: return false  // LS and PS are line breaks to YAML readers
        case 0xA0...0xD7FF: return true
        case 0xE000...0xFFFD: return u.value != 0xFEFF
        case 0x10000...0x10FFFF: return true
        default: return false  // C0/C1 controls, DEL, NEL, \r, U+FFFE/FFFF
        }
    }

    /// Literal block (`|`) is safe when every line round-trips verbatim: no tabs or
    /// trailing spaces, no leading space on the first non-empty line, and some visible content.
    /// Returns the chomping indicator, or nil when literal style is unsafe. `text` holds no
    /// `\r` (`choose` sends such text to double quotes), so lines end at each `\n` scalar.
    static func literalChomping(_ text: String) -> String? {
        // Readers take the indentation from the first non-empty line, so it must not
        // start with a space (that would need an indentation indicator).
        var hasContent = false
        var last: Unicode.Scalar? = nil // the current line's last scalar so far
        // Scalar-wise: a space followed by a combining mark is one Character.
        for u in text.unicodeScalars {
            if u == "\n" {
                if last == " " { return nil }
                last = nil
                continue
            }
            if u == "\t" { return nil }
            if !hasContent, last == nil {
                if u == " " { return nil }
                hasContent = true
            }
            last = u
        }
        if last == " " { return nil }
        guard hasContent else { return nil }
        if !text.hasSuffix("\n") { return "-" }
        return text.hasSuffix("\n\n") ? "+" : ""
    }

    /// Words that YAML 1.1 or 1.2 resolve to bool or null (compared lowercased), plus
    /// the 1.1 merge and value keys.
    private static let specialWords: Set<String> = [
        "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", "<<", "=",
    ]

    /// Characters that may not start a plain scalar (or are reserved). A switch, not a set:
    /// this runs for every string an event file holds, and hashing was most of its cost.
    static func isIndicator(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`": return true
        default: return false
        }
    }

    /// Every character any YAML 1.1/1.2 int, float, sexagesimal or timestamp can contain:
    /// digits, signs, `._:`, exponent `e`, radix prefixes `x o b`, hex digits, `T`/`Z`
    /// and the space or tab of a spaced timestamp.
    static func isNumericish(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "0"..."9", "a"..."f", "A"..."F", "+", "-", ".", "_", ":", " ", "\t", "o", "O", "x", "X", "t", "T", "z", "Z": return true
        default: return false
        }
    }

    static func isPlainSafe(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return false }
        if first == " " || last == " " || last == ":" || isIndicator(first) { return false }
        // Numbers, dates, timestamps and sexagesimals all start with a digit (or sign/dot)
        // and use only `numericish` characters; one other character makes it text (`01J9Z`).
        if ("0"..."9").contains(first), scalars.allSatisfy(isNumericish) { return false }
        if first == "+" || first == "." {
            let second = scalars.dropFirst().first
            if let second, ("0"..."9").contains(second) || second == "." || second == "_" { return false }
            let lower = text.lowercased()
            if lower == ".inf" || lower == ".nan" || lower == "+.inf" { return false }
        }
        if text.utf8.count <= 5, specialWords.contains(text.lowercased()) { return false }
        var previous: Unicode.Scalar = " "
        for u in scalars {
            if u == "\t" || u == "\n" || !isPrintable(u) { return false }
            if u == "#", previous == " " { return false }
            if previous == ":", u == " " { return false }
            previous = u
        }
        return true
    }
}
