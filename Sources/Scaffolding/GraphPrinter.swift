/// `generate graph --print`: the validated tree drawn with box-drawing characters, each node
/// with what it provides, what it needs and where each need comes from (the parent's
/// container, an ancestor through the nodes between, or the root's provisions), and what it
/// hands on to its subtree. Nodes no route reaches are listed after the tree.
public enum GraphPrinter {
    /// The drawing of `tree`; `unreachable` are declared nodes the root does not reach.
    public static func render(_ tree: GraphTree, unreachable: [String] = []) -> String {
        var byName: [String: GraphTree.Entry] = [:]
        for entry in tree.entries { byName[entry.node.name] = entry }
        var lines: [String] = []
        // Parents before children, so a stack of (name, guide, connector) draws depth first in
        // manifest order without recursion.
        var stack: [(name: String, guide: String, connector: String)] = []
        if let root = tree.entries.first { stack.append((root.node.name, "", "")) }
        while let top = stack.popLast() {
            let (name, guide, connector) = (top.name, top.guide, top.connector)
            guard let entry = byName[name] else { continue }
            let node = entry.node
            lines.append(guide + connector + name + (entry.path.count == 1 ? "  (root)" : ""))
            let childGuide = guide + (connector == "├── " ? "│   " : connector.isEmpty ? "" : "    ")
            let detailGuide = childGuide + (node.children.isEmpty ? "    " : "│   ")
            for provision in node.provides { lines.append(detailGuide + "provides \(provision.declaration)") }
            for need in node.needs { lines.append(detailGuide + "needs \(need.declaration) ← \(source(of: need, for: entry, in: tree))") }
            for need in entry.passThrough {
                lines.append(detailGuide + "hands on \(need.declaration) ← \(source(of: need, for: entry, in: tree))")
            }
            for (index, child) in node.children.enumerated().reversed() {
                stack.append((child, childGuide, index == node.children.count - 1 ? "└── " : "├── "))
            }
        }
        if !tree.services.isEmpty {
            lines.append("")
            lines.append("Services, in registration order:")
            for service in tree.services {
                let registered = service.registeredAs == service.type ? "" : " as \(service.registeredAs)"
                let arguments = service.arguments.isEmpty ? ""
                    : " (" + service.arguments.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
                lines.append("  \(service.scope.rawValue) \(service.type)\(registered)\(arguments)")
            }
            let viewModels = tree.viewModelRegistrations
            if !viewModels.isEmpty {
                lines.append("View models registered from their needs (the labels their initializers have):")
                for service in viewModels {
                    lines.append("  factory \(service.type)(" + service.arguments.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")")
                }
            }
        }
        if !unreachable.isEmpty {
            lines.append("")
            lines.append("Not reachable from \(tree.entries.first?.node.name ?? "the root") (not generated): "
                         + unreachable.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// Where `entry`'s `need` comes from: the nearest ancestor providing it and the nodes
    /// between that hand it on, or the service registered as its type.
    static func source(of need: GraphNeed, for entry: GraphTree.Entry, in tree: GraphTree) -> String {
        let ancestors = Array(entry.path.dropLast())
        switch tree.source(of: need, for: entry) {
        case nil:
            return "nobody provides it"
        case .service(let service)?:
            let registered = service.registeredAs == service.type ? "" : " (registered as \(service.registeredAs))"
            return "service \(service.type)\(registered), through the root's dependency"
        case .provision(let provider)?:
            guard let index = ancestors.lastIndex(of: provider) else { return "\(provider)" }
            let between = ancestors[(index + 1)...]
            if between.isEmpty { return "\(provider)'s container (parent)" }
            let through = "passed through " + between.joined(separator: ", ")
            return index == 0 ? "the root's provisions (\(provider)), \(through)" : "\(provider), \(through)"
        }
    }
}
