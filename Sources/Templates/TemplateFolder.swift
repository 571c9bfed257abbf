import Foundation

/// A folder of templates that came with a repository, read as untrusted input.
///
/// Whoever commits to the repository controls every entry below the folder, symlinks
/// included, and what templates read can end up in a public wiki or a CI log. So a file is
/// read only when:
/// - its name is relative and stays inside (no absolute name, no `..`), and no component is `.git`;
/// - no folder on the way and not the file itself is a symlink: each component is opened
///   relative to its parent with `O_NOFOLLOW`, so no link is followed, not even one swapped in
///   between a check and the read;
/// - it is a regular file: not a FIFO, device or socket, and not on /proc or /sys;
/// - it holds at most ``maximumFileSize`` bytes of UTF-8.
///
/// The root itself may be reached through links (a team may link `.teamflow/templates` to a
/// shared folder in the repository), but it must resolve inside `boundary` (the repository's
/// work tree) when one is given, and never into a `.git` folder.
public struct TemplateFolder: Sendable, Equatable {
    /// The most bytes one file may hold; a bigger (or endless) file is refused, so a render
    /// can neither hang nor exhaust memory.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// The folder's path.
    public let root: String
    /// The folder `root` must resolve inside; nil for a folder the user names on the command line.
    public let boundary: String?
    /// How messages name the folder (`.teamflow/templates/wiki`).
    public let displayRoot: String

    /// - Parameters:
    ///   - root: the folder.
    ///   - boundary: the repository's work tree, which `root` must resolve inside.
    ///   - displayRoot: the folder's name in messages (default: `root`; empty or `.` for the
    ///     current folder, whose files are then named alone).
    public init(root: String, boundary: String? = nil, displayRoot: String? = nil) {
        self.root = root
        self.boundary = boundary
        self.displayRoot = displayRoot ?? root
    }

    /// The text of the file `name` (a path relative to the folder), nil when the folder or
    /// the file does not exist (a folder of that name is not a file either).
    /// Throws ``TemplateFolderError`` naming the file and why it was refused.
    public func read(_ name: String) throws -> String? {
        let components = try checkedComponents(name)
        guard let rootFD = try openRoot() else { return nil }
        defer { close(rootFD) }
        let file = shown(components)
        guard let folderFD = try FolderEntry.openFolder(components.dropLast(), below: rootFD, shown: shown, file: file) else {
            return nil
        }
        defer { close(folderFD) }
        return try FolderEntry.readText(components[components.count - 1], in: folderFD, shown: file)
    }

    /// `name` split into components; throws when it leaves the folder or touches `.git`.
    func checkedComponents(_ name: String) throws -> [String] {
        let parts = name.split(separator: "/").map(String.init).filter { $0 != "." }
        guard !name.hasPrefix("/"), !name.hasPrefix("~"), !name.contains("\0"), !parts.isEmpty, !parts.contains("..") else {
            throw TemplateFolderError(path: name.hasPrefix("/") ? name : shown([name]), reason: .outsideFolder)
        }
        guard !parts.contains(where: Self.isGit) else {
            throw TemplateFolderError(path: shown(parts), reason: .insideGit)
        }
        return parts
    }

    /// The root opened as a folder, nil when there is none. Links on the way to the root are
    /// followed, but only to a place inside `boundary` and outside any `.git`. The path is
    /// resolved once and then opened: the threat is committed content, not a process racing us.
    func openRoot() throws -> Int32? {
        guard let resolved = FolderEntry.realPath(root) else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return nil }
            throw TemplateFolderError(path: displayRoot, reason: .unreadable(String(cString: strerror(error))))
        }
        var inside = resolved
        if let boundary {
            let base = FolderEntry.realPath(boundary) ?? boundary
            guard resolved == base || resolved.hasPrefix(base == "/" ? "/" : base + "/") else {
                throw TemplateFolderError(path: displayRoot, reason: .rootOutsideBoundary(resolved: resolved))
            }
            inside = String(resolved.dropFirst(base.count))
        }
        if inside.split(separator: "/").contains(where: { Self.isGit(String($0)) }) {
            throw TemplateFolderError(path: displayRoot, reason: .insideGit)
        }
        let fd = open(resolved, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return nil }
            throw TemplateFolderError(path: displayRoot, reason: .unreadable(String(cString: strerror(error))))
        }
        return fd
    }

    /// `components` below the root as messages show it.
    func shown(_ components: [String]) -> String {
        guard !components.isEmpty else { return displayRoot.isEmpty ? "." : displayRoot }
        let joined = components.joined(separator: "/")
        if displayRoot.isEmpty || displayRoot == "." { return joined }
        return (displayRoot.hasSuffix("/") ? displayRoot : displayRoot + "/") + joined
    }

    /// `.git` in any letter case: case-insensitive file systems would open `.GIT` as `.git`.
    static func isGit(_ component: String) -> Bool {
        component.lowercased() == ".git"
    }
}
