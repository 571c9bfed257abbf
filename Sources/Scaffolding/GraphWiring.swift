/// The parent side of the tree, which no template can know alone: for each node, an
/// extension of its container that provides what it promised, hands on what its subtree
/// needs from above, and builds its children's containers; plus one conformance to each
/// child's `<Child>Dependency`. The nearest ancestor that provides a name wins, so a child's
/// conformance is met either by this node's provision or by the forwarded value.
enum GraphWiring {
    /// The template name written in the generated header.
    static let templateName = "graph"

    /// The wiring file of `entry`, header included (without the digest).
    /// `access` is `public` or `internal` (the manifest's `access`).
    static func source(for entry: GraphTree.Entry, in tree: GraphTree, imports: [String], access: String = "public") -> String {
        let node = entry.node
        let container = "\(node.name)Container"
        var out = GeneratedHeader.header(template: templateName)
        for module in imports { out += "import \(module)\n" }
        if !imports.isEmpty { out += "\n" }

        var members: [String] = []
        for provision in node.provides {
            // Shared provisions live in the container (`shared` keeps the first instance made).
            switch provision.scope {
            case .shared:
                members.append("    /// Provided by \(node.name) to its subtree: shared, made on first read.\n"
                    + "    \(access) var \(provision.name): \(provision.type) { shared { \(provision.expression) } }")
            case .factory:
                members.append("    /// Provided by \(node.name) to its subtree: a factory, made on every read.\n"
                    + "    \(access) var \(provision.name): \(provision.type) { \(provision.expression) }")
            }
        }
        for need in entry.required {
            members.append("    /// From \(node.name)'s parent, for \(node.name) and its subtree.\n"
                + "    \(access) var \(need.name): \(need.type) { dependency.\(need.name) }")
        }
        for child in node.children {
            let lower = ItemShapes.lowerFirst(child)
            // Not shared: the child's container holds this one, so keeping it here would be a cycle.
            members.append("    /// \(child)'s container, built on this one.\n"
                + "    \(access) var \(lower)Containable: \(child)Containable { \(child)Container(dependency: self) }")
        }
        if !members.isEmpty {
            out += "/// What \(node.name) hands its subtree (path: \(entry.path.joined(separator: " -> "))).\n"
            out += "extension \(container) {\n" + members.joined(separator: "\n\n") + "\n}\n"
        }

        for child in node.children {
            guard let childEntry = tree.entry(child) else { continue }
            if !out.hasSuffix("// Edit freely; regenerate with --force.\n\n") { out += "\n" }
            let sources = childEntry.required.map { need -> String in
                let from = node.provides.contains { $0.name == need.name } ? "provided by \(node.name)" : "handed on from above"
                return "\(need.declaration) (\(from))"
            }
            out += sources.isEmpty
                ? "/// \(child) needs nothing from \(node.name).\n"
                : "/// \(child) needs: \(sources.joined(separator: ", ")).\n"
            out += "extension \(container): \(child)Dependency {}\n"
        }

        if entry.path.count == 1 {
            if !out.hasSuffix("\n\n") { out += "\n" }
            out += rootClass(entry, in: tree, access: access)
        }
        return out
    }

    /// `<Root>Root`, the root's dependency. Without services the root needs nothing from
    /// outside; with them, what the tree needs from services is handed to it by the generated
    /// `registerDependencies()`, which builds it from the instances it registers.
    private static func rootClass(_ entry: GraphTree.Entry, in tree: GraphTree, access: String) -> String {
        let name = entry.node.name
        let container = "\(name)Container"
        guard !entry.required.isEmpty else {
            return """
                /// \(name) is the root: it needs nothing from outside. Start the tree with
                /// `\(container)(dependency: \(name)Root()).coordinator(listener: ..., presenter: ...)`.
                @MainActor
                \(access) final class \(name)Root: \(name)Dependency {
                    \(access) init() {}
                }

                """
        }
        var members: [String] = []
        var parameters: [String] = []
        var assignments: [String] = []
        for need in entry.required {
            let factory: Bool
            if case .service(let service)? = tree.source(of: need, for: entry) { factory = service.scope == .factory } else { factory = false }
            let maker = "make" + ItemShapes.upperFirst(need.name)
            if factory {
                members.append("    private let \(maker): @MainActor () -> \(need.type)\n"
                    + "    /// A new one on every read (the service is a factory).\n"
                    + "    \(access) var \(need.name): \(need.type) { \(maker)() }")
                parameters.append("\(need.name): @escaping @MainActor () -> \(need.type)")
                assignments.append("        self.\(maker) = \(need.name)")
            } else {
                members.append("    \(access) let \(need.name): \(need.type)")
                parameters.append("\(need.name): \(need.type)")
                assignments.append("        self.\(need.name) = \(need.name)")
            }
        }
        return """
            /// \(name) is the root: what the tree needs from the app's services comes in here.
            /// `DIContainer.registerDependencies()` builds it from the instances it registers; start the tree with
            /// `\(container)(dependency: DIContainer.shared.registerDependencies()).coordinator(listener: ..., presenter: ...)`.
            @MainActor
            \(access) final class \(name)Root: \(name)Dependency {
            \(members.joined(separator: "\n"))

                \(access) init(\(parameters.joined(separator: ", "))) {
            \(assignments.joined(separator: "\n"))
                }
            }

            """
    }
}
