internal import Git

/// Adds event files to a root tree, rewriting only the trees on their paths.
struct TreeWriter {
    let repository: Repository

    /// Returns the new root tree with every file placed at `TreeLayout.path(of:)`. Only the
    /// trees on the files' paths are rewritten, each inside libgit2 from its previous version,
    /// and none of them grows with the history (see `TreeLayout`).
    func insert(_ files: [(id: String, blob: ObjectID)], into root: ObjectID?) throws -> ObjectID {
        let rootEntries = try root.map { try repository.readTree($0) } ?? []
        let eventsTree = rootEntries.first { $0.name == TreeLayout.eventsFolder && $0.kind == .tree }?.id
        let eventsEntries = try Trace.measure("read events") { try eventsTree.map { try repository.readTree($0) } ?? [] }
        // first folder -> second folder -> file name -> entry (a later file of a name wins)
        var placed: [String: [String: [String: TreeEntry]]] = [:]
        for file in files {
            let (first, second) = TreeLayout.folders(of: file.id)
            let name = TreeLayout.fileName(of: file.id)
            placed[first, default: [:]][second, default: [:]][name] = TreeEntry(name: name, id: file.blob, kind: .blob)
        }
        var firstLevel: [TreeEntry] = []
        for (first, leaves) in placed.sorted(by: { $0.key < $1.key }) {
            let existing = eventsEntries.first { $0.name == first && $0.kind == .tree }?.id
            let existingLeaves = try existing.map { try repository.readTree($0) } ?? []
            var written: [TreeEntry] = []
            for (second, entries) in leaves.sorted(by: { $0.key < $1.key }) {
                let leaf = existingLeaves.first { $0.name == second && $0.kind == .tree }?.id
                let tree = try Trace.measure("leaf tree") {
                    try repository.writeTree(leaf, adding: entries.values.sorted { $0.name < $1.name })
                }
                written.append(TreeEntry(name: second, id: tree, kind: .tree))
            }
            firstLevel.append(TreeEntry(name: first, id: try repository.writeTree(existing, adding: written), kind: .tree))
        }
        let events = try repository.writeTree(eventsTree, adding: firstLevel)
        return try repository.writeTree(root, adding: [TreeEntry(name: TreeLayout.eventsFolder, id: events, kind: .tree)])
    }
}
