/// How whitespace around block tags (`{% ... %}`) is trimmed, as Stencil's `trimBehaviour`.
public enum TrimBehaviour: String, Sendable {
    /// Keep all text as written (Stencil's `.nothing`).
    case none
    /// Remove spaces and tabs before a block tag and spaces, tabs and one newline after it,
    /// so a line holding only a block tag leaves no blank line.
    case smart
    /// Remove all whitespace and newlines on both sides of every block tag.
    case all

    /// What to trim at the end of text before a tag (Stencil's `leading`).
    var beforeTag: TextTrim {
        switch self {
        case .none: return .nothing
        case .smart: return .whitespace
        case .all: return .whitespaceAndNewlines
        }
    }

    /// What to trim at the start of text after a tag (Stencil's `trailing`).
    var afterTag: TextTrim {
        switch self {
        case .none: return .nothing
        case .smart: return .whitespaceAndOneNewline
        case .all: return .whitespaceAndNewlines
        }
    }
}

/// One side's trimming of a text node. The rules reproduce Stencil's regular expressions
/// (`^[ \t]*`, `^[ \t]*\n`, `^\s+` and `[ \t]*$`, `\n[ \t]*$`, `\s+$`), including ICU's
/// `$`, which also matches just before a final line terminator.
enum TextTrim: Sendable, Equatable {
    case nothing
    case whitespace
    case whitespaceAndOneNewline
    case whitespaceAndNewlines

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
    private static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Trims the start of `text`.
    func trimStart(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        switch self {
        case .nothing:
            return text
        case .whitespace:
            while index < scalars.count, Self.isBlank(scalars[index]) { index += 1 }
        case .whitespaceAndOneNewline:
            while index < scalars.count, Self.isBlank(scalars[index]) { index += 1 }
            guard index < scalars.count, scalars[index] == "\n" else { return text }
            index += 1
        case .whitespaceAndNewlines:
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }
        return Self.string(scalars[index...])
    }

    /// Trims the end of `text`.
    func trimEnd(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var end = scalars.count
        switch self {
        case .nothing:
            return text
        case .whitespaceAndNewlines:
            while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
            return Self.string(scalars[..<end])
        case .whitespace:
            if end > 0, Self.isBlank(scalars[end - 1]) {
                while end > 0, Self.isBlank(scalars[end - 1]) { end -= 1 }
                return Self.string(scalars[..<end])
            }
            // `$` before a final line terminator: drop the blanks in front of it.
            guard let terminator = Self.finalTerminatorStart(scalars) else { return text }
            var start = terminator
            while start > 0, Self.isBlank(scalars[start - 1]) { start -= 1 }
            return Self.string(scalars[..<start]) + Self.string(scalars[terminator...])
        case .whitespaceAndOneNewline:
            var removed = scalars
            // A newline run right before a final terminator matches first, then the tail.
            if let terminator = Self.finalTerminatorStart(scalars),
                let start = Self.newlineRunStart(scalars, endingAt: terminator)
            {
                removed = Array(scalars[..<start]) + Array(scalars[terminator...])
            }
            if let start = Self.newlineRunStart(removed, endingAt: removed.count) {
                removed = Array(removed[..<start])
            }
            return Self.string(removed[...])
        }
    }

    /// Start of `\n[ \t]*` ending exactly at `end`.
    private static func newlineRunStart(_ scalars: [Unicode.Scalar], endingAt end: Int) -> Int? {
        var start = end
        while start > 0, isBlank(scalars[start - 1]) { start -= 1 }
        guard start > 0, scalars[start - 1] == "\n" else { return nil }
        return start - 1
    }

    /// Start of the line terminator ending the text (`\r\n` counts as one).
    private static func finalTerminatorStart(_ scalars: [Unicode.Scalar]) -> Int? {
        guard let last = scalars.last, isTerminator(last) else { return nil }
        if last == "\n", scalars.count >= 2, scalars[scalars.count - 2] == "\r" { return scalars.count - 2 }
        return scalars.count - 1
    }

    private static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }
}
