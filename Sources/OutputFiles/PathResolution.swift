public import Foundation

/// POSIX path facts, never following a final symbolic link unless asked to.
public enum PathResolution {
    public enum Kind: Sendable, Equatable { case missing, file, folder, link, special }

    /// What is at `path`, without following a symbolic link.
    public static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .link
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .special
        }
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist or a link dangles.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute against `base` and resolved as far as it exists: the deepest
    /// existing ancestor through `realpath`, the rest appended as written (`.` dropped, `..`
    /// taken back). Used for folders that may not exist yet.
    public static func resolvedAsFarAsExists(_ path: String, base: String = FileManager.default.currentDirectoryPath) -> String {
        let absolute = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [String] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(String(part))
        }
        var existing = parts
        var rest: [String] = []
        while !existing.isEmpty, realPath("/" + existing.joined(separator: "/")) == nil {
            rest.insert(existing.removeLast(), at: 0)
        }
        let root = realPath("/" + existing.joined(separator: "/")) ?? "/"
        let joined = ([root == "/" ? "" : root] + rest).joined(separator: "/")
        return joined.isEmpty ? "/" : joined
    }

    /// True when `path` is `root` or lies below it (both absolute and resolved).
    public static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
