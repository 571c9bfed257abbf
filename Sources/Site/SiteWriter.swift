import Foundation
public import OutputFiles
import TeamflowCore

/// What a write did, by path.
public typealias SiteWriteReport = OutputReport

/// Writes the site into a folder it may share with other files (a `gh-pages` checkout).
///
/// It owns only the files listed in its manifest (`.teamflow-site-manifest`) and the files it
/// writes now, never goes through a symbolic link inside the folder, never into a git
/// directory, and stages every change outside the folder before moving it into place
/// (`OwnedFolderWriter`): a file in the way stops the export with nothing changed.
public enum SiteWriter {
    public static let manifestName = ".teamflow-site-manifest"
    static let manifestHeader = "# Files written by `teamflow site`. Files not listed here are never touched."

    static let writer = OwnedFolderWriter(manifestName: manifestName, manifestHeader: manifestHeader, isOwnable: isSafePath)

    public static func write(_ files: [SiteFile], to directory: String) throws -> SiteWriteReport {
        do {
            return try writer.write(files.map { ($0.path, $0.contents) }, to: directory)
        } catch {
            throw teamflowError(error, directory: directory)
        }
    }

    /// The paths an earlier export owns; only plain relative paths of the site's kinds are trusted.
    static func readManifest(in directory: String) -> [String] { writer.readManifest(in: directory) }

    /// `name.html` or `folder/name.svg`: ASCII letters, digits, `-`, `_` and one dot per part,
    /// no part starting with a dot, at most two parts.
    @Sendable static func isSafePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), [".html", ".css", ".svg"].contains(where: path.hasSuffix) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.first != "." && part.filter { $0 == "." }.count <= 1
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
    }

    static func teamflowError(_ error: OutputWriteError, directory: String) -> TeamflowError {
        let report = error.report(what: "the site", directory: directory)
        let code: TeamflowError.Code? = switch report.remedy {
        case .chooseAnotherFolder: .outputFolderRefused
        case .moveItOrChooseAnotherFolder: .outputInTheWay
        case .none: nil
        }
        return TeamflowError(.failure, report.message, hints: [report.hint], code: code)
    }
}
