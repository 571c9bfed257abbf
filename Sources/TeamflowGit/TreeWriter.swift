import Git

/// Adds event files to a root tree, rewriting only the trees on their paths.
struct TreeWriter {
    let repository: Repository

    /// Returns the new root tree with every file placed at `events/<shard>/<id>.yaml`. Only
    /// the trees on the files' paths are rewritten, and each one inside libgit2 from its
    /// previous version, so the cost of an append does not grow with a shard's size.
    func insert(_ files: [(id: String, blob: ObjectID)], into root: ObjectID?) throws -> ObjectID {
        let rootEntries = try Trace.measure("read root") { try root.map { try repository.readTree($0) } ?? [] }
        let eventsTree = rootEntries.first { $0.name == TreeLayout.eventsFolder && $0.kind == .tree }?.id
        let eventsEntries = try Trace.measure("read events") { try eventsTree.map { try repository.readTree($0) } ?? [] }
        var byShard: [String: [TreeEntry]] = [:]
        for file in files {
            let name = TreeLayout.fileName(of: file.id)
            byShard[TreeLayout.shard(of: file.id), default: []].append(TreeEntry(name: name, id: file.blob, kind: .blob))
        }
        var shards: [TreeEntry] = []
        for (shard, entries) in byShard.sorted(by: { $0.key < $1.key }) {
            let existing = eventsEntries.first { $0.name == shard && $0.kind == .tree }?.id
            // A file of this name already there is replaced, as a dictionary would.
            var unique: [String: TreeEntry] = [:]
            for entry in entries { unique[entry.name] = entry }
            let tree = try Trace.measure("shard tree") { try repository.writeTree(existing, adding: unique.values.sorted { $0.name < $1.name }) }
            shards.append(TreeEntry(name: shard, id: tree, kind: .tree))
        }
        let events = try repository.writeTree(eventsTree, adding: shards)
        return try repository.writeTree(root, adding: [TreeEntry(name: TreeLayout.eventsFolder, id: events, kind: .tree)])
    }
}
