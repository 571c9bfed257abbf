/// StencilSwiftKit's `StencilSwiftTemplate` post-processing, which SwiftGen renders with
/// (SwiftGen/StencilSwiftKit `Sources/StencilSwiftKit/StencilSwiftTemplate.swift`): blank lines
/// written in the template are kept, and every other run of blank (or spaces-and-tabs) lines in
/// the output is collapsed, so tag-only lines leave nothing behind without any trimming.
///
/// The template text gets a vertical tab between two newlines before parsing (twice, for runs of
/// three or more); after rendering, `\n([ \t]*\n)+` becomes `\n` and the marks are removed again.
enum BlankLineCompaction {
    static let mark: Unicode.Scalar = "\u{0B}"

    /// The template text with its own blank lines marked.
    static func markSource(_ text: String) -> String {
        markOnce(markOnce(text))
    }

    /// Rendered output with unmarked blank runs collapsed and the marks removed.
    static func compact(_ text: String) -> String {
        unmarkOnce(unmarkOnce(collapse(text)))
    }

    /// `\n\n` -> `\n\u{0B}\n`, non-overlapping from the left, as `replacingOccurrences` does.
    private static func markOnce(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var previousWasNewline = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasNewline {
                output.append(mark)
                output.append(scalar)
                previousWasNewline = false  // this pair is used up
                continue
            }
            output.append(scalar)
            previousWasNewline = scalar == "\n"
        }
        return String(output)
    }

    /// `\n\u{0B}\n` -> `\n\n`, non-overlapping from the left.
    private static func unmarkOnce(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\n", index + 2 < scalars.count, scalars[index + 1] == mark, scalars[index + 2] == "\n" {
                output.append("\n")
                output.append("\n")
                index += 3
                continue
            }
            output.append(scalars[index])
            index += 1
        }
        return String(output)
    }

    /// `\n([ \t]*\n)+` -> `\n`.
    private static func collapse(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            output.append(scalar)
            index += 1
            guard scalar == "\n" else { continue }
            var scan = index
            var afterLastNewline: Int?
            while scan < scalars.count {
                if scalars[scan] == " " || scalars[scan] == "\t" {
                    scan += 1
                } else if scalars[scan] == "\n" {
                    scan += 1
                    afterLastNewline = scan
                } else {
                    break
                }
            }
            if let afterLastNewline { index = afterLastNewline }
        }
        return String(output)
    }
}
