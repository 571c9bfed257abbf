import Foundation
import TeamflowCore

/// What a write did, by path.
public struct SiteWriteReport: Sendable, Equatable {
    public var written: [String] = []
    public var unchanged: [String] = []
    /// Files an earlier export wrote that it no longer has (a removed review, say).
    public var removed: [String] = []
}

/// Writes the site into a folder it may share with other files (a `gh-pages` checkout).
///
/// It owns only the files listed in its manifest (`.teamflow-site-manifest`) and the files it
/// writes now: nothing else is touched or deleted. It never writes, reads or deletes through
/// a symbolic link inside the folder (a link could point outside it), and checks everything
/// before it writes: each changed file is staged next to its target, then all are moved into
/// place, so a file in the way stops the export with nothing half-written.
public enum SiteWriter {
    public static let manifestName = ".teamflow-site-manifest"
    static let manifestHeader = "# Files written by `teamflow site`. Files not listed here are never touched."

    public static func write(_ files: [SiteFile], to directory: String) throws -> SiteWriteReport {
        let fm = FileManager.default
        try prepareRoot(directory)
        for file in files where !isSafePath(file.path) { throw TeamflowError(.failure, "refusing to write \(file.path): not a plain relative path") }
        let owned = readManifest(in: directory)
        let paths = Set(files.map(\.path))
        let manifest = ([manifestHeader] + files.map(\.path).sorted()).joined(separator: "\n") + "\n"
        var report = SiteWriteReport()
        var changes: [(path: String, data: Data)] = []
        var folders: [String] = []
        for file in files + [SiteFile(path: manifestName, contents: manifest)] {
            let data = Data(file.contents.utf8)
            let parts = file.path.split(separator: "/").map(String.init)
            var folder = directory
            for part in parts.dropLast() {
                folder = (folder as NSString).appendingPathComponent(part)
                switch kind(folder) {
                case .missing: if !folders.contains(folder) { folders.append(folder) }
                case .folder: break
                case .link: throw inTheWay(folder, "is a symbolic link")
                case .file, .special: throw inTheWay(folder, "is a file, not a folder")
                }
            }
            let path = (directory as NSString).appendingPathComponent(file.path)
            switch kind(path) {
            case .link: throw inTheWay(path, "is a symbolic link")
            case .folder: throw inTheWay(path, "is a folder")
            case .special: throw inTheWay(path, "is not a regular file")
            case .file:
                if fm.contents(atPath: path) == data {
                    if file.path != manifestName { report.unchanged.append(file.path) }
                    continue
                }
                guard fm.isWritableFile(atPath: path) else { throw inTheWay(path, "is not writable") }
            case .missing: break
            }
            changes.append((file.path, data))
        }
        // Stale files: owned before, not written now, still plain files reached without a link.
        let stale = owned.filter { !paths.contains($0) }.sorted().filter { path in
            let parts = path.split(separator: "/").map(String.init)
            var folder = directory
            for part in parts.dropLast() {
                folder = (folder as NSString).appendingPathComponent(part)
                guard kind(folder) == .folder else { return false }
            }
            return kind((directory as NSString).appendingPathComponent(path)) == .file
        }
        guard !changes.isEmpty || !stale.isEmpty else { return report }
        guard fm.isWritableFile(atPath: directory) else { throw inTheWay(directory, "is not writable") }

        var staged: [(temp: String, target: String)] = []
        do {
            for folder in folders { try fm.createDirectory(atPath: folder, withIntermediateDirectories: false) }
            for change in changes {
                let target = (directory as NSString).appendingPathComponent(change.path)
                let temp = ((target as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(".\((target as NSString).lastPathComponent).teamflow-tmp")
                try change.data.write(to: URL(fileURLWithPath: temp))
                staged.append((temp, target))
            }
        } catch {
            for item in staged { try? fm.removeItem(atPath: item.temp) }
            throw TeamflowError(.failure, "cannot write the site into \(directory): \(error.localizedDescription)",
                                hints: ["No page was changed."])
        }
        for item in staged {
            guard rename(item.temp, item.target) == 0 else {
                let reason = String(cString: strerror(errno))
                for rest in staged { try? fm.removeItem(atPath: rest.temp) }
                throw TeamflowError(.failure, "cannot replace \(item.target): \(reason)")
            }
        }
        for path in stale { try? fm.removeItem(atPath: (directory as NSString).appendingPathComponent(path)) }
        report.written = changes.map(\.path).filter { $0 != manifestName }
        report.removed = stale
        return report
    }

    /// Creates the output folder when missing; a file in its place is an error.
    static func prepareRoot(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw inTheWay(directory, "is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw TeamflowError(.failure, "cannot create \(directory): \(error.localizedDescription)")
        }
    }

    /// The paths an earlier export owns; only plain relative paths of the site's kinds are trusted.
    static func readManifest(in directory: String) -> [String] {
        let path = (directory as NSString).appendingPathComponent(manifestName)
        guard kind(path) == .file, let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && isSafePath($0) }
    }

    /// `name.html` or `folder/name.svg`: ASCII letters, digits, `-`, `_` and one dot per part,
    /// no part starting with a dot, at most two parts.
    static func isSafePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), [".html", ".css", ".svg"].contains(where: path.hasSuffix) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.first != "." && part.filter { $0 == "." }.count <= 1
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
    }

    enum Kind { case missing, file, folder, link, special }

    /// What is at `path`, without following a symbolic link.
    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .link
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .special
        }
    }

    static func inTheWay(_ path: String, _ what: String) -> TeamflowError {
        TeamflowError(.failure, "\(path) \(what); the site cannot be written there",
                      hints: ["Nothing was changed. Move it away or choose another folder with --out DIR."])
    }
}
