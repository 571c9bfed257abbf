import Git

/// Adds event files to a root tree, rewriting only the trees on their paths.
struct TreeWriter {
    let repository: Repository

    /// Returns the new root tree with every file placed at `events/<shard>/<id>.yaml`.
    func insert(_ files: [(id: String, blob: ObjectID)], into root: ObjectID?) throws -> ObjectID {
        var rootEntries = try root.map { try repository.readTree($0) } ?? []
        let eventsTree = rootEntries.first { $0.name == TreeLayout.eventsFolder && $0.kind == .tree }?.id
        var eventsEntries = try eventsTree.map { try repository.readTree($0) } ?? []
        var byShard: [String: [(id: String, blob: ObjectID)]] = [:]
        for file in files { byShard[TreeLayout.shard(of: file.id), default: []].append(file) }
        for (shard, shardFiles) in byShard {
            let existing = eventsEntries.first { $0.name == shard && $0.kind == .tree }?.id
            var entries: [String: TreeEntry] = [:]
            for entry in try existing.map({ try repository.readTree($0) }) ?? [] { entries[entry.name] = entry }
            for file in shardFiles {
                let name = TreeLayout.fileName(of: file.id)
                entries[name] = TreeEntry(name: name, id: file.blob, kind: .blob)
            }
            eventsEntries.removeAll { $0.name == shard }
            eventsEntries.append(TreeEntry(name: shard, id: try repository.writeTree(Array(entries.values)), kind: .tree))
        }
        rootEntries.removeAll { $0.name == TreeLayout.eventsFolder }
        rootEntries.append(TreeEntry(name: TreeLayout.eventsFolder, id: try repository.writeTree(eventsEntries), kind: .tree))
        return try repository.writeTree(rootEntries)
    }
}
