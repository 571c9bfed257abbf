import Foundation
public import Templates
import YAML

/// The kind of value a template variable takes.
public enum VariableKind: String, Sendable, Equatable {
    case string
    case bool
    case list
}

/// How the items of a list variable are shaped before templates see them.
public enum ListItemFormat: String, Sendable, Equatable {
    /// Plain strings.
    case string
    /// A type or node name: `{name, lowerName, upperName}`.
    case name
    /// `name: Type` (optionally `= value`): `{name, type, value, declaration, label, lowerName, upperName}`.
    case declaration
    /// A DI service mapping (`type`, `as`, `layer`, `init`); the list is ordered so every
    /// dependency is registered before its users (see `ServiceGraph`).
    case service
}

/// One variable declared in a template's manifest.
public struct TemplateVariable: Sendable, Equatable {
    public let name: String
    public let description: String
    public let kind: VariableKind
    /// Only meaningful for lists.
    public let itemFormat: ListItemFormat
    public let isRequired: Bool
    /// The value used when none is given; strings (and list items) are rendered as templates.
    public let defaultValue: TemplateValue?
    /// Set when templates use the value (or each list item) as a Swift name: checked before
    /// anything is rendered (see ``SwiftNames``).
    public let identifier: IdentifierRole?
    // `choices` is how a variable such as `access` is limited to `public` or `internal`.
    /// The only values a string variable accepts (empty: any value).
    public let choices: [String]

    public init(
        name: String, description: String = "", kind: VariableKind = .string,
        itemFormat: ListItemFormat = .string, isRequired: Bool = false, defaultValue: TemplateValue? = nil,
        identifier: IdentifierRole? = nil, choices: [String] = []
    ) {
        self.name = name
        self.description = description
        self.kind = kind
        self.itemFormat = itemFormat
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.identifier = identifier
        self.choices = choices
    }
}

/// A template's `template.yaml`: what it is and which variables it takes.
public struct TemplateManifest: Sendable, Equatable {
    public let name: String
    public let description: String
    /// In declaration order; defaults may refer to earlier variables.
    public let variables: [TemplateVariable]
    /// Loop variable -> list variable: a file whose path uses the loop variable is
    /// generated once per item of the list (e.g. `useCase: useCases`).
    public let foreach: [String: String]
    /// Template file paths (as written, unrendered) whose output belongs to the user: created
    /// once, then never written again, not even with `force` (e.g. a coordinator's `+Flow.swift`).
    public let userFiles: [String]

    /// Parses a manifest; `folderName` is the template's folder, which its `name` must match.
    public init(yaml text: String, folderName: String, file: String) throws {
        let root: Node
        do {
            root = try YAML.parse(text, file: file)
        } catch {
            throw ScaffoldingError.invalidManifest(path: file, reason: yamlReason(error))
        }
        guard root.mapping != nil else {
            throw ScaffoldingError.invalidManifest(path: file, reason: "expected a mapping at the top level")
        }
        let declaredName = root["name"]?.string ?? folderName
        guard declaredName == folderName else {
            throw ScaffoldingError.invalidManifest(
                path: file, reason: "name '\(declaredName)' differs from the folder name '\(folderName)'")
        }
        name = folderName
        description = root["description"]?.string ?? ""
        var variables: [TemplateVariable] = []
        for item in root["variables"]?.array ?? [] {
            let variable = try Self.variable(from: item, file: file)
            guard !variables.contains(where: { $0.name == variable.name }) else {
                throw ScaffoldingError.invalidManifest(path: file, reason: "variable '\(variable.name)' is declared twice")
            }
            variables.append(variable)
        }
        self.variables = variables
        var foreach: [String: String] = [:]
        for (key, value) in root["foreach"]?.mapping?.pairs ?? [] {
            guard let loop = key.string, let list = value.string,
                  variables.contains(where: { $0.name == list && $0.kind == .list }) else {
                throw ScaffoldingError.invalidManifest(
                    path: file, reason: "foreach entries must map a loop name to a list variable")
            }
            foreach[loop] = list
        }
        self.foreach = foreach
        var userFiles: [String] = []
        if let node = root["userFiles"], !node.isNull {
            guard let items = node.array else {
                throw ScaffoldingError.invalidManifest(path: file, reason: "userFiles must be a list of template file paths")
            }
            for item in items {
                guard let path = item.string, !path.isEmpty else {
                    throw ScaffoldingError.invalidManifest(path: file, reason: "every userFiles entry must be a template file path")
                }
                userFiles.append(path)
            }
        }
        self.userFiles = userFiles
    }

    /// The variable called `name`, if declared.
    public func variable(named name: String) -> TemplateVariable? {
        variables.first { $0.name == name }
    }

    private static func variable(from node: Node, file: String) throws -> TemplateVariable {
        guard let name = node["name"]?.string, !name.isEmpty else {
            throw ScaffoldingError.invalidManifest(path: file, reason: "every variable needs a name")
        }
        func fail(_ reason: String) -> ScaffoldingError {
            .invalidManifest(path: file, reason: "variable '\(name)': \(reason)")
        }
        var kind = VariableKind.string
        if let text = node["type"]?.string {
            guard let parsed = VariableKind(rawValue: text) else { throw fail("unknown type '\(text)'") }
            kind = parsed
        }
        if node["list"]?.bool == true { kind = .list }
        var format = ListItemFormat.string
        if let text = node["items"]?.string {
            guard let parsed = ListItemFormat(rawValue: text) else { throw fail("unknown items '\(text)'") }
            format = parsed
        }
        var identifier: IdentifierRole?
        if let text = node["identifier"]?.string {
            guard let parsed = IdentifierRole(rawValue: text) else { throw fail("unknown identifier '\(text)' (type or member)") }
            guard kind != .bool, format == .string || format == .name else {
                throw fail("identifier applies to strings, string lists and name lists")
            }
            identifier = parsed
        }
        var choices: [String] = []
        if let list = node["choices"], !list.isNull {
            guard kind == .string, let items = list.array?.compactMap(\.string), items.count == list.array?.count, !items.isEmpty else {
                throw fail("choices must be a non-empty list of strings, for a string variable")
            }
            choices = items
        }
        var defaultValue: TemplateValue?
        if let node = node["default"], !node.isNull {
            defaultValue = try templateValue(from: node, kind: kind, fail: fail)
        }
        return TemplateVariable(
            name: name, description: node["description"]?.string ?? "", kind: kind,
            itemFormat: format, isRequired: node["required"]?.bool ?? false, defaultValue: defaultValue,
            identifier: identifier, choices: choices)
    }

    private static func templateValue(
        from node: Node, kind: VariableKind, fail: (String) -> ScaffoldingError
    ) throws -> TemplateValue {
        switch kind {
        case .bool:
            guard let bool = node.bool else { throw fail("default must be true or false") }
            return .bool(bool)
        case .string:
            guard let text = node.string else { throw fail("default must be a string") }
            return .string(text)
        case .list:
            guard let items = node.array else { throw fail("default must be a list") }
            return .array(try items.map { item in
                guard let text = item.string else { throw fail("default items must be strings") }
                return .string(text)
            })
        }
    }
}
