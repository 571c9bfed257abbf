import Foundation
import Templates

/// Splits list items into the dictionaries templates use, so built-in templates need no
/// string filters: `VideoList` -> `{name, lowerName, upperName}`, and
/// `browsingUseCase: BrowsingUserUseCaseInterface` -> `{name, type, value, declaration, label, ...}`.
enum ItemShapes {
    /// A type or node name item.
    static func name(_ text: String, variable: String) throws -> TemplateValue {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard isIdentifier(name) else {
            throw ScaffoldingError.invalidValue(variable: variable, value: text, expected: "a Swift identifier")
        }
        return .dictionary([
            "name": .string(name),
            "lowerName": .string(lowerFirst(name)),
            "upperName": .string(upperFirst(name)),
        ])
    }

    /// `name: Type` items (optionally `= value`).
    ///
    /// `label` is the argument label a view model takes the item under: the item's name,
    /// except that a lone use case (a single item whose name ends in `UseCase`) is passed
    /// as `usecase:`, the team's convention (`ConnectionViewModel(usecase: ...)`).
    static func declarations(_ texts: [String], variable: String) throws -> [TemplateValue] {
        let parsed = try texts.map { try declaration($0, variable: variable) }
        let labels = Self.labels(parsed.map(\.name))
        return zip(parsed, labels).map { item, label in
            .dictionary([
                "name": .string(item.name),
                "type": .string(item.type),
                "value": .string(item.value),
                "declaration": .string("\(item.name): \(item.type)"),
                "label": .string(label),
                "lowerName": .string(lowerFirst(item.name)),
                "upperName": .string(upperFirst(item.name)),
            ])
        }
    }

    /// The argument labels a view model takes items named `names` under. `generate graph`
    /// registers view models with these same labels, so the two cannot drift apart.
    static func labels(_ names: [String]) -> [String] {
        let loneUseCase = names.count == 1 && (names.first?.hasSuffix("UseCase") ?? false)
        return loneUseCase ? ["usecase"] : names
    }

    private static func declaration(_ text: String, variable: String) throws -> (name: String, type: String, value: String) {
        let invalid = ScaffoldingError.invalidValue(variable: variable, value: text, expected: "name: Type")
        guard let colon = text.firstIndex(of: ":") else { throw invalid }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        var type = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        var value = ""
        if let equals = type.range(of: " = ") ?? type.range(of: "=") {
            value = type[equals.upperBound...].trimmingCharacters(in: .whitespaces)
            type = type[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
        }
        guard isIdentifier(name), !type.isEmpty, !type.contains("\n") else { throw invalid }
        return (name, type, value)
    }

    /// Letters, digits and underscores, not starting with a digit.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_"))
        return text.unicodeScalars.allSatisfy { allowed.contains($0) }
    }

    static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
