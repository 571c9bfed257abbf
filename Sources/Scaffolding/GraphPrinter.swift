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
            for need in node.needs { lines.append(detailGuide + "needs \(need.declaration) ← \(source(of: need, for: entry, byName))") }
            for need in entry.passThrough {
                lines.append(detailGuide + "hands on \(need.declaration) ← \(source(of: need, for: entry, byName))")
            }
            for (index, child) in node.children.enumerated().reversed() {
                stack.append((child, childGuide, index == node.children.count - 1 ? "└── " : "├── "))
            }
        }
        if !unreachable.isEmpty {
            lines.append("")
            lines.append("Not reachable from \(tree.entries.first?.node.name ?? "the root") (not generated): "
                         + unreachable.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// Where `entry`'s `need` comes from: the nearest ancestor providing it, and the nodes
    /// between that hand it on.
    static func source(of need: GraphNeed, for entry: GraphTree.Entry, _ byName: [String: GraphTree.Entry]) -> String {
        let ancestors = Array(entry.path.dropLast())
        guard let index = ancestors.lastIndex(where: { name in
            byName[name]?.node.provides.contains { $0.name == need.name } ?? false
        }) else { return "nobody provides it" }
        let provider = ancestors[index]
        let between = ancestors[(index + 1)...]
        if between.isEmpty { return "\(provider)'s container (parent)" }
        let through = "passed through " + between.joined(separator: ", ")
        return index == 0 ? "the root's provisions (\(provider)), \(through)" : "\(provider), \(through)"
    }
}
