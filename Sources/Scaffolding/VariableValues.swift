import Foundation
public import Templates
public import YAML

/// Collects raw variable values from the command line: `--values F.yaml` first, then each
/// `--set KEY=VALUE` in order (a later `--set` replaces a scalar and appends to a list).
public enum VariableValues {
    /// Raw values for `manifest`. `valuesYAML` is the text of a values file (a mapping of
    /// variable names to values); `valuesFile` only names it in errors.
    /// Throws `unknownVariable` for names the manifest does not declare.
    public static func collect(
        for manifest: TemplateManifest, assignments: [String], valuesYAML: String? = nil, valuesFile: String? = nil
    ) throws -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [:]
        if let valuesYAML {
            let file = valuesFile ?? "values"
            let root: Node
            do {
                root = try YAML.parse(valuesYAML, file: file)
            } catch {
                throw ScaffoldingError.invalidManifest(path: file, reason: yamlReason(error))
            }
            if !root.isNull {
                guard let mapping = root.mapping else {
                    throw ScaffoldingError.invalidManifest(path: file, reason: "expected a mapping of variable names to values")
                }
                for (key, node) in mapping.pairs {
                    guard let name = key.string else {
                        throw ScaffoldingError.invalidManifest(path: file, reason: "keys must be variable names")
                    }
                    try requireKnown(name, in: manifest)
                    values[name] = templateValue(from: node)
                }
            }
        }
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ScaffoldingError.malformedAssignment(assignment)
            }
            let name = String(assignment[..<equals])
            let value = String(assignment[assignment.index(after: equals)...])
            let variable = try requireKnown(name, in: manifest)
            if variable.kind == .list {
                var items: [TemplateValue]
                switch values[name] {
                case .array(let existing)?: items = existing
                case let other?: items = [other]
                case nil: items = []
                }
                items.append(.string(value))
                values[name] = .array(items)
            } else {
                values[name] = .string(value)
            }
        }
        return values
    }

    /// A YAML node as a template value: scalars keep their core-schema type
    /// (`true` is a bool, `3` an int), mappings become dictionaries, sequences arrays.
    public static func templateValue(from node: Node) -> TemplateValue {
        TemplateValue(yaml: node)
    }

    @discardableResult
    static func requireKnown(_ name: String, in manifest: TemplateManifest) throws -> TemplateVariable {
        guard let variable = manifest.variable(named: name) else {
            throw ScaffoldingError.unknownVariable(
                name: name, template: manifest.name, known: manifest.variables.map(\.name))
        }
        return variable
    }
}
