internal import Git
import TeamflowCore
import YAML

/// An event file found in a tree, parsed or not.
struct EventFile: Sendable {
    var path: String
    var blob: ObjectID
}

/// Reads event files out of the ref's trees.
struct EventTreeReader {
    let repository: Repository

    /// Every `*.yaml` blob under `events/` (any depth) of a root tree.
    func eventFiles(rootTree: ObjectID) throws -> EventListing {
        guard let events = try repository.readTree(rootTree).first(where: { $0.name == TreeLayout.eventsFolder && $0.kind == .tree }) else {
            return []
        }
        var files = EventListing()
        try collect(tree: events.id, prefix: TreeLayout.eventsFolder, into: &files)
        return files
    }

    private func collect(tree: ObjectID, prefix: String, into files: inout EventListing) throws {
        let suffix = Array(TreeLayout.fileExtension.utf8)
        var folders: [(name: String, id: ObjectID)] = []
        try repository.forEachEntry(ofTree: tree) { name, id, kind in
            switch kind {
            case .tree:
                // Walked after this tree is released: libgit2's lock is held during the visit.
                folders.append((String(decoding: name, as: UTF8.self), id))
            case .blob, .executable:
                // The names' bytes go straight into the listing; no String per file.
                if name.count >= suffix.count, name.suffix(suffix.count).elementsEqual(suffix) {
                    files.append(path: prefix.utf8, name: name, blob: id)
                }
            case .link, .commit:
                break
            }
        }
        for folder in folders {
            try collect(tree: folder.id, prefix: prefix + "/" + folder.name, into: &files)
        }
    }

    /// Entries of the ref's tree that readers pass over, as warnings for `doctor`: anything
    /// beside `events/` at the top, and symbolic links, submodules and files not named
    /// `*.yaml` under it. None of them is ever read as an event.
    func strayEntries(rootTree: ObjectID) throws -> [Diagnostic] {
        var found: [Diagnostic] = []
        func describe(_ kind: TreeEntryKind) -> String {
            switch kind {
            case .link: return "a symbolic link"
            case .commit: return "a submodule entry"
            case .tree: return "a folder"
            case .blob, .executable: return "a file"
            }
        }
        func walk(_ tree: ObjectID, prefix: String) throws {
            for entry in try repository.readTree(tree) {
                let path = prefix + "/" + entry.name
                switch entry.kind {
                case .tree: try walk(entry.id, prefix: path)
                case .blob where entry.name.hasSuffix(TreeLayout.fileExtension): continue
                case .executable where entry.name.hasSuffix(TreeLayout.fileExtension): continue
                default:
                    found.append(Diagnostic(path: path, severity: .warning,
                                            message: "\(describe(entry.kind)) among the events; ignored (only *.yaml files are events)"))
                }
            }
        }
        for entry in try repository.readTree(rootTree) {
            if entry.name == TreeLayout.eventsFolder, entry.kind == .tree {
                try walk(entry.id, prefix: entry.name)
            } else {
                found.append(Diagnostic(path: entry.name, severity: .warning,
                                        message: "\(describe(entry.kind)) outside events/; ignored"))
            }
        }
        return found
    }

    /// Event files in `new` that are not in `old`, skipping identical subtrees; `changed` is true
    /// when a file of `old` vanished or changed, which events never do (so the caller rebuilds).
    func addedEventFiles(old: ObjectID, new: ObjectID) throws -> (added: [EventFile], changed: Bool) {
        var added: [EventFile] = []
        var changed = false
        func diff(_ oldTree: ObjectID?, _ newTree: ObjectID, prefix: String) throws {
            if oldTree == newTree { return }
            let oldEntries = try oldTree.map { try repository.readTree($0) } ?? []
            var oldByName: [String: TreeEntry] = [:]
            for entry in oldEntries { oldByName[entry.name] = entry }
            var seen = Set<String>()
            for entry in try repository.readTree(newTree) {
                seen.insert(entry.name)
                let path = prefix + "/" + entry.name
                let before = oldByName[entry.name]
                switch entry.kind {
                case .tree:
                    if let before, before.kind != .tree { changed = true }
                    try diff(before?.kind == .tree ? before?.id : nil, entry.id, prefix: path)
                case .blob, .executable:
                    guard entry.name.hasSuffix(TreeLayout.fileExtension) else { continue }
                    if let before {
                        if before.id != entry.id { changed = true }
                    } else {
                        added.append(EventFile(path: path, blob: entry.id))
                    }
                case .link, .commit:
                    continue
                }
            }
            if oldEntries.contains(where: { !seen.contains($0.name) }) { changed = true }
        }
        let oldEvents = try subtree(TreeLayout.eventsFolder, of: old)
        guard let newEvents = try subtree(TreeLayout.eventsFolder, of: new) else {
            return ([], oldEvents != nil)
        }
        try diff(oldEvents, newEvents, prefix: TreeLayout.eventsFolder)
        return (added, changed)
    }

    func subtree(_ name: String, of tree: ObjectID) throws -> ObjectID? {
        try repository.readTree(tree).first { $0.name == name && $0.kind == .tree }?.id
    }

    /// Parses files into events; corrupt ones become diagnostics, never silently dropped.
    ///
    /// Blobs are read on this thread (libgit2 serialises a repository's reads anyway), then
    /// parsed on every core: the fast decoder for files in our own layout, libyaml otherwise.
    func load(_ files: some Collection<EventFile>) -> (events: [Event], diagnostics: [Diagnostic]) {
        let sorted = files.sorted { $0.path < $1.path }
        let blobs: [Result<[UInt8], any Error>] = sorted.map { file in Result { try repository.readBlob(file.blob) } }

        let parsed = ParallelMap.map(count: sorted.count) { index in
            EventTreeReader.parse(path: sorted[index].path, blob: blobs[index])
        }

        var events: [Event] = []
        var diagnostics: [Diagnostic] = []
        var byID: [String: (path: String, blob: ObjectID)] = [:]
        events.reserveCapacity(sorted.count)
        for (file, result) in zip(sorted, parsed) {
            switch result {
            case .problem(let diagnostic):
                diagnostics.append(diagnostic)
            case .event(let event, let idMark):
                guard file.path.hasSuffix("/" + TreeLayout.fileName(of: event.id)) else {
                    diagnostics.append(Diagnostic(path: file.path, line: idMark?.line, column: idMark?.column,
                                                  message: "the event id '\(event.id)' does not match the file name; skipped"))
                    continue
                }
                if let first = byID[event.id] {
                    let what = first.blob == file.blob ? "a copy of" : "a different event with the same id as"
                    diagnostics.append(Diagnostic(path: file.path, message: "\(what) \(first.path); skipped"))
                    continue
                }
                byID[event.id] = (file.path, file.blob)
                events.append(event)
            }
        }
        events.sort(by: Event.precedes)
        return (events, diagnostics)
    }

    enum Parsed: Sendable {
        case event(Event, idMark: Mark?)
        case problem(Diagnostic)
    }

    /// One file's bytes to an event or a diagnostic with path and line:column.
    static func parse(path: String, blob: Result<[UInt8], any Error>) -> Parsed {
        let bytes: [UInt8]
        switch blob {
        case .success(let b): bytes = b
        case .failure(let error): return .problem(Diagnostic(path: path, message: "unreadable: \(error); skipped"))
        }
        if let event = FastEventDecoder.decode(bytes) {
            return .event(event, idMark: nil)
        }
        do {
            let node = try YAML.parse(bytes: bytes, file: path, maxAliasExpansion: EventCodec.maxAliasExpansion)
            return .event(try EventCodec.decode(node), idMark: node["id"]?.mark)
        } catch let error as YAMLError {
            return .problem(Diagnostic(path: path, line: error.mark?.line, column: error.mark?.column,
                                       message: "invalid YAML: \(error.message); skipped"))
        } catch let error as EventCodec.DecodeError {
            return .problem(Diagnostic(path: path, line: error.mark?.line, column: error.mark?.column,
                                       message: "not a valid event: \(error.message); skipped"))
        } catch {
            return .problem(Diagnostic(path: path, message: "unreadable: \(error); skipped"))
        }
    }
}
