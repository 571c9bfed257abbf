internal import Git
import TeamflowCore

/// The union of two event trees, as a sync merge writes it.
///
/// Events are immutable files, so merging two histories is the union of their files. Both
/// trees are walked together and identical subtrees are skipped, so the cost follows what
/// differs, not the size of the history. A path present on both sides with different content
/// (or a file on one side where the other has a folder) is corruption and stops the merge.
struct TreeUnion {
    /// A path holds different things on the two sides.
    struct Conflict: Error {
        var path: String
    }

    /// The result of comparing (and optionally merging) two root trees.
    struct Result {
        /// The merged root tree (nil in a count-only run, or when both sides are empty).
        var tree: ObjectID?
        /// Event files only the first (local) side has.
        var onlyLocal = 0
        /// Event files only the second (remote) side has.
        var onlyRemote = 0
    }

    let repository: Repository

    /// Compares `local` and `remote`; writes the merged trees only when `write` is true.
    func union(local: ObjectID?, remote: ObjectID?, write: Bool) throws -> Result {
        var result = Result()
        result.tree = try merge(local, remote, path: "", write: write, result: &result)
        return result
    }

    private func merge(_ local: ObjectID?, _ remote: ObjectID?, path: String, write: Bool,
                       result: inout Result) throws -> ObjectID? {
        if local == remote { return local }
        guard let local else {
            result.onlyRemote += try countEventFiles(remote, path: path)
            return remote
        }
        guard let remote else {
            result.onlyLocal += try countEventFiles(local, path: path)
            return local
        }
        var remoteByName: [String: TreeEntry] = [:]
        for entry in try repository.readTree(remote) { remoteByName[entry.name] = entry }
        var merged: [TreeEntry] = []
        for entry in try repository.readTree(local) {
            let child = join(path, entry.name)
            guard let other = remoteByName.removeValue(forKey: entry.name) else {
                result.onlyLocal += try count(entry, path: child)
                merged.append(entry)
                continue
            }
            if other.id == entry.id, other.kind == entry.kind {
                merged.append(entry)
            } else if other.kind == .tree, entry.kind == .tree {
                let tree = try merge(entry.id, other.id, path: child, write: write, result: &result)
                merged.append(TreeEntry(name: entry.name, id: tree ?? entry.id, kind: .tree))
            } else {
                throw Conflict(path: child)
            }
        }
        for entry in remoteByName.values {
            result.onlyRemote += try count(entry, path: join(path, entry.name))
            merged.append(entry)
        }
        return write ? try repository.writeTree(merged) : nil
    }

    private func count(_ entry: TreeEntry, path: String) throws -> Int {
        switch entry.kind {
        case .tree: return try countEventFiles(entry.id, path: path)
        case .blob, .executable: return TreeUnion.isEventFile(path) ? 1 : 0
        case .link, .commit: return 0
        }
    }

    private func countEventFiles(_ tree: ObjectID?, path: String) throws -> Int {
        guard let tree else { return 0 }
        // Only `events/` holds events; other root entries are carried but not counted.
        if !path.isEmpty, path != TreeLayout.eventsFolder, !path.hasPrefix(TreeLayout.eventsFolder + "/") { return 0 }
        var total = 0
        for entry in try repository.readTree(tree) { total += try count(entry, path: join(path, entry.name)) }
        return total
    }

    private func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "/" + name }

    static func isEventFile(_ path: String) -> Bool {
        path.hasPrefix(TreeLayout.eventsFolder + "/") && path.hasSuffix(TreeLayout.fileExtension)
    }

    /// The event id a conflicting path names (its file name without `.yaml`), if it is one.
    static func eventID(of path: String) -> String? {
        guard isEventFile(path), let name = path.split(separator: "/").last else { return nil }
        return String(name.dropLast(TreeLayout.fileExtension.count))
    }
}
