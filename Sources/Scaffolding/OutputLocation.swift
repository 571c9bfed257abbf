import Foundation

/// Turns a rendered relative path into a destination that is guaranteed to stay inside
/// an output folder, following symlinks that already exist on disk.
enum OutputLocation {
    /// The clean components of `relativePath`, or `pathEscapesOutput` when it is absolute,
    /// climbs with `..`, contains NUL, or names nothing.
    static func components(of relativePath: String) throws -> [String] {
        guard !relativePath.hasPrefix("/"), !relativePath.hasPrefix("~"),
              !relativePath.contains("\0") else {
            throw ScaffoldingError.pathEscapesOutput(path: relativePath)
        }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true)
            .map(String.init)
            .filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else {
            throw ScaffoldingError.pathEscapesOutput(path: relativePath)
        }
        return parts
    }

    /// `relativePath` inside `folder`, with every existing symlink on the way resolved.
    /// Throws `pathEscapesOutput` when the path, or a symlink it passes through, leads out
    /// of `folder` (or a symlink cannot be resolved).
    static func resolve(_ relativePath: String, in folder: URL) throws -> URL {
        let parts = try components(of: relativePath)
        let root = FileSystem.resolvedPath(folder.standardizedFileURL.path)
        var current = root
        for (index, part) in parts.enumerated() {
            let candidate = current == "/" ? "/" + part : current + "/" + part
            if FileSystem.isSymlink(candidate) {
                guard let target = FileSystem.realPath(candidate), isInside(target, root: root) else {
                    throw ScaffoldingError.pathEscapesOutput(path: relativePath)
                }
                current = target
            } else if FileSystem.exists(candidate) {
                current = candidate
            } else {
                // Nothing on disk from here on, so no symlink can redirect the rest.
                current = ([candidate] + parts[(index + 1)...]).joined(separator: "/")
                break
            }
        }
        guard isInside(current, root: root), current != root else {
            throw ScaffoldingError.pathEscapesOutput(path: relativePath)
        }
        return URL(fileURLWithPath: current)
    }

    private static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
