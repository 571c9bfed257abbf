public import Foundation

/// The git directories near a folder: the ones no writer may put a file into.
///
/// Found on disk, without libgit2, because scaffolding also runs outside a repository and a
/// hostile path may aim at any repository on the way up, not only the one a command opened:
/// for each folder from `start` up to `/`, its `.git` folder, or the folder a `.git` file
/// (`gitdir: …`, a worktree or submodule) names together with that folder's `commondir`
/// (where a worktree's config and hooks live); a folder that is itself a git directory
/// (a bare repository, or `.git` entered directly); and `GIT_DIR` / `GIT_COMMON_DIR`.
public enum GitDirectories {
    /// Every such directory, resolved through `realpath`, without duplicates.
    public static func around(_ start: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var found: [String] = []
        func add(_ path: String) {
            let resolved = PathResolution.resolvedAsFarAsExists(path)
            if !found.contains(resolved) { found.append(resolved) }
        }
        var current = PathResolution.resolvedAsFarAsExists(start)
        while true {
            if looksLikeGitDirectory(current) { add(current) }
            let dotGit = current == "/" ? "/.git" : current + "/.git"
            switch PathResolution.kind(dotGit) {
            case .folder:
                add(dotGit)
            case .file, .link:
                if let named = gitFileTarget(dotGit, in: current) {
                    add(named)
                    if let common = commonDirectory(of: named) { add(common) }
                }
                // A link named `.git` is refused by name anyway; its target is protected too.
                if let target = PathResolution.realPath(dotGit) { add(target) }
            case .missing, .special:
                break
            }
            if current == "/" || current.isEmpty { break }
            current = (current as NSString).deletingLastPathComponent
        }
        for key in ["GIT_DIR", "GIT_COMMON_DIR"] {
            if let value = environment[key], !value.isEmpty { add(value) }
        }
        return found
    }

    /// Git's own test for a git directory: `HEAD` and the `objects` and `refs` folders.
    static func looksLikeGitDirectory(_ path: String) -> Bool {
        PathResolution.kind(path + "/HEAD") == .file && PathResolution.kind(path + "/objects") == .folder
            && PathResolution.kind(path + "/refs") == .folder
    }

    /// The directory a `.git` file names (`gitdir: PATH`, relative to the file's folder).
    static func gitFileTarget(_ file: String, in folder: String) -> String? {
        guard PathResolution.kind(file) == .file,
              let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        // A real `.git` file is one short line; never read an unbounded file.
        guard let data = try? handle.read(upToCount: 4096), let text = String(data: data, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first, line.hasPrefix("gitdir:") else { return nil }
        let path = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { return nil }
        return path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// The common directory of a worktree's git directory (`commondir`, relative to it).
    static func commonDirectory(of gitDirectory: String) -> String? {
        guard let target = gitFileLine(gitDirectory + "/commondir") else { return nil }
        return target.hasPrefix("/") ? target : gitDirectory + "/" + target
    }

    private static func gitFileLine(_ path: String) -> String? {
        guard PathResolution.kind(path) == .file, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096), let text = String(data: data, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
