import Foundation

// Letter-case filters. Several of StencilSwiftKit's rules are ASCII-only ([A-Z], [a-z])
// while others use Unicode categories; both are kept as in the original.
extension StringFilters {
    /// Stencil's built-in `capitalize`: Foundation's word-wise `capitalized`
    /// ("hello wORLD" -> "Hello World").
    public static func capitalize(_ s: String) -> String {
        s.capitalized
    }

    /// Lowercases the first character (grapheme): "People picker" -> "people picker".
    public static func lowerFirstLetter(_ s: String) -> String {
        guard let first = s.first else { return s }
        return String(first).lowercased() + s.dropFirst()
    }

    /// Uppercases the first Unicode scalar and keeps the rest untouched (`titlecase` too):
    /// "people Picker" -> "People Picker".
    public static func upperFirstLetter(_ s: String) -> String {
        guard let first = s.unicodeScalars.first else { return s }
        return String(first).uppercased() + String(s.unicodeScalars.dropFirst())
    }

    /// Lowercases the leading uppercase run, keeping the last capital of a run when it starts
    /// the next word: "PeoplePicker" -> "peoplePicker", "URLChooser" -> "urlChooser".
    public static func lowerFirstWord(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var end = 0
        while end < scalars.count, CharacterSet.uppercaseLetters.contains(scalars[end]) {
            end += 1
        }
        if end > 1, end < scalars.count, CharacterSet.lowercaseLetters.contains(scalars[end]) {
            end -= 1
        }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars[..<end])
        var tail = String.UnicodeScalarView()
        tail.append(contentsOf: scalars[end...])
        return String(head).lowercased() + String(tail)
    }

    /// camelCase -> snake_case: "SomeCapString" -> "some_cap_string" (or "Some_Cap_String"
    /// when `toLower` is false). `-` becomes `_`.
    public static func camelToSnakeCase(_ s: String, toLower: Bool = true) -> String {
        let snake = snakecase(s)
        return toLower ? snake.lowercased() : snake
    }

    /// snake_case -> CamelCase: "string_with_words" -> "StringWithWords". Leading underscores
    /// are kept unless `stripLeading` is true ("__y_z!" -> "__YZ!" or "YZ!"). A string without
    /// any ASCII lowercase letter is first re-split on case boundaries and each word is
    /// capitalized ("PLEASE_STOP" -> "PleaseStop").
    public static func snakeToCamelCase(_ s: String, stripLeading: Bool = false) -> String {
        let body: String
        if containsASCIILowercase(s) {
            body = s.components(separatedBy: "_").map(upperFirstLetter).joined()
        } else {
            body = snakecase(s).components(separatedBy: "_").map(\.capitalized).joined()
        }
        if stripLeading { return body }
        let underscores = s.unicodeScalars.prefix { $0 == "_" }.count
        return String(repeating: "_", count: underscores) + body
    }

    // MARK: Helpers

    /// StencilSwiftKit checks `[a-z]` over an NSRange as long as the scalar count, which is
    /// shorter than the UTF-16 length when the text has astral characters (emoji); only that
    /// UTF-16 prefix is searched, so reproduce it.
    static func containsASCIILowercase(_ s: String) -> Bool {
        let limit = s.unicodeScalars.count
        return s.utf16.prefix(limit).contains { (0x61...0x7A).contains($0) }
    }

    /// Inserts `_` at case boundaries, then turns `-` into `_`. Same two ICU patterns and the
    /// same (quirky) search range as StencilSwiftKit: the scalar count of the *input*, used
    /// for both passes even though the first pass makes the text longer.
    static func snakecase(_ s: String) -> String {
        let limit = s.unicodeScalars.count
        var result = s
        for pattern in [#"([A-Z\d]+)([A-Z][a-z])"#, #"([a-z\d])([A-Z])"#] {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: .dotMatchesLineSeparators)
            else { continue }  // Constant, valid patterns: cannot fail.
            let range = NSRange(location: 0, length: min(limit, result.utf16.count))
            result = regex.stringByReplacingMatches(
                in: result, options: .reportCompletion, range: range, withTemplate: "$1_$2")
        }
        return result.replacingOccurrences(of: "-", with: "_")
    }
}
