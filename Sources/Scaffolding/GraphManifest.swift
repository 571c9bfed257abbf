import Foundation
import YAML

/// `name: Type`: something a node needs from its ancestors.
public struct GraphNeed: Sendable, Equatable, Hashable {
    public let name: String
    public let type: String

    public init(name: String, type: String) {
        self.name = name
        self.type = type
    }

    /// `name: Type`, as written in messages and Swift.
    public var declaration: String { "\(name): \(type)" }
}

/// `name: Type = expression`: something a node provides to its whole subtree.
public struct GraphProvision: Sendable, Equatable {
    public let name: String
    public let type: String
    /// The Swift expression that makes the value; it may use the node's other provisions and needs by name.
    public let expression: String
    // How long a provided value lives.
    /// `shared`: one instance per container, made on first read; `factory`: a new one on every read.
    public let scope: ProvisionScope

    public init(name: String, type: String, expression: String, scope: ProvisionScope? = nil) {
        self.name = name
        self.type = type
        self.expression = expression
        self.scope = scope ?? .inferred(name: name, type: type)
    }

    public var declaration: String { "\(name): \(type)" }
}

/// How long a provision's value lives: written before the name (`factory clock: Clock = SystemClock()`).
public enum ProvisionScope: String, Sendable, Equatable {
    /// Made once per container, on first read, and kept (services: a player, a repository).
    case shared
    /// Made on every read (view models: each screen gets its own).
    case factory

    /// Without a word: view models (a name or type containing `ViewModel`) are factories, the rest shared.
    static func inferred(name: String, type: String) -> ProvisionScope {
        (name + " " + type).contains("ViewModel") ? .factory : .shared
    }

    /// Splits a leading `shared ` / `factory ` off a provision item.
    static func split(_ text: String) -> (scope: ProvisionScope?, rest: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for scope in [ProvisionScope.shared, .factory] where trimmed.hasPrefix(scope.rawValue + " ") {
            return (scope, String(trimmed.dropFirst(scope.rawValue.count + 1)))
        }
        return (nil, text)
    }
}

/// One node of the coordinator tree as written in the manifest.
public struct GraphNode: Sendable, Equatable {
    public let name: String
    public let children: [String]
    public let needs: [GraphNeed]
    public let provides: [GraphProvision]
    public let viewModel: Bool
    public let viewController: Bool

    public init(name: String, children: [String] = [], needs: [GraphNeed] = [], provides: [GraphProvision] = [],
                viewModel: Bool = false, viewController: Bool = false) {
        self.name = name
        self.children = children
        self.needs = needs
        self.provides = provides
        self.viewModel = viewModel
        self.viewController = viewController
    }
}

/// The coordinator tree manifest (`.teamflow/graph.yaml`): a root and its nodes.
///
/// Only the YAML itself and the top-level shape can make parsing fail; every problem with
/// the items (malformed `name: Type`, duplicate nodes, ...) is collected in `problems` so
/// validation can report all of them at once.
public struct GraphManifest: Sendable, Equatable {
    public let root: String
    /// In file order; may hold the same name twice (the list form allows it; validation reports it).
    public let nodes: [GraphNode]
    /// Modules every generated file imports (e.g. the module holding `coordinator-core`).
    public let imports: [String]
    /// Item-level problems found while reading.
    public let problems: [String]
    // `access: internal` generates a single-target app's tree.
    /// `public` (default) or `internal`: the access level of every generated declaration.
    public let access: String
    // One manifest for the tree and the DI registration, so the two cannot drift apart.
    /// The app's services (the `di-container` services shape): needs no ancestor provides are
    /// met by the service registered as their type, and `DIContainer` registration is generated.
    public let services: [ServiceDefinition]

    public init(root: String, nodes: [GraphNode], imports: [String] = [], problems: [String] = [], access: String = "public",
                services: [ServiceDefinition] = []) {
        self.root = root
        self.nodes = nodes
        self.imports = imports
        self.problems = problems
        self.access = access
        self.services = services
    }

    /// Reads a manifest. `nodes` is a mapping of node name to node, or a list of nodes with `name:`.
    public init(yaml text: String, file: String) throws {
        let top: Node
        do {
            top = try YAML.parse(text, file: file)
        } catch {
            throw ScaffoldingError.invalidManifest(path: file, reason: yamlReason(error))
        }
        guard top.mapping != nil else {
            throw ScaffoldingError.invalidManifest(path: file, reason: "expected a mapping with `root` and `nodes`")
        }
        var problems: [String] = []
        root = top["root"]?.string ?? ""
        if root.isEmpty { problems.append("the manifest names no root (root: NodeName)") }
        imports = top["imports"]?.array?.compactMap(\.string) ?? []
        var entries: [(name: String, body: Node)] = []
        if let mapping = top["nodes"]?.mapping {
            entries = mapping.pairs.map { (name: $0.key.string ?? "", body: $0.value) }
        } else if let list = top["nodes"]?.array {
            entries = list.map { (name: $0["name"]?.string ?? "", body: $0) }
        } else {
            problems.append("the manifest has no nodes (nodes: a mapping of node names to nodes)")
        }
        nodes = entries.map { entry in Self.node(entry.name, entry.body, problems: &problems) }
        access = top["access"]?.string ?? "public"
        if !["public", "internal"].contains(access) {
            problems.append("access '\(access)' must be public or internal")
        }
        services = Self.services(top["services"], file: file, problems: &problems)
        self.problems = problems
    }

    /// The `services:` list; a malformed item is a problem (reported with the others), not a throw.
    private static func services(_ node: Node?, file: String, problems: inout [String]) -> [ServiceDefinition] {
        guard let node, !node.isNull else { return [] }
        // `file:line:column: ` of an item, so a problem in a long list is found at once.
        func place(_ item: Node) -> String { item.mark.map { "\(file):\($0): " } ?? "" }
        guard let items = node.array else {
            problems.append("\(place(node))services: must be a list of mappings with `type` (and optional `as`, `init`, `layer`, `scope`)")
            return []
        }
        var services: [ServiceDefinition] = []
        for (index, item) in items.enumerated() {
            do {
                services += try ServiceGraph.definitions(from: .array([VariableValues.templateValue(from: item)]),
                                                         variable: "services[\(index)]")
            } catch {
                problems.append("\(place(item))services: \(error)")
            }
        }
        return services
    }

    private static func node(_ name: String, _ body: Node, problems: inout [String]) -> GraphNode {
        let label = name.isEmpty ? "a node without a name" : name
        func strings(_ key: String) -> [String] {
            guard let node = body[key], !node.isNull else { return [] }
            guard let items = node.array else {
                problems.append("\(label): `\(key)` must be a list")
                return []
            }
            return items.compactMap { item in
                if let text = item.string { return text }
                // YAML reads `- name: Type` as a one-entry mapping.
                if let pair = item.mapping?.pairs.first, item.mapping?.pairs.count == 1,
                   let key = pair.key.string, let value = pair.value.string {
                    return "\(key): \(value)"
                }
                problems.append("\(label): every `\(key)` item must be text")
                return nil
            }
        }
        let needs = strings("needs").compactMap { text -> GraphNeed? in
            guard let (name, type, value) = split(text), value == nil else {
                problems.append("\(label): need '\(text)' must be written `name: Type`")
                return nil
            }
            return GraphNeed(name: name, type: type)
        }
        let provides = strings("provides").compactMap { text -> GraphProvision? in
            let (scope, rest) = ProvisionScope.split(text)
            guard let (name, type, value) = split(rest), let value, !value.isEmpty else {
                problems.append("\(label): provision '\(text)' must be written `[shared|factory] name: Type = expression`")
                return nil
            }
            return GraphProvision(name: name, type: type, expression: value, scope: scope)
        }
        return GraphNode(
            name: name, children: strings("children").map { $0.trimmingCharacters(in: .whitespaces) },
            needs: needs, provides: provides,
            viewModel: body["viewModel"]?.bool ?? false, viewController: body["viewController"]?.bool ?? false)
    }

    /// `name: Type` or `name: Type = expression`.
    static func split(_ text: String) -> (String, String, String?)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        var type = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        var value: String?
        if let equals = type.range(of: "=") {
            value = type[equals.upperBound...].trimmingCharacters(in: .whitespaces)
            type = type[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
        }
        guard !name.isEmpty, !type.isEmpty, !type.contains("\n") else { return nil }
        return (name, type, value)
    }
}
