public import Foundation

/// The one rule every writer of teamflow follows (scaffolding, template eject, the wiki, the
/// site): a file lands only inside its output folder, never in a git directory.
///
/// A path comes from a template, a page title or a manifest somebody committed, so it is
/// hostile until checked: `check(_:)` refuses any component that reads as `.git` and any
/// climb out; `checkDestination(_:)` refuses a final location (after symbolic links) inside
/// any git directory around the folder; `init` refuses an output folder inside one. Writers
/// check every path before their first write, so a refused plan writes nothing.
public struct OutputRule: Sendable {
    /// The output folder, absolute, resolved as far as it exists.
    public let folder: String
    /// The git directories around the folder (see `GitDirectories.around`).
    public let gitDirectories: [String]

    /// Throws `insideGitDirectory` when `folder` itself lies in a git directory (`--out .git/hooks`).
    public init(folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(OutputRefusal) {
        let resolved = PathResolution.resolvedAsFarAsExists(folder)
        self.folder = resolved
        self.gitDirectories = GitDirectories.around(resolved, environment: environment)
        if let hit = gitDirectories.first(where: { PathResolution.isInside(resolved, $0) }) {
            throw .insideGitDirectory(path: folder, gitDirectory: hit)
        }
        if let component = resolved.split(separator: "/").first(where: { Self.readsAsDotGit(String($0)) }) {
            throw .insideGitDirectory(path: folder, gitDirectory: String(component))
        }
    }

    /// The clean components of a relative path (`.` and empty ones dropped), or a refusal.
    public static func components(of relativePath: String) throws(OutputRefusal) -> [String] {
        guard !relativePath.hasPrefix("/"), !relativePath.hasPrefix("~"), !relativePath.contains("\0") else {
            throw .escapesFolder(path: relativePath)
        }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { throw .escapesFolder(path: relativePath) }
        if parts.contains(where: readsAsDotGit) { throw .gitComponent(path: relativePath) }
        return parts
    }

    /// `components(of:)` for this folder.
    public func check(_ relativePath: String) throws(OutputRefusal) -> [String] {
        try Self.components(of: relativePath)
    }

    /// Refuses an absolute destination (symbolic links already resolved by the caller, or
    /// resolved here as far as the path exists) that lies inside a git directory.
    public func checkDestination(_ absolutePath: String, displayPath: String) throws(OutputRefusal) {
        let resolved = PathResolution.resolvedAsFarAsExists(absolutePath)
        if let hit = gitDirectories.first(where: { PathResolution.isInside(resolved, $0) }) {
            throw .insideGitDirectory(path: displayPath, gitDirectory: hit)
        }
    }

    /// True for a name that some file system git runs on takes for `.git`: any letter case
    /// (macOS and Windows fold case), with characters HFS+ ignores (zero-width joiners and
    /// the like) or trailing dots and spaces (NTFS drops them), and NTFS's short name `GIT~1`.
    public static func readsAsDotGit(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.filter { !ignorable.contains($0.value) }
        while let last = scalars.last, last == "." || last == " " { scalars.removeLast() }
        let folded = String(String.UnicodeScalarView(scalars)).lowercased()
        return folded == ".git" || folded == "git~1"
    }

    /// Code points HFS+ leaves out when it compares names (git's `is_hfs_dotgit` list).
    private static let ignorable: Set<UInt32> = [
        0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
        0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F, 0xFEFF,
    ]
}
