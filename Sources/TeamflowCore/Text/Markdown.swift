import Foundation

/// Small, line-based Markdown helpers: enough of CommonMark to find headings, fences, list
/// items and checklists in the Markdown a team writes, never rewriting the text it reads.
public enum Markdown {
    /// An ATX heading (`## 🤔 배경`): its level and its text (closing `#`s removed).
    public struct Heading: Sendable, Equatable {
        public var level: Int
        public var text: String
    }

    /// The heading on `line`, if it is one (up to three leading spaces, 1–6 `#`, a space).
    public static func heading(_ line: Substring) -> Heading? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let level = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let after = rest.dropFirst(level)
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        var text = after.trimmingSpaces
        if let closing = text.lastIndex(where: { $0 != "#" }), text.hasSuffix("#"),
           text[closing] == " " || text[closing] == "\t" {
            text = String(text[...closing]).trimmingSpaces
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return Heading(level: level, text: text)
    }

    /// Tracks fenced code blocks (``` or ~~~, closed by a fence of the same character at least as long).
    public struct FenceTracker: Sendable {
        private var open: (character: Character, length: Int)?

        public init() {}

        /// Whether the tracker is inside a code block (after feeding the previous lines).
        public var isInside: Bool { open != nil }

        /// Feeds one line; returns whether the line belongs to a code block (fences included).
        public mutating func feed(_ line: Substring) -> Bool {
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            let marker = rest.first
            if indent <= 3, marker == "`" || marker == "~", let marker {
                let length = rest.prefix { $0 == marker }.count
                if let current = open {
                    if marker == current.character, length >= current.length,
                       rest.dropFirst(length).trimmingSpaces.isEmpty {
                        open = nil
                        return true
                    }
                } else if length >= 3, !(marker == "`" && rest.dropFirst(length).contains("`")) {
                    open = (marker, length)
                    return true
                }
            }
            return open != nil
        }
    }

    /// A line split that keeps every byte (a trailing `\r` stays on its line). It splits on
    /// scalars: to `String`, `\r\n` is one character and would never equal `\n`.
    public static func lines(_ text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// `text` with every CRLF and every lone CR turned into `\n` (scalar by scalar, for the
    /// reason `lines` gives); text without a CR is returned as is.
    public static func normalizingLineEnds(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                out.append("\n")
                afterCR = true
                continue
            }
            if !(afterCR && scalar == "\n") { out.append(scalar) }
            afterCR = false
        }
        return String(out)
    }

    /// Checklist items (`- [x] text`, `* [ ] text`, `1. [X] text`) outside code blocks, in order.
    public static func checklist(in text: String) -> [ChecklistItem] {
        var fence = FenceTracker()
        return lines(text).compactMap { line in
            fence.feed(line) ? nil : checklistItem(line)
        }
    }

    /// The checklist item on one line, if any.
    public static func checklistItem(_ line: Substring) -> ChecklistItem? {
        guard let (_, content) = listItem(line) else { return nil }
        let chars = Array(content.prefix(4))
        guard chars.count >= 3, chars[0] == "[", chars[2] == "]", chars.count == 3 || chars[3] == " " else { return nil }
        let done: Bool
        switch chars[1] {
        case "x", "X": done = true
        case " ": done = false
        default: return nil
        }
        return ChecklistItem(text: String(content.dropFirst(3)).trimmingSpaces, done: done)
    }

    /// A list item's indentation and content (`- a`, `* a`, `+ a`, `1. a`, `1) a`).
    public static func listItem(_ line: Substring) -> (indent: Int, content: Substring)? {
        let stripped = line.hasSuffix("\r") ? line.dropLast() : line
        let indent = stripped.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        let rest = stripped.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first else { return nil }
        if first == "-" || first == "*" || first == "+" {
            let after = rest.dropFirst()
            guard after.first == " " || after.first == "\t" else { return nil }
            return (indent, after.drop { $0 == " " || $0 == "\t" })
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let after = rest.dropFirst(digits.count)
        guard after.first == "." || after.first == ")", after.dropFirst().first == " " else { return nil }
        return (indent, after.dropFirst().drop { $0 == " " || $0 == "\t" })
    }

    /// Heading words for matching: letters and digits only (emoji and punctuation dropped),
    /// lower case, NFC, single spaces.
    public static func words(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if space && !out.isEmpty { out += " " }
                space = false
                out.unicodeScalars.append(scalar)
            } else {
                space = true
            }
        }
        return out
    }

    /// Whether a code block is left open at the end of `text` (so a page can close it).
    public static func endsInsideFence(_ text: String) -> Bool {
        var fence = FenceTracker()
        for line in lines(text) { _ = fence.feed(line) }
        return fence.isInside
    }
}

/// One checklist line: its text and whether it is checked.
public struct ChecklistItem: Sendable, Equatable {
    public var text: String
    public var done: Bool

    public init(text: String, done: Bool) {
        self.text = text
        self.done = done
    }
}
