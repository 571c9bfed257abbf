import Foundation

// Whitespace, replacement and substring-test filters.
extension StringFilters {
    /// Removes newlines and whitespace.
    ///
    /// `.all` drops every whitespace and newline scalar ("a b\nc" -> "abc"). `.leading` joins
    /// the lines after removing the whitespace that starts each one, then trims whitespace at
    /// both ends ("a, \nb" -> "a, b").
    public static func removeNewlines(_ s: String, mode: RemoveNewlinesMode = .all) -> String {
        switch mode {
        case .all:
            return String(String.UnicodeScalarView(
                s.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }))
        case .leading:
            var joined = String.UnicodeScalarView()
            var atLineStart = true
            for scalar in s.unicodeScalars {
                if CharacterSet.newlines.contains(scalar) {
                    atLineStart = true
                } else if atLineStart && CharacterSet.whitespaces.contains(scalar) {
                    continue
                } else {
                    atLineStart = false
                    joined.append(scalar)
                }
            }
            return String(joined).trimmingCharacters(in: .whitespaces)
        }
    }

    /// `removeNewlines` with the mode as template text ("all" or "leading").
    ///
    /// - Throws: ``StringFilterError`` for any other mode, as StencilSwiftKit does.
    public static func removeNewlines(_ s: String, mode: String) throws -> String {
        removeNewlines(s, mode: try self.mode([mode], default: RemoveNewlinesMode.all, filter: "removeNewlines"))
    }

    /// Replaces every occurrence of `substring` by `replacement` ("people picker", "picker",
    /// "life" -> "people life"). With `regex`, `substring` is an ICU regular expression and
    /// `replacement` a template (`$1` refers to a group).
    ///
    /// - Throws: ``StringFilterError`` for an invalid regular expression. (StencilSwiftKit on
    ///   Linux silently returns an empty string there; a clear error is more useful.)
    public static func replace(
        _ s: String, _ substring: String, _ replacement: String, regex: Bool = false
    ) throws -> String {
        guard regex else {
            return s.replacingOccurrences(of: substring, with: replacement)
        }
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: substring)
        } catch {
            throw StringFilterError("replace: invalid regular expression '\(substring)'")
        }
        let range = NSRange(location: 0, length: s.utf16.count)
        return expression.stringByReplacingMatches(in: s, options: [], range: range, withTemplate: replacement)
    }

    /// Whether `s` contains `other` (Foundation semantics: an empty `other` gives false).
    public static func contains(_ s: String, _ other: String) -> Bool {
        s.contains(other)
    }

    /// Whether `s` starts with `other` (an empty `other` gives true).
    public static func hasPrefix(_ s: String, _ other: String) -> Bool {
        s.hasPrefix(other)
    }

    /// Whether `s` ends with `other` (an empty `other` gives true).
    public static func hasSuffix(_ s: String, _ other: String) -> Bool {
        s.hasSuffix(other)
    }
}
