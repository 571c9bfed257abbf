/// Text for a terminal: labels are user text, so control and bidi characters are escaped before
/// printing, and columns are measured in display cells (East Asian Wide and emoji take two).
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1), bidi control and line separator written as
    /// a visible `\u{XX}` escape, so a label cannot move the cursor, recolour or reorder the screen.
    public static func sanitized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result.append(contentsOf: "\\u{\(hex(scalar.value))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The number of terminal cells `text` takes (after sanitising; wide and emoji characters = 2).
    public static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `limit` cells, ending in `…` when something was cut.
    public static func truncated(_ text: String, to limit: Int) -> String {
        guard width(text) > limit else { return text }
        guard limit > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let cells = width(of: character)
            if used + cells > limit - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `cells` cells.
    static func padRight(_ text: String, to cells: Int) -> String {
        text + String(repeating: " ", count: max(0, cells - width(text)))
    }

    /// Spaces then `text`, up to `cells` cells (numbers line up on the right).
    static func padLeft(_ text: String, to cells: Int) -> String {
        String(repeating: " ", count: max(0, cells - width(text))) + text
    }

    /// Cells of one grapheme cluster: 2 for emoji presentation and East Asian Wide/Fullwidth
    /// bases, 0 for a cluster of only combining or format characters, otherwise 1.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if isWide(first.value) { return 2 }
        return isZeroWidth(first) ? 0 : 1
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0x1160...0x11FF).contains(scalar.value) // Hangul medial vowels and final consonants
        }
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15 EastAsianWidth.txt, W and F, condensed).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
