import Foundation

/// The few file operations scaffolding needs, with POSIX semantics spelled out
/// (symlinks are inspected, never followed by accident) and errors as `ScaffoldingError`.
enum FileSystem {
    /// True when `path` itself is a symbolic link (dangling or not).
    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// True when something exists at `path` (without following a final symlink).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `path` with every symlink resolved, or nil when it does not exist or a link dangles.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file's text, nil when there is no regular file there.
    static func readText(_ url: URL) throws -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ScaffoldingError.fileSystem(path: url.path, reason: "cannot read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScaffoldingError.fileSystem(path: url.path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Writes `text` to `url` atomically: a temporary file in the same folder, then `rename`,
    /// so readers see the old file or the new one, never half of it. Creates missing folders.
    static func writeAtomically(_ text: String, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ScaffoldingError.fileSystem(path: folder.path, reason: "cannot create folder: \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).teamflow-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else {
            throw ScaffoldingError.fileSystem(path: url.path, reason: "cannot write")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ScaffoldingError.fileSystem(path: url.path, reason: "cannot replace: \(reason)")
        }
    }
}
