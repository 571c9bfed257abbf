public import Foundation

/// Finds the folder whose `.teamflow/templates` a command uses, without needing git:
/// the nearest folder at or above the start that holds a `.teamflow` folder or a `.git`
/// (folder or worktree file). Scaffolding works outside a repository too, so "none" is fine.
public enum RepositoryRoot {
    /// The nearest such folder at or above `directory`, or nil.
    public static func find(from directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while true {
            let teamflow = current.appendingPathComponent(".teamflow").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: teamflow, isDirectory: &isDirectory), isDirectory.boolValue {
                return current
            }
            if FileSystem.exists(current.appendingPathComponent(".git").path) {
                return current
            }
            let parent = current.deletingLastPathComponent().standardizedFileURL
            if parent.path == current.path || current.path == "/" { return nil }
            current = parent
        }
    }
}
