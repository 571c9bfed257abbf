/// Text bound for a terminal, made safe to print: titles, names, paths and bodies arrive from
/// teammates through sync and may hold escape sequences that retitle the window, move the
/// cursor, clear the screen or reorder a line (bidi overrides).
///
/// `sanitize` shows every such scalar as a visible escape, the way a Swift string literal writes
/// it: `\r`, `\n` (when newlines are not kept) and `\u{HEX}` for the rest, e.g. ESC as `\u{1B}`
/// and BEL as `\u{7}`. Escaped are C0 controls except tab (and newline where kept), DEL, C1
/// controls, the line and paragraph separators, the bidi embedding, override and isolate
/// controls (U+202A–U+202E, U+2066–U+2069), and the noncharacters U+FDD0–U+FDEF that `styled`
/// uses as colour markers. Everything else (Korean, emoji with their joiners and variation
/// selectors) is kept as is. A backslash is not escaped: a title may say `\u{1B}` literally.
///
/// Colour: `styled` wraps text in marker noncharacters; `render`, applied once by the output
/// writer, escapes the rest and turns the markers into SGR sequences (or drops them without
/// colour). Data cannot carry markers through `sanitize`; text that reaches `render` without it
/// can at worst switch one of the six styles below, never send any other sequence.
public enum TerminalText {
    /// The styles the CLI uses, with their SGR parameters.
    public enum Style: String, Sendable, CaseIterable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"

        /// The marker noncharacter that opens this style.
        var marker: Unicode.Scalar {
            switch self {
            case .bold: return TerminalText.marker(1)
            case .dim: return TerminalText.marker(2)
            case .red: return TerminalText.marker(3)
            case .green: return TerminalText.marker(4)
            case .yellow: return TerminalText.marker(5)
            case .cyan: return TerminalText.marker(6)
            }
        }
    }

    /// `text` with every control escaped; `\n` kept when `keepingNewlines` (multi-line bodies)
    /// and shown as `\n` otherwise (a title must not fake a second line of a board).
    public static func sanitize(_ text: String, keepingNewlines: Bool = true) -> String {
        escaping(text, keepingNewlines: keepingNewlines, markers: nil)
    }

    /// A one-line field (title, name, id, path): `sanitize` with newlines escaped too.
    public static func singleLine(_ text: String) -> String {
        sanitize(text, keepingNewlines: false)
    }

    /// `text` between the markers of `style` and the reset marker.
    public static func styled(_ text: String, _ style: Style) -> String {
        var out = String(style.marker)
        out += text
        out.unicodeScalars.append(reset)
        return out
    }

    /// What the writer prints: `sanitize` (newlines kept), with markers turned into SGR
    /// sequences when `color` is on and dropped when it is off.
    public static func render(_ text: String, color: Bool) -> String {
        escaping(text, keepingNewlines: true, markers: color ? .sgr : .drop)
    }

    /// Whether `scalar` is shown escaped (newline counted when `keepingNewlines` is false).
    public static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool = true) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x0A: return !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        case markerRange: return true
        default: return false
        }
    }

    // MARK: - Implementation

    private enum MarkerHandling { case sgr, drop }

    private static let markerRange: ClosedRange<UInt32> = 0xFDD0...0xFDEF
    private static let reset = marker(0)

    private static func marker(_ index: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(0xFDD0 + index) ?? "\u{FFFD}"
    }

    private static let sgrByMarker: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [reset: "\u{1B}[0m"]
        for style in Style.allCases { table[style.marker] = "\u{1B}[\(style.rawValue)m" }
        return table
    }()

    /// The marker text that opens `style` and the one that closes it (what `styled` puts
    /// around its text), for a writer that lays out bytes itself.
    public static func markers(_ style: Style) -> (open: String, close: String) {
        (String(style.marker), String(reset))
    }

    /// Which escaping `pieces(of:_:run:replace:)` does: `singleLine`'s, or `render`'s.
    public enum Pass: Sendable, Equatable {
        case singleLine
        case render(color: Bool)
    }

    /// Whether `pass` leaves the UTF-8 `bytes` as they are (nothing in them to escape).
    public static func isClean(_ bytes: Span<UInt8>, _ pass: Pass) -> Bool {
        nextEscape(bytes, from: 0, keepingNewlines: pass != .singleLine) == bytes.count
    }

    /// The one pass every escaping form here makes over UTF-8 `bytes`, for a writer that lays
    /// out bytes itself (a list of 10,000 tasks, with no `String` per field): `run` gets each
    /// stretch kept as it is (its byte range, in order); `replace` gets what stands in for a
    /// scalar to escape (its escape, a colour sequence, or nothing for a dropped marker) and
    /// how many bytes that scalar took. Runs and replacements together, in the order given,
    /// are `singleLine` or `render` of the text.
    public static func pieces(of bytes: Span<UInt8>, _ pass: Pass, run: (Range<Int>) -> Void, replace: (String, Int) -> Void) {
        switch pass {
        case .singleLine: scan(bytes, keepingNewlines: false, markers: nil, run: run, escaped: replace)
        case .render(let color): scan(bytes, keepingNewlines: true, markers: color ? .sgr : .drop, run: run, escaped: replace)
        }
    }

    /// Works on the UTF-8 bytes: every scalar `needsEscape` names has a short, fixed encoding
    /// (a byte below 0x20 or 0x7F; C2 80-9F; E2 80 A8-AE or E2 81 A6-A9; EF B7 90-AF), so the
    /// clean runs between them (nearly all text) are copied whole instead of scalar by scalar.
    /// Every cut falls on the first byte of a scalar, so the runs are whole scalars.
    private static func escaping(_ text: String, keepingNewlines: Bool, markers: MarkerHandling?) -> String {
        let bytes = text.utf8.span
        guard nextEscape(bytes, from: 0, keepingNewlines: keepingNewlines) < bytes.count else { return text }
        let utf8 = text.utf8
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        var start = utf8.startIndex
        scan(bytes, keepingNewlines: keepingNewlines, markers: markers) { run in
            let end = utf8.index(start, offsetBy: run.count)
            out += text[start..<end]
            start = end
        } escaped: { replacement, skipped in
            out += replacement
            start = utf8.index(start, offsetBy: skipped)
        }
        return out
    }

    /// The one pass all three forms share: `run` gets each clean stretch (its byte range), in
    /// order; `escaped` gets what replaces a scalar to escape (its escape, a colour sequence,
    /// or nothing for a dropped marker) and how many bytes that scalar took.
    @inline(__always)
    private static func scan(_ bytes: Span<UInt8>, keepingNewlines: Bool, markers: MarkerHandling?,
                             run: (Range<Int>) -> Void, escaped: (String, Int) -> Void) {
        var runStart = 0
        var at = nextEscape(bytes, from: 0, keepingNewlines: keepingNewlines)
        while at < bytes.count {
            let length = escapedLength(bytes, at, keepingNewlines: keepingNewlines)
            guard length > 0 else { at += 1; continue }
            if at > runStart { run(runStart..<at) }
            let scalar = Unicode.Scalar(scalarValue(bytes, at, length)) ?? "\u{FFFD}"
            if let markers, let sgr = sgrByMarker[scalar] {
                escaped(markers == .sgr ? sgr : "", length)
            } else {
                escaped(escape(scalar), length)
            }
            at += length
            runStart = at
            at = nextEscape(bytes, from: at, keepingNewlines: keepingNewlines)
        }
        if bytes.count > runStart { run(runStart..<bytes.count) }
    }

    /// The first position at or after `start` where a scalar to escape begins (the end when
    /// none does). Printable ASCII, nearly all text, passes one range test before the general
    /// `escapedLength` (~40 % fewer instructions a byte; a list of 10,000 tasks scans ~1 MB).
    @inline(__always)
    private static func nextEscape(_ bytes: Span<UInt8>, from start: Int, keepingNewlines: Bool) -> Int {
        var at = start
        while at < bytes.count {
            let byte = bytes[at]
            if byte >= 0x20 && byte < 0x7F { at += 1; continue }
            if escapedLength(bytes, at, keepingNewlines: keepingNewlines) != 0 { return at }
            at += 1
        }
        return at
    }

    /// How many bytes at `at` encode a scalar `needsEscape` names (0: none starts there).
    /// Only lead bytes match, so a continuation byte is never taken for a control.
    @inline(__always)
    private static func escapedLength(_ bytes: Span<UInt8>, _ at: Int, keepingNewlines: Bool) -> Int {
        let byte = bytes[at]
        switch byte {
        case 0x09: return 0
        case 0x0A: return keepingNewlines ? 0 : 1
        case 0x00...0x1F, 0x7F: return 1
        case 0x20...0x7E: return 0
        case 0xC2:
            return at + 1 < bytes.count && (0x80...0x9F).contains(bytes[at + 1]) ? 2 : 0
        case 0xE2:
            guard at + 2 < bytes.count else { return 0 }
            let (second, third) = (bytes[at + 1], bytes[at + 2])
            return (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) ? 3 : 0
        case 0xEF:
            return at + 2 < bytes.count && bytes[at + 1] == 0xB7 && (0x90...0xAF).contains(bytes[at + 2]) ? 3 : 0
        default: return 0
        }
    }

    /// The scalar of a one-, two- or three-byte UTF-8 sequence.
    private static func scalarValue(_ bytes: Span<UInt8>, _ at: Int, _ length: Int) -> UInt32 {
        switch length {
        case 1: return UInt32(bytes[at])
        case 2: return UInt32(bytes[at] & 0x1F) << 6 | UInt32(bytes[at + 1] & 0x3F)
        default: return UInt32(bytes[at] & 0x0F) << 12 | UInt32(bytes[at + 1] & 0x3F) << 6 | UInt32(bytes[at + 2] & 0x3F)
        }
    }

    /// `\n`, `\r`, or `\u{HEX}` with uppercase hex digits.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
