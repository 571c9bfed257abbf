// The registry the template engine installs: every string filter StencilSwiftKit registers.
extension StringFilters {
    /// How the engine calls a string filter: the input rendered as a string, and the filter's
    /// arguments as strings (quoted template literals, unquoted). Throws ``StringFilterError``
    /// where StencilSwiftKit throws.
    public typealias Filter = @Sendable (_ input: String, _ arguments: [String]) throws -> StringFilterResult

    /// Filter name -> implementation, for every string filter StencilSwiftKit registers:
    /// `basename`, `camelToSnakeCase`, `dirname`, `escapeReservedKeywords`, `lowerFirstLetter`,
    /// `lowerFirstWord`, `removeNewlines`, `replace`, `snakeToCamelCase`, `swiftIdentifier`,
    /// `titlecase` (= `upperFirstLetter`), `upperFirstLetter`, `contains`, `hasPrefix`,
    /// `hasSuffix`, and the negations `!contains`, `!hasPrefix`, `!hasSuffix`.
    ///
    /// Argument rules (as in StencilSwiftKit):
    /// - filters without parameters throw when given any argument;
    /// - boolean options (`camelToSnakeCase`, `snakeToCamelCase`) accept true/yes/1 and
    ///   false/no/0 in any case, throw on other text, and default when absent
    ///   (toLower = true, stripLeading = false); extra arguments are ignored;
    /// - modes (`removeNewlines`: all|leading, `swiftIdentifier`: normal|valid|pretty,
    ///   `replace`'s third argument: normal|regex) are case-sensitive and throw when unknown;
    /// - `contains`/`hasPrefix`/`hasSuffix` need one argument, `replace` needs two.
    ///
    /// Stencil's own `capitalize` is not listed (the engine owns the built-ins); use
    /// ``capitalize(_:)`` for it.
    ///
    /// Engine note on non-string arguments (unquoted `true`, numbers, unresolved variables):
    /// StencilSwiftKit turns numbers and booleans into their text for `contains`/`hasPrefix`/
    /// `hasSuffix`/`replace`, ignores a non-string boolean option (default used), and treats an
    /// unresolved (nil) mode as the default. Passing the text of resolved values and leaving
    /// out unresolved trailing arguments reproduces this except for an unquoted `true`/`false`
    /// given to `camelToSnakeCase`/`snakeToCamelCase`, which StencilSwiftKit ignores.
    public static let table: [String: Filter] = {
        var table: [String: Filter] = [
            "basename": simple("basename", basename),
            "dirname": simple("dirname", dirname),
            "escapeReservedKeywords": simple("escapeReservedKeywords", escapeReservedKeywords),
            "lowerFirstLetter": simple("lowerFirstLetter", lowerFirstLetter),
            "lowerFirstWord": simple("lowerFirstWord", lowerFirstWord),
            "titlecase": simple("titlecase", upperFirstLetter),
            "upperFirstLetter": simple("upperFirstLetter", upperFirstLetter),
            "camelToSnakeCase": { input, arguments in
                let toLower = try optionalBool(arguments, filter: "camelToSnakeCase") ?? true
                return .string(camelToSnakeCase(input, toLower: toLower))
            },
            "snakeToCamelCase": { input, arguments in
                let strip = try optionalBool(arguments, filter: "snakeToCamelCase") ?? false
                return .string(snakeToCamelCase(input, stripLeading: strip))
            },
            "removeNewlines": { input, arguments in
                let mode = try mode(arguments, default: RemoveNewlinesMode.all, filter: "removeNewlines")
                return .string(removeNewlines(input, mode: mode))
            },
            "swiftIdentifier": { input, arguments in
                let mode = try mode(arguments, default: SwiftIdentifierMode.normal, filter: "swiftIdentifier")
                return .string(swiftIdentifier(input, mode: mode))
            },
            "replace": { input, arguments in
                let substring = try requiredString(arguments, at: 0, filter: "replace")
                let replacement = try requiredString(arguments, at: 1, filter: "replace")
                let mode = try mode(arguments, at: 2, default: ReplaceMode.normal, filter: "replace")
                return .string(try replace(input, substring, replacement, regex: mode == .regex))
            },
        ]
        let predicates: [(String, @Sendable (String, String) -> Bool)] = [
            ("contains", contains), ("hasPrefix", hasPrefix), ("hasSuffix", hasSuffix),
        ]
        for (name, test) in predicates {
            table[name] = { input, arguments in
                .bool(test(input, try requiredString(arguments, filter: name)))
            }
            table["!" + name] = { input, arguments in
                .bool(!test(input, try requiredString(arguments, filter: "!" + name)))
            }
        }
        return table
    }()

    /// The third argument of `replace`.
    enum ReplaceMode: String, CaseIterable {
        case normal, regex
    }

    /// Wraps a parameterless transformation, rejecting arguments like Stencil does.
    private static func simple(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> Filter {
        { input, arguments in
            try noArguments(arguments, filter: name)
            return .string(transform(input))
        }
    }
}
