import Foundation
import TeamflowCore

/// What a write did, by page file name.
public struct WikiWriteReport: Sendable, Equatable {
    public var written: [String] = []
    public var unchanged: [String] = []
    /// Pages an earlier export wrote that no longer exist (a removed review, say).
    public var removed: [String] = []
}

/// Writes exported pages into a folder it shares with other files (a GitHub wiki clone).
///
/// It owns only the pages listed in its manifest (`.teamflow-wiki-manifest`) and the pages it
/// writes now; every other file is left alone. All checks come first and every changed page is
/// written to a temporary file before any is moved into place, so a page that cannot be
/// written (a folder in its way, no permission) stops the export with nothing half-written.
public enum WikiWriter {
    public static let manifestName = ".teamflow-wiki-manifest"
    static let manifestHeader = "# Pages written by `teamflow wiki export`. Files not listed here are never touched."

    public static func write(_ files: [WikiFile], to directory: String) throws -> WikiWriteReport {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw inTheWay(directory, "is a file, not a folder") }
        } else {
            do {
                try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw TeamflowError(.failure, "cannot create \(directory): \(error.localizedDescription)")
            }
        }
        let owned = readManifest(in: directory)
        let names = Set(files.map(\.name))
        let manifest = ([manifestHeader] + files.map(\.name).sorted()).joined(separator: "\n") + "\n"
        var report = WikiWriteReport()
        var changes: [(name: String, data: Data)] = []
        for file in files + [WikiFile(name: manifestName, contents: manifest)] {
            try checkChartFolder(of: file.name, in: directory)
            let path = (directory as NSString).appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { throw inTheWay(path, "is a folder") }
                if fm.contents(atPath: path) == data {
                    if file.name != manifestName { report.unchanged.append(file.name) }
                    continue
                }
                guard fm.isWritableFile(atPath: path) else { throw inTheWay(path, "is not writable") }
            }
            changes.append((file.name, data))
        }
        let stale = owned.filter { !names.contains($0) }.sorted().filter { name in
            // A chart is removed only when its folder is a real folder, never through a link.
            if name.contains("/") && !isPlainFolder((directory as NSString).appendingPathComponent(chartFolder)) { return false }
            let path = (directory as NSString).appendingPathComponent(name)
            return fm.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        guard !changes.isEmpty || !stale.isEmpty else { return report }
        guard fm.isWritableFile(atPath: directory) else { throw inTheWay(directory, "is not writable") }

        // Stage every change next to its target, then move them all into place.
        var staged: [(temp: String, target: String)] = []
        do {
            for change in changes {
                let target = (directory as NSString).appendingPathComponent(change.name)
                if change.name.contains("/") && !fm.fileExists(atPath: (target as NSString).deletingLastPathComponent) {
                    try fm.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: false)
                }
                let temp = ((target as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(".\((change.name as NSString).lastPathComponent).teamflow-tmp")
                try change.data.write(to: URL(fileURLWithPath: temp))
                staged.append((temp, target))
            }
        } catch {
            for item in staged { try? fm.removeItem(atPath: item.temp) }
            throw TeamflowError(.failure, "cannot write the wiki into \(directory): \(error.localizedDescription)",
                                hints: ["Nothing was changed."])
        }
        for item in staged {
            guard rename(item.temp, item.target) == 0 else {
                let reason = String(cString: strerror(errno))
                for rest in staged { try? fm.removeItem(atPath: rest.temp) }
                throw TeamflowError(.failure, "cannot replace \(item.target): \(reason)")
            }
        }
        for name in stale {
            try? fm.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
        report.written = changes.map(\.name).filter { $0 != manifestName }
        report.removed = stale
        return report
    }

    /// The page names an earlier export owns; only plain `.md` names are trusted.
    static func readManifest(in directory: String) -> [String] {
        let path = (directory as NSString).appendingPathComponent(manifestName)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { name in
            (!name.hasPrefix("#") && !name.hasPrefix(".") && name.hasSuffix(".md") && !name.contains("/") && !name.contains("\\"))
                || isChartName(name)
        }
    }

    // MARK: Charts (issue 15): `charts/<name>.svg`, one folder deep, never through a link.

    static let chartFolder = "charts"

    /// `charts/<name>.svg` with a plain name (no further folder, no leading dot, no backslash).
    static func isChartName(_ name: String) -> Bool {
        guard name.hasPrefix(chartFolder + "/"), name.hasSuffix(".svg") else { return false }
        let file = name.dropFirst(chartFolder.count + 1)
        return !file.hasPrefix(".") && !file.contains("/") && !file.contains("\\") && file.count > 4
    }

    /// For a chart, checks that `charts` is missing or a real folder (a symbolic link could lead
    /// outside the wiki).
    static func checkChartFolder(of name: String, in directory: String) throws {
        guard name.contains("/") else { return }
        let folder = (directory as NSString).appendingPathComponent(chartFolder)
        guard let type = try? FileManager.default.attributesOfItem(atPath: folder)[.type] as? FileAttributeType else { return }
        if type == .typeSymbolicLink { throw inTheWay(folder, "is a symbolic link") }
        if type != .typeDirectory { throw inTheWay(folder, "is a file, not a folder") }
    }

    static func isPlainFolder(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory
    }

    static func inTheWay(_ path: String, _ what: String) -> TeamflowError {
        TeamflowError(.failure, "\(path) \(what); the wiki cannot be written there",
                      hints: ["Nothing was changed. Move it away or choose another folder with --out DIR."])
    }
}
