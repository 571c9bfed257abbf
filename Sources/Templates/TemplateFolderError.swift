/// Why a file of a ``TemplateFolder`` was not read: the file as the user knows it
/// (`.teamflow/templates/wiki/_p/cfg.md`) and the reason, e.g.
/// `.teamflow/templates/wiki/_p/cfg.md: refused: a symbolic link (templates are never read through links)`.
public struct TemplateFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The file itself is a symlink.
        case symbolicLink
        /// A folder on the way (named here) is a symlink.
        case throughSymbolicLink(folder: String)
        /// The name is absolute or climbs with `..`.
        case outsideFolder
        /// A component is named `.git`, or the folder itself lies in one.
        case insideGit
        /// The folder resolves (through links) outside the repository's work tree.
        case rootOutsideBoundary(resolved: String)
        /// A FIFO, device, socket, or a /proc or /sys file (named here).
        case notRegularFile(kind: String)
        /// More than `limit` bytes.
        case tooLarge(limit: Int)
        /// Not UTF-8 text.
        case notText
        /// The system refused to read it (permissions, I/O); the system's reason.
        case unreadable(String)
    }

    /// The file (or folder) as shown to the user: the folder's display name plus the template name.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(explanation)" }

    private var explanation: String {
        switch reason {
        case .symbolicLink:
            return "refused: a symbolic link (templates are never read through links)"
        case .throughSymbolicLink(let folder):
            return "refused: \(folder) is a symbolic link (templates are never read through links)"
        case .outsideFolder:
            return "refused: outside the template folder (names must be relative and must not use '..')"
        case .insideGit:
            return "refused: inside .git (git's own files are never readable by a template)"
        case .rootOutsideBoundary(let resolved):
            return "refused: it leads outside the repository, to \(resolved) (a template folder may be a link only within the repository)"
        case .notRegularFile(let kind):
            return "refused: a \(kind), not a regular file"
        case .tooLarge(let limit):
            return "refused: larger than \(limit / (1024 * 1024)) MiB"
        case .notText:
            return "refused: not UTF-8 text"
        case .unreadable(let reason):
            return "cannot read: \(reason)"
        }
    }
}
