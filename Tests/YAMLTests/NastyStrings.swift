/// Strings that trip up YAML writers, plus a seeded generator of random ones.
enum NastyStrings {
    static let fixed: [String] = [
        "", " ", "  ", " leading", "trailing ", " both ", "\t", "tab\tinside", "\ttab-first",
        "한국어", "안녕하세요, 세계", "😀", "emoji 👩‍👩‍👧 family", "🇰🇷", "é", "e\u{301}", "'\u{301}",
        "a: b", "a:b", "a:", ":a", "a #b", "a#b", "#comment", "- item", "-", "--", "---", "...", "--- x",
        "? q", "?", "[x]", "{x}", "x, y", "&anchor", "*alias", "!tag", "|", ">", "%TAG", "@at", "`tick`",
        "'", "''", "\"", "it's", "say \"hi\"", "back\\slash", "\\",
        "yes", "Yes", "YES", "no", "No", "on", "On", "off", "OFF", "y", "Y", "n", "N",
        "true", "True", "TRUE", "false", "False", "null", "Null", "NULL", "~", "<<", "=",
        "0", "1", "-1", "+1", "007", "0o17", "0x1F", "0b101", "1_000", "1.5", ".5", "1.", "1e5", "1E-5",
        "+.inf", ".inf", "-.inf", ".Inf", ".nan", ".NaN", "._", "1:20", "190:20:30", "-1:20",
        "2024-11-18", "2024-11-18T10:00:00+09:00", "2024-11-18 10:00:00", "2024-W47",
        "2001-12-14t21:59:43.10-05:00", "2002-12-14", "12:30:00", "1.2.3", "1e", "0xZZ", "0b2", "01J9Z",
        "10 apples", "3 a", "1 : 2", "1_000_000.5", "0.", "00", "-0", "+0", "190:20:30.15", "6.8523015e+5",
        "line1\nline2", "line1\nline2\n", "line1\nline2\n\n", "\nleading newline", "trailing newline\n",
        "\n", "\n\n", "a\n b", " a\nb", "a \nb", "a\n\n\nb", "a\r\nb", "\r", "cr\rinside",
        "nul\u{0}", "bell\u{7}", "esc\u{1B}[0m", "del\u{7F}", "c1\u{80}\u{9F}", "nel\u{85}x", "ls\u{2028}x",
        "ps\u{2029}x", "\u{FEFF}bom", "mid\u{FEFF}bom", "nbsp\u{A0}", "\u{A0}", "\u{FFFE}", "\u{FFFF}",
        "\u{E000}private", "\u{10FFFF}", "zero\u{200B}width", "rtl \u{202E}abc",
        String(repeating: "long ", count: 300), String(repeating: "k", count: 1100),
        "multi\nline with: colon\n# hash\n- dash\n", "  indented\n  block\n",
    ]

    /// SplitMix64: deterministic and tiny.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    private static let tokens = [
        ": ", " #", "- ", "---", "...", "yes", "no", "null", "~", "1:20", "0x", "'", "\"", "\\", "\n", "\n\n",
        " ", "  ", "\t", "\r", "2024-11-18", "1.5", "true", "&", "*", "!", "|", ">", "?", "{", "]", ",",
    ]

    private static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x61...0x7A, 0x00...0x1F, 0x7F...0xA0, 0xAC00...0xD7A3,
        0x1F300...0x1FAFF, 0x300...0x36F, 0x2000...0x206F, 0xFEFF...0xFEFF, 0xFFF0...0xFFFF, 0x10000...0x10FFFF,
    ]

    static func random(count: Int, seed: UInt64) -> [String] {
        var g = Generator(state: seed)
        return (0..<count).map { _ in
            var s = ""
            for _ in 0..<g.below(12) {
                if g.below(4) == 0 {
                    s += tokens[g.below(tokens.count)]
                } else {
                    let range = ranges[g.below(ranges.count)]
                    let value = range.lowerBound + UInt32(g.below(Int(range.upperBound - range.lowerBound) + 1))
                    if let u = Unicode.Scalar(value) { s.unicodeScalars.append(u) }
                }
            }
            return s
        }
    }
}
