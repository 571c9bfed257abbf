import Foundation
import OutputFiles

/// Turns a rendered relative path into a destination that is guaranteed to stay inside
/// an output folder and out of every git directory (`OutputRule`), following symlinks that
/// already exist on disk only while they stay inside the folder.
enum OutputLocation {
    /// The clean components of `relativePath`, or `pathEscapesOutput` when it is absolute,
    /// climbs with `..`, contains NUL, or names nothing, and `writesIntoGit` when a component
    /// reads as `.git`.
    static func components(of relativePath: String) throws -> [String] {
        do { return try OutputRule.components(of: relativePath) } catch { throw ScaffoldingError(error) }
    }

    /// `relativePath` inside `folder`, with every existing symlink on the way resolved.
    /// Throws `pathEscapesOutput` when the path, or a symlink it passes through, leads out
    /// of `folder` (or a symlink cannot be resolved), and `writesIntoGit` when the folder or
    /// the destination lies in a git directory.
    static func resolve(_ relativePath: String, in folder: URL) throws -> URL {
        let rule: OutputRule
        do { rule = try OutputRule(folder: folder.standardizedFileURL.path) } catch { throw ScaffoldingError(error) }
        let parts = try components(of: relativePath)
        let root = rule.folder
        var current = root
        for (index, part) in parts.enumerated() {
            let candidate = current == "/" ? "/" + part : current + "/" + part
            if FileSystem.isSymlink(candidate) {
                guard let target = FileSystem.realPath(candidate), PathResolution.isInside(target, root) else {
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
        guard PathResolution.isInside(current, root), current != root else {
            throw ScaffoldingError.pathEscapesOutput(path: relativePath)
        }
        do { try rule.checkDestination(current, displayPath: relativePath) } catch { throw ScaffoldingError(error) }
        return URL(fileURLWithPath: current)
    }
}

extension ScaffoldingError {
    /// The scaffolding case for a refusal of the write rule.
    init(_ refusal: OutputRefusal) {
        switch refusal {
        case let .escapesFolder(path): self = .pathEscapesOutput(path: path)
        case .gitComponent, .insideGitDirectory: self = .writesIntoGit(refusal, template: nil, file: nil)
        }
    }

    /// This error with the template and template file that produced the path, when it has none yet.
    func naming(template: String, file: String) -> ScaffoldingError {
        guard case let .writesIntoGit(refusal, nil, nil) = self else { return self }
        return .writesIntoGit(refusal, template: template, file: file)
    }
}
