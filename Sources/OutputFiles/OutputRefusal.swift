/// Why a writer refused a path. Each front-end says it in its own words (a scaffolding
/// error names the template file; the site and the wiki name their folder).
public enum OutputRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// A component of the path is `.git` (in any letter case, or spelled so a case-folding or
    /// Unicode-normalising file system reads it as `.git`).
    case gitComponent(path: String)
    /// The path, after `..` and symbolic links, lies in a git directory (`gitDirectory`).
    case insideGitDirectory(path: String, gitDirectory: String)
    /// Absolute, climbing with `..`, holding NUL, naming nothing, or leading out through a link.
    case escapesFolder(path: String)

    public var path: String {
        switch self {
        case let .gitComponent(path), let .insideGitDirectory(path, _), let .escapesFolder(path): return path
        }
    }

    public var description: String {
        switch self {
        case let .gitComponent(path):
            return "refusing to write '\(path)': no file is ever written into a .git folder"
        case let .insideGitDirectory(path, gitDirectory):
            return "refusing to write '\(path)': it lies inside the git directory \(gitDirectory)"
        case let .escapesFolder(path):
            return "refusing to write '\(path)': it would land outside the output folder"
        }
    }
}
