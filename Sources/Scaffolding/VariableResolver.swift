import Foundation
import Templates

/// Checks raw values against a manifest and builds the render context: converts `--set`
/// strings to the declared kinds, fills defaults, and shapes list items.
struct VariableResolver {
    let manifest: TemplateManifest
    let environment: TemplateEnvironment

    /// The context every template file is rendered with.
    func context(for values: [String: TemplateValue]) throws -> [String: TemplateValue] {
        for name in values.keys.sorted() {
            try VariableValues.requireKnown(name, in: manifest)
        }
        var context: [String: TemplateValue] = [:]
        for variable in manifest.variables {
            let value: TemplateValue
            if let given = values[variable.name], given != .null {
                value = try normalise(given, for: variable)
            } else if let fallback = variable.defaultValue {
                value = try normalise(try renderDefault(fallback, variable: variable, context: context), for: variable)
            } else {
                value = variable.kind == .bool ? .bool(false) : (variable.kind == .list ? .array([]) : .string(""))
            }
            if variable.isRequired && Self.isEmpty(value) {
                throw MissingRequiredVariable(
                    template: manifest.name, variable: variable.name, variableDescription: variable.description)
            }
            let named = try SwiftNames.checked(value, for: variable)
            context[variable.name] = variable.kind == .list
                ? try shapeItems(named, for: variable)
                : named
        }
        return context
    }

    private static func isEmpty(_ value: TemplateValue) -> Bool {
        switch value {
        case .string(let text): return text.trimmingCharacters(in: .whitespaces).isEmpty
        case .array(let items): return items.isEmpty
        case .null: return true
        default: return false
        }
    }

    /// Defaults may use earlier variables, e.g. `default: "{{ name }}"`.
    private func renderDefault(
        _ value: TemplateValue, variable: TemplateVariable, context: [String: TemplateValue]
    ) throws -> TemplateValue {
        func render(_ text: String) throws -> TemplateValue {
            guard text.contains("{") else { return .string(text) }
            do {
                return .string(try environment.render(string: text, name: "default of \(variable.name)", context: context))
            } catch {
                throw ScaffoldingError.renderFailed(template: manifest.name, file: ScaffoldTemplate.manifestFileName, message: "\(error)")
            }
        }
        switch value {
        case .string(let text): return try render(text)
        case .array(let items):
            return .array(try items.map { item in
                if case .string(let text) = item { return try render(text) }
                return item
            })
        default: return value
        }
    }

    /// Converts a raw value to the variable's kind (strings from `--set` included).
    private func normalise(_ value: TemplateValue, for variable: TemplateVariable) throws -> TemplateValue {
        let invalid = { (expected: String) in
            ScaffoldingError.invalidValue(variable: variable.name, value: Self.text(of: value), expected: expected)
        }
        switch (variable.kind, value) {
        case (.bool, .bool):
            return value
        case (.bool, .string(let text)):
            switch text.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw invalid("true or false")
            }
        case (.bool, _):
            throw invalid("true or false")
        case (.string, .string), (.string, .int), (.string, .double):
            let text = Self.text(of: value)
            guard variable.choices.isEmpty || variable.choices.contains(text) else {
                throw invalid("one of " + variable.choices.joined(separator: ", "))
            }
            return .string(text)
        case (.string, _):
            throw invalid("a single value")
        case (.list, .array) where variable.itemFormat == .service:
            return value
        case (.list, .array(let items)):
            return .array(try items.map { item in .string(try listItemText(item, invalid: invalid)) })
        case (.list, _):
            return .array([.string(try listItemText(value, invalid: invalid))])
        }
    }

    /// A list item as text; a one-entry mapping (YAML's reading of `- name: Type`) becomes `name: Type`.
    private func listItemText(_ item: TemplateValue, invalid: (String) -> ScaffoldingError) throws -> String {
        switch item {
        case .string, .int, .double, .bool:
            return Self.text(of: item)
        case .dictionary(let entries) where entries.count == 1:
            guard let (key, value) = entries.first, case .string(let type) = value else { throw invalid("text items") }
            return "\(key): \(type)"
        default:
            throw invalid("text items")
        }
    }

    private func shapeItems(_ value: TemplateValue, for variable: TemplateVariable) throws -> TemplateValue {
        guard case .array(let items) = value else { return value }
        let texts = items.compactMap { item -> String? in
            if case .string(let text) = item { return text }
            return nil
        }
        switch variable.itemFormat {
        case .string:
            return value
        case .name:
            return .array(try texts.map { try ItemShapes.name($0, variable: variable.name) })
        case .declaration:
            return .array(try ItemShapes.declarations(texts, variable: variable.name))
        case .service:
            return ServiceGraph.shaped(try ServiceGraph.ordered(try ServiceGraph.definitions(from: value, variable: variable.name)))
        }
    }

    static func text(of value: TemplateValue) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .date(let date): return date.text
        case .array(let items): return items.map(text(of:)).joined(separator: ", ")
        case .dictionary(let entries):
            return entries.keys.sorted().map { "\($0): \(text(of: entries[$0] ?? .null))" }.joined(separator: ", ")
        }
    }
}
