import Foundation
import Templates

/// How a template uses a variable's value in Swift code (`identifier:` in a manifest).
public enum IdentifierRole: String, Sendable, Equatable {
    /// A type name, or the start of one (`{{ name }}Coordinator`): never escaped.
    case type
    /// A property, method or parameter name written on its own: keywords get backticks.
    case member
}

/// Checks that values used as Swift names compile, before anything is rendered or written.
///
/// A name is a letter (any script) or `_`, then letters, digits, `_` and combining marks.
/// Type names must not start with a lowercase letter (`connection` -> `Connection`); caseless
/// letters (Korean `화면`) are fine. The keyword lists come from `swiftc -typecheck
/// -swift-version 6`: `reserved` names fail as plain members and compile in backticks.
public enum SwiftNames {
    /// Keywords a member can only use in backticks (`` var `class`: Int ``).
    public static let reserved: Set<String> = [
        "Any", "Protocol", "Self", "Type", "_", "as", "associatedtype", "await", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil",
        "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self",
        "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
        "where", "while",
    ]

    /// Capitalized keywords that cannot name a generated type: `Any` and `Self` only in
    /// backticks, which a name combined with suffixes (`{{ name }}Container`) cannot carry.
    public static let forbiddenTypeNames: Set<String> = ["Any", "Self"]

    /// The spelling to write for `text` used as `role`, or why it cannot be a Swift name.
    public static func spelling(_ text: String, role: IdentifierRole) -> Result<String, NameProblem> {
        if let problem = characterProblem(text) { return .failure(problem) }
        if text == "_" { return .failure(NameProblem("'_' is Swift's wildcard, not a name")) }
        switch role {
        case .type:
            if let first = text.unicodeScalars.first, first.properties.isLowercase {
                let suggestion = String(text.prefix(1)).uppercased() + text.dropFirst()
                return .failure(NameProblem("a type name starts with an uppercase letter; did you mean '\(suggestion)'?"))
            }
            if forbiddenTypeNames.contains(text) {
                return .failure(NameProblem("'\(text)' is a Swift keyword and cannot name a generated type"))
            }
            return .success(text)
        case .member:
            return .success(reserved.contains(text) ? "`\(text)`" : text)
        }
    }

    /// The first character that cannot appear where it is, with its 1-based position.
    static func characterProblem(_ text: String) -> NameProblem? {
        guard !text.isEmpty else { return NameProblem("a name cannot be empty") }
        for (offset, character) in text.enumerated() {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            let isHead = first == "_" || CharacterSet.letters.contains(first)
            let isDigit = CharacterSet.decimalDigits.contains(first)
            let marksOnly = scalars.dropFirst().allSatisfy { CharacterSet.nonBaseCharacters.contains($0) }
            if offset == 0 && isDigit {
                return NameProblem("'\(character)' (character 1) cannot start a Swift identifier")
            }
            guard (isHead || isDigit) && marksOnly else {
                let shown = character.isWhitespace || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                    ? first.escaped(asASCII: true) : String(character)
                return NameProblem("'\(shown)' (character \(offset + 1)) is not allowed in a Swift identifier")
            }
        }
        return nil
    }
}

/// Why a value cannot be used as a Swift name.
public struct NameProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, naming the offending character or the suggested spelling.
    public let reason: String

    init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension SwiftNames {
    /// `value` with every name checked (and members escaped) for `variable`'s role; a bad
    /// name is `ScaffoldingError.invalidValue` (a usage error), naming the variable.
    static func checked(_ value: TemplateValue, for variable: TemplateVariable) throws -> TemplateValue {
        guard let role = variable.identifier else { return value }
        func check(_ text: String) throws -> String {
            switch spelling(text, role: role) {
            case .success(let spelled): return spelled
            case .failure(let problem):
                let what = role == .type ? "a Swift type name" : "a Swift name"
                throw ScaffoldingError.invalidValue(variable: variable.name, value: text, expected: "\(what): \(problem.reason)")
            }
        }
        switch value {
        case .string(let text) where text.isEmpty && !variable.isRequired:
            return value  // an optional name left out
        case .string(let text):
            return .string(try check(text))
        case .array(let items):
            return .array(try items.map { item in
                guard case .string(let text) = item else { return item }
                // Name items are shaped afterwards from the raw text, so they are only checked.
                let spelled = try check(text.trimmingCharacters(in: .whitespaces))
                return variable.itemFormat == .string ? .string(spelled) : item
            })
        default:
            return value
        }
    }
}
