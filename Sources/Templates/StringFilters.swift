import Foundation

/// StencilSwiftKit's string filters as pure Swift functions.
///
/// Each function takes the filter input and its arguments as Swift values and reproduces
/// StencilSwiftKit's output byte for byte (Linux build), including its quirks: for example
/// `camelToSnakeCase` scans only as many UTF-16 units as the input has Unicode scalars, just
/// like the original. The deliberate deviations are listed on the individual functions
/// (`dirname`, `replace` with an invalid regex).
///
/// The engine registers ``table``, which parses the template arguments (always strings) and
/// throws ``StringFilterError`` exactly where StencilSwiftKit throws.
public enum StringFilters {}

/// The value a string filter produces: text, or a truth value (`contains`, `hasPrefix`, ...).
public enum StringFilterResult: Sendable, Equatable {
    /// A string result, rendered as is.
    case string(String)
    /// A boolean result; Stencil renders it as `true` / `false`.
    case bool(Bool)

    /// The text Stencil prints for this result.
    public var rendered: String {
        switch self {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        }
    }
}

/// A filter was called with arguments StencilSwiftKit rejects (wrong count, unknown mode,
/// not a boolean), or with an invalid regular expression.
public struct StringFilterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, naming the filter.
    public let message: String

    /// Creates an error with the given message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Modes of the `removeNewlines` filter.
public enum RemoveNewlinesMode: String, Sendable, CaseIterable {
    /// Remove every whitespace and newline character.
    case all
    /// Remove newlines and the whitespace that starts each line (and trailing whitespace).
    case leading
}

/// Modes of the `swiftIdentifier` filter.
public enum SwiftIdentifierMode: String, Sendable, CaseIterable {
    /// Replace invalid characters by `_`, uppercase the first letter of every part.
    case normal
    /// Replace invalid characters by `_`, leave the letter case alone.
    case valid
    /// Like `normal`, then camel-case the result (`foo_bar.baz` -> `FooBarBaz`).
    case pretty
}

// MARK: - Argument parsing (mirrors StencilSwiftKit's `Filters.parse*` helpers)

extension StringFilters {
    /// Optional boolean argument at `index`: missing means `nil` (use the default); the text
    /// must be one of true/yes/1 or false/no/0, case-insensitively, otherwise it throws.
    static func optionalBool(_ arguments: [String], at index: Int = 0, filter: String) throws -> Bool? {
        guard index < arguments.count else { return nil }
        switch arguments[index].lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default:
            throw StringFilterError(
                "\(filter): expected a boolean argument (true/false/yes/no/1/0), got '\(arguments[index])'")
        }
    }

    /// Optional mode argument at `index`: missing means the default; unknown text throws.
    static func mode<Mode: RawRepresentable & CaseIterable>(
        _ arguments: [String], at index: Int = 0, default defaultMode: Mode, filter: String
    ) throws -> Mode where Mode.RawValue == String {
        guard index < arguments.count else { return defaultMode }
        guard let mode = Mode(rawValue: arguments[index]) else {
            let allowed = Mode.allCases.map(\.rawValue).joined(separator: ", ")
            throw StringFilterError("\(filter): unknown option '\(arguments[index])' (expected one of: \(allowed))")
        }
        return mode
    }

    /// Required string argument at `index`.
    static func requiredString(_ arguments: [String], at index: Int = 0, filter: String) throws -> String {
        guard index < arguments.count else {
            throw StringFilterError("\(filter): missing argument \(index + 1)")
        }
        return arguments[index]
    }

    /// Filters without parameters reject arguments, as Stencil does for simple filters.
    static func noArguments(_ arguments: [String], filter: String) throws {
        guard arguments.isEmpty else {
            throw StringFilterError("\(filter): cannot invoke filter with an argument")
        }
    }
}
