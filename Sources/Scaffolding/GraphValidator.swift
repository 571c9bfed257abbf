import Foundation

/// A validated tree: every reachable node with its path, and what each one's
/// `<Node>Dependency` protocol must list.
public struct GraphTree: Sendable, Equatable {
    /// One reachable node, ready to generate.
    public struct Entry: Sendable, Equatable {
        public let node: GraphNode
        /// Root first, this node last.
        public let path: [String]
        /// Needs of descendants this node does not provide itself, so its parent must
        /// (they are listed in its Dependency protocol next to its own needs).
        public let passThrough: [GraphNeed]

        /// Own needs, then pass-through ones: everything `<Node>Dependency` lists.
        public var required: [GraphNeed] { node.needs + passThrough }
        public var parent: String? { path.dropLast().last }
    }

    /// Depth-first, parents before children, children in manifest order.
    public let entries: [Entry]
    /// The manifest's services in registration (dependency) order; empty without `services:`.
    public let services: [ServiceDefinition]
    /// Entry positions by node name, so looking up ancestors costs no scan of the tree
    /// (a manifest may be large and hostile; printing asks for every need's source).
    private let positions: [String: Int]
    private let registered: [String: ServiceDefinition]

    init(entries: [Entry], services: [ServiceDefinition] = []) {
        self.entries = entries
        self.services = services
        var positions: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where positions[entry.node.name] == nil { positions[entry.node.name] = index }
        self.positions = positions
        var registered: [String: ServiceDefinition] = [:]
        for service in services where registered[service.registeredAs] == nil { registered[service.registeredAs] = service }
        self.registered = registered
    }

    public func entry(_ name: String) -> Entry? { positions[name].map { entries[$0] } }

    /// Where a need is met: the nearest ancestor providing the name, else the service
    /// registered as the need's type (nil when neither: validation reports that).
    public func source(of need: GraphNeed, for entry: Entry) -> NeedSource? {
        for ancestor in entry.path.dropLast().reversed() {
            if self.entry(ancestor)?.node.provides.contains(where: { $0.name == need.name }) ?? false {
                return .provision(node: ancestor)
            }
        }
        return registered[need.type].map(NeedSource.service)
    }
}

extension GraphTree {
    /// With services, the view models `registerDependencies()` registers: every node's view
    /// model whose needs all come from services, as a factory taking them under the labels its
    /// generated initializer has (the same needs through the same `ItemShapes.labels`).
    public var viewModelRegistrations: [ServiceDefinition] {
        guard !services.isEmpty else { return [] }
        return entries.compactMap { entry -> ServiceDefinition? in
            let needs = entry.node.needs
            guard entry.node.viewModel,
                  needs.allSatisfy({ if case .service? = source(of: $0, for: entry) { true } else { false } }) else { return nil }
            let labels = ItemShapes.labels(needs.map(\.name))
            return ServiceDefinition(type: "\(entry.node.name)ViewModel", layer: .viewModel,
                                     arguments: zip(labels, needs).map { ($0, $1.type) }, scope: .factory)
        }
    }
}

/// What meets a node's need.
public enum NeedSource: Sendable, Equatable {
    /// A provision of this ancestor's container.
    case provision(node: String)
    /// A service of the manifest's `services:`, handed down from the root.
    case service(ServiceDefinition)
}

/// The outcome of validation: every error and warning, and the tree when there is no error.
public struct GraphAnalysis: Sendable, Equatable {
    public let errors: [String]
    public let warnings: [String]
    public let tree: GraphTree?
}

/// Checks a manifest completely before anything is written, collecting every problem:
/// unmet needs, names provided with another type, nodes reachable twice, cycles, unknown
/// children, duplicate node names and names that are not Swift identifiers.
public enum GraphValidator {
    /// How deep a tree may be. Real coordinator trees are a handful of levels; the bound keeps
    /// each node's path (and the work per node) small whatever a manifest says.
    public static let maxDepth = 200

    public static func analyse(_ manifest: GraphManifest) -> GraphAnalysis {
        var errors = manifest.problems
        var warnings: [String] = []
        var nodes: [String: GraphNode] = [:]
        var counts: [String: Int] = [:]
        for node in manifest.nodes {
            counts[node.name, default: 0] += 1
            if nodes[node.name] == nil { nodes[node.name] = node }
        }
        for node in manifest.nodes where counts[node.name, default: 0] > 1 && nodes[node.name] == node {
            errors.append("duplicate node name '\(node.name)' (declared \(counts[node.name] ?? 0) times)")
        }
        guard !manifest.root.isEmpty else { return GraphAnalysis(errors: errors, warnings: warnings, tree: nil) }
        guard nodes[manifest.root] != nil else {
            errors.append("root '\(manifest.root)' is not one of the nodes")
            return GraphAnalysis(errors: errors, warnings: warnings, tree: nil)
        }

        // Walk the tree depth first, recording each node's path the first time it is reached.
        // An explicit stack, not recursion: the manifest may be hostile, and a 100,000-node
        // chain overflowed the thread's stack. Past `maxDepth` the walk stops with an error.
        var paths: [String: [String]] = [:]
        var order: [String] = []
        var stack: [(name: String, path: [String], next: Int)] = []
        func enter(_ name: String, path: [String]) {
            paths[name] = path
            order.append(name)
            stack.append((name, path, 0))
        }
        enter(manifest.root, path: [manifest.root])
        var tooDeep = false
        while let top = stack.last {
            guard let node = nodes[top.name], top.next < node.children.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = node.children[top.next]
            let childPath = top.path + [child]
            let shown = childPath.joined(separator: " -> ")
            if nodes[child] == nil {
                errors.append("\(top.path.joined(separator: " -> ")): child '\(child)' is not a node")
            } else if top.path.contains(child) {
                errors.append("\(shown): cycle; \(child) is its own ancestor")
            } else if let first = paths[child] {
                errors.append("\(shown): \(child) is reachable twice (also \(first.joined(separator: " -> "))); a node has one parent")
            } else if childPath.count > Self.maxDepth {
                if !tooDeep {
                    errors.append("\(top.path.prefix(3).joined(separator: " -> ")) -> … -> \(child): the tree is more than \(Self.maxDepth) levels deep")
                }
                tooDeep = true
            } else {
                enter(child, path: childPath)
            }
        }
        for node in manifest.nodes where paths[node.name] == nil && nodes[node.name] == node {
            warnings.append("node '\(node.name)' is not reachable from root '\(manifest.root)'; it is not generated")
        }

        let services = orderedServices(manifest.services, errors: &errors)
        var registered: [String: ServiceDefinition] = [:]
        for service in manifest.services where registered[service.registeredAs] == nil { registered[service.registeredAs] = service }
        var usedServices = Set<String>()  // registered types some need resolves to
        for name in order {
            guard let node = nodes[name], let path = paths[name] else { continue }
            let shown = path.joined(separator: " -> ")
            checkIdentifiers(node, at: shown, errors: &errors)
            for need in node.needs where node.provides.contains(where: { $0.name == need.name }) {
                errors.append("\(shown) both needs and provides '\(need.name)'; rename one of them")
            }
            for need in node.needs {
                if let service = resolve(need, path: path, nodes: nodes, services: registered, errors: &errors) {
                    usedServices.insert(service.registeredAs)
                }
            }
            // With services, the graph registers each view model itself (from the same needs).
            let viewModel = "\(name)ViewModel"
            if node.viewModel, let clash = manifest.services.first(where: { $0.type == viewModel || $0.registeredAs == viewModel }) {
                errors.append("services: \(clash.type) is registered by `generate graph` from the needs of \(shown); remove it from services")
            }
        }
        warnings += unusedProvisions(order: order, nodes: nodes, paths: paths)
        warnings += unusedServices(manifest.services, used: usedServices, registered: registered)
        guard errors.isEmpty else { return GraphAnalysis(errors: errors, warnings: warnings, tree: nil) }
        let built = tree(order: order, nodes: nodes, paths: paths, services: services)
        let clashes = handedOnClashes(built)
        guard clashes.isEmpty else { return GraphAnalysis(errors: clashes, warnings: warnings, tree: nil) }
        return GraphAnalysis(errors: [], warnings: warnings, tree: built)
    }

    /// The services in registration order; every problem (unregistered argument types,
    /// duplicates, cycles) becomes a `services:` error.
    private static func orderedServices(_ services: [ServiceDefinition], errors: inout [String]) -> [ServiceDefinition] {
        guard !services.isEmpty else { return [] }
        do {
            return try ServiceGraph.ordered(services)
        } catch ScaffoldingError.invalidServices(let problems) {
            errors += problems.map { "services: \($0)" }
        } catch {
            errors.append("services: \(error)")
        }
        return []
    }

    /// The nearest ancestor providing the name decides: same type met, another type an error.
    /// With no provider, the service registered as the need's type meets it (returned).
    private static func resolve(_ need: GraphNeed, path: [String], nodes: [String: GraphNode],
                                services: [String: ServiceDefinition], errors: inout [String]) -> ServiceDefinition? {
        let shown = path.joined(separator: " -> ")
        for ancestor in path.dropLast().reversed() {
            guard let provision = nodes[ancestor]?.provides.first(where: { $0.name == need.name }) else { continue }
            if provision.type != need.type {
                errors.append("\(shown) needs \(need.declaration); the nearest provider, \(ancestor), provides \(provision.declaration)")
            }
            return nil
        }
        if let service = services[need.type] { return service }
        errors.append("\(shown) needs \(need.declaration); no ancestor provides it"
                      + (services.isEmpty ? "" : " and no service is registered as \(need.type)"))
        return nil
    }

    /// Services no need reaches, directly or through another used service's initializer.
    /// A warning, like an unused provision: a service may be added before the node that needs it.
    private static func unusedServices(_ services: [ServiceDefinition], used direct: Set<String>,
                                       registered: [String: ServiceDefinition]) -> [String] {
        var used = direct
        var pending = Array(direct)
        while let next = pending.popLast() {
            for argument in registered[next]?.arguments ?? [] where !used.contains(argument.type) {
                used.insert(argument.type)
                pending.append(argument.type)
            }
        }
        return services.filter { !used.contains($0.registeredAs) }.map { service in
            let shown = service.registeredAs == service.type ? service.type : "\(service.type) (as \(service.registeredAs))"
            return "services -> \(shown): no node needs it and no used service takes it; it is still registered"
        }
    }

    /// Two needs of one name but different types handed on through the same node (met by two
    /// services): its Dependency protocol could not list both.
    private static func handedOnClashes(_ tree: GraphTree) -> [String] {
        tree.entries.flatMap { entry -> [String] in
            var seen: [String: GraphNeed] = [:]
            var clashes: [String] = []
            for need in entry.required {
                if let first = seen[need.name], first.type != need.type {
                    clashes.append("\(entry.path.joined(separator: " -> ")) must hand on both \(first.declaration) and \(need.declaration); "
                                   + "rename one of the needs")
                } else {
                    seen[need.name] = need
                }
            }
            return clashes
        }
    }

    private static func checkIdentifiers(_ node: GraphNode, at shown: String, errors: inout [String]) {
        func check(_ name: String, _ what: String) {
            if !SwiftIdentifier.isValid(name) {
                errors.append("\(shown): '\(name)' is not a Swift identifier (\(what))")
            }
        }
        check(node.name, "node name")
        // A node name starts type names (`<Name>Coordinator`): `connection` is refused here too,
        // so the report lists it with its path among the other problems.
        if SwiftIdentifier.isValid(node.name), case .failure(let problem) = SwiftNames.spelling(node.name, role: .type) {
            errors.append("\(shown): '\(node.name)' is not a Swift type name (node name): \(problem.reason)")
        }
        node.needs.forEach { check($0.name, "need") }
        node.provides.forEach { check($0.name, "provision") }
    }

    private static func unusedProvisions(order: [String], nodes: [String: GraphNode], paths: [String: [String]]) -> [String] {
        var used = Set<String>()  // "Provider.name"
        for name in order {
            guard let node = nodes[name], let path = paths[name] else { continue }
            for need in node.needs {
                if let provider = path.dropLast().reversed().first(where: { ancestor in
                    nodes[ancestor]?.provides.contains { $0.name == need.name } ?? false
                }) {
                    used.insert("\(provider).\(need.name)")
                }
            }
        }
        return order.flatMap { name -> [String] in
            let node = nodes[name]
            let shown = (paths[name] ?? [name]).joined(separator: " -> ")
            return (node?.provides ?? []).filter { provision in
                !used.contains("\(name).\(provision.name)")
                    && !(node?.provides.contains { $0.name != provision.name && $0.expression.contains(provision.name) } ?? false)
            }.map { "\(shown) provides \($0.declaration), but no descendant needs it" }
        }
    }

    private static func tree(order: [String], nodes: [String: GraphNode], paths: [String: [String]],
                             services: [ServiceDefinition]) -> GraphTree {
        var required: [String: [GraphNeed]] = [:]
        var passThrough: [String: [GraphNeed]] = [:]
        // Children come after their parents in `order`, so walk it backwards.
        for name in order.reversed() {
            guard let node = nodes[name] else { continue }
            var inherited: [GraphNeed] = []
            for child in node.children {
                for need in required[child] ?? [] where !node.provides.contains(where: { $0.name == need.name })
                    && !node.needs.contains(need) && !inherited.contains(need) {
                    inherited.append(need)
                }
            }
            passThrough[name] = inherited
            required[name] = node.needs + inherited
        }
        let entries = order.compactMap { name -> GraphTree.Entry? in
            guard let node = nodes[name], let path = paths[name] else { return nil }
            return GraphTree.Entry(node: node, path: path, passThrough: passThrough[name] ?? [])
        }
        return GraphTree(entries: entries, services: services)
    }
}

/// Swift identifier rules for generated names (letters, digits, `_`; no leading digit; no keyword).
enum SwiftIdentifier {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is",
        "nil", "super", "self", "Self", "throw", "throws", "true", "try", "_",
    ]

    static func isValid(_ name: String) -> Bool {
        ItemShapes.isIdentifier(name) && !keywords.contains(name)
    }
}
