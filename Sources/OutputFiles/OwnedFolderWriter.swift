import Foundation

/// What a write did, by path relative to the folder.
public struct OutputReport: Sendable, Equatable {
    public var written: [String] = []
    public var unchanged: [String] = []
    /// Files an earlier write owned that this one no longer has (a removed review, say).
    public var removed: [String] = []

    public init(written: [String] = [], unchanged: [String] = [], removed: [String] = []) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
    }
}

/// Why an owned-folder write stopped. Nothing was changed in the folder.
public enum OutputWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path breaks `OutputRule` (a `.git` component, inside a git directory, out of the folder).
    case refused(OutputRefusal)
    /// Not a path this writer owns (`isOwnable` said no).
    case notOwnable(path: String)
    /// Something is at `path` that must not be written through or over.
    case inTheWay(path: String, what: String)
    /// A file system call failed.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .refused(refusal): return refusal.description
        case let .notOwnable(path): return "refusing to write \(path): not a plain relative path"
        case let .inTheWay(path, what): return "\(path) \(what)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        }
    }
}

extension OutputWriteError {
    /// Which way out a report offers: another folder, moving a thing away, or none.
    public enum Remedy: Sendable, Equatable {
        /// The folder (or a path in it) is refused: only another folder helps.
        case chooseAnotherFolder
        /// Something in the folder is in the way: move it, or write elsewhere.
        case moveItOrChooseAnotherFolder
        /// A file system failure: nothing a front-end can suggest.
        case none
    }

    /// The message and hint a library error shows for this error, for an export of `what`
    /// (the site, the wiki) into `directory`; every case says that nothing was changed. The
    /// hint names no front-end's option: the command line words `remedy` with `--out DIR`.
    public func report(what: String, directory: String) -> (message: String, hint: String, remedy: Remedy) {
        switch self {
        case .refused, .notOwnable:
            return (description, "Nothing was changed. Choose another folder.", .chooseAnotherFolder)
        case let .inTheWay(path, thing):
            return ("\(path) \(thing); \(what) cannot be written there",
                    "Nothing was changed. Move it away or choose another folder.", .moveItOrChooseAnotherFolder)
        case .cannotWrite:
            return ("cannot write \(what) into \(directory): \(self)", "Nothing was changed.", .none)
        }
    }
}

/// Writes a set of files into a folder it shares with other files (a GitHub wiki clone, a
/// `gh-pages` checkout): the wiki export and the site.
///
/// It owns only the paths listed in its manifest and the paths it writes now; nothing else is
/// touched or deleted. It never writes, reads or deletes through a symbolic link inside the
/// folder, follows `OutputRule` (no `.git` anywhere, not into a git directory), and checks
/// everything before its first write. Changed files are staged outside the folder
/// (`StagingArea`) and then moved into place, so a file in the way stops the write with
/// nothing changed and a killed write leaves no temporary file in the folder.
public struct OwnedFolderWriter: Sendable {
    public let manifestName: String
    public let manifestHeader: String
    /// The paths this writer may own (checked for new files and for manifest entries).
    public let isOwnable: @Sendable (String) -> Bool

    public init(manifestName: String, manifestHeader: String, isOwnable: @escaping @Sendable (String) -> Bool) {
        self.manifestName = manifestName
        self.manifestHeader = manifestHeader
        self.isOwnable = isOwnable
    }

    public func write(_ files: [(path: String, contents: String)], to directory: String) throws(OutputWriteError) -> OutputReport {
        let rule: OutputRule
        do { rule = try OutputRule(folder: directory) } catch { throw .refused(error) }
        for file in files {
            do { _ = try rule.check(file.path) } catch { throw .refused(error) }
            guard isOwnable(file.path) else { throw .notOwnable(path: file.path) }
        }
        try prepareRoot(directory, rule: rule)
        let owned = readManifest(in: directory)
        let paths = Set(files.map(\.path))
        let manifest = ([manifestHeader] + files.map(\.path).sorted()).joined(separator: "\n") + "\n"
        var report = OutputReport()
        var changes: [(path: String, data: Data)] = []
        var folders: [String] = []
        for file in files + [(path: manifestName, contents: manifest)] {
            let data = Data(file.contents.utf8)
            var folder = directory
            for part in file.path.split(separator: "/").dropLast() {
                folder = (folder as NSString).appendingPathComponent(String(part))
                switch PathResolution.kind(folder) {
                case .missing: if !folders.contains(folder) { folders.append(folder) }
                case .folder: break
                case .link: throw .inTheWay(path: folder, what: "is a symbolic link")
                case .file, .special: throw .inTheWay(path: folder, what: "is a file, not a folder")
                }
            }
            let path = (directory as NSString).appendingPathComponent(file.path)
            do { try rule.checkDestination(path, displayPath: file.path) } catch { throw .refused(error) }
            switch PathResolution.kind(path) {
            case .link: throw .inTheWay(path: path, what: "is a symbolic link")
            case .folder: throw .inTheWay(path: path, what: "is a folder")
            case .special: throw .inTheWay(path: path, what: "is not a regular file")
            case .file:
                if FileManager.default.contents(atPath: path) == data {
                    if file.path != manifestName { report.unchanged.append(file.path) }
                    continue
                }
                guard access(path, W_OK) == 0 else { throw .inTheWay(path: path, what: "is not writable") }
            case .missing: break
            }
            changes.append((file.path, data))
        }
        // Stale files: owned before, not written now, still plain files reached without a link.
        let stale = owned.filter { !paths.contains($0) }.sorted().filter { path in
            var folder = directory
            for part in path.split(separator: "/").dropLast() {
                folder = (folder as NSString).appendingPathComponent(String(part))
                guard PathResolution.kind(folder) == .folder else { return false }
            }
            return PathResolution.kind((directory as NSString).appendingPathComponent(path)) == .file
        }
        guard !changes.isEmpty || !stale.isEmpty else { return report }
        guard access(directory, W_OK) == 0 else { throw .inTheWay(path: directory, what: "is not writable") }

        let staging: StagingArea
        var staged: [(temp: String, target: String)] = []
        do {
            staging = try StagingArea(for: directory)
            for change in changes {
                staged.append((try staging.stage(change.data), (directory as NSString).appendingPathComponent(change.path)))
            }
        } catch {
            throw .cannotWrite(path: directory, reason: "\(error)")
        }
        defer { staging.discard() }
        for folder in folders where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw .cannotWrite(path: folder, reason: String(cString: strerror(errno)))
        }
        OutputFault.staged.hit()
        for (index, item) in staged.enumerated() {
            if index == staged.count / 2 { OutputFault.moving.hit() }
            do { try staging.move(item.temp, to: item.target) } catch {
                throw .cannotWrite(path: item.target, reason: error.reason)
            }
        }
        for path in stale { unlink((directory as NSString).appendingPathComponent(path)) }
        report.written = changes.map(\.path).filter { $0 != manifestName }
        report.removed = stale
        return report
    }

    /// The paths an earlier write owns; only ownable paths are trusted.
    public func readManifest(in directory: String) -> [String] {
        let path = (directory as NSString).appendingPathComponent(manifestName)
        guard PathResolution.kind(path) == .file, let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { entry in
            !entry.hasPrefix("#") && isOwnable(entry) && (try? OutputRule.components(of: entry)) != nil
        }
    }

    /// Creates the output folder when missing; a file or a link in its place is an error.
    private func prepareRoot(_ directory: String, rule: OutputRule) throws(OutputWriteError) {
        switch PathResolution.kind(directory) {
        case .folder: return
        case .file, .special: throw .inTheWay(path: directory, what: "is a file, not a folder")
        case .link:
            // A link given as the folder itself is the user's choice (`--out` a link); only a
            // link to a folder is usable, and the rule was checked on its target.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue { return }
            throw .inTheWay(path: directory, what: "is a symbolic link to no folder")
        case .missing:
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: directory, reason: error.localizedDescription)
            }
        }
    }
}
