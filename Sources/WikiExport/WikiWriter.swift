import Foundation
public import OutputFiles
import TeamflowCore

/// What a write did, by page file name.
public typealias WikiWriteReport = OutputReport

/// Writes exported pages into a folder it shares with other files (a GitHub wiki clone).
///
/// It owns only the pages listed in its manifest (`.teamflow-wiki-manifest`) and the pages it
/// writes now; every other file is left alone. It never goes through a symbolic link inside
/// the folder or into a git directory, checks everything first and stages every changed page
/// outside the folder before moving any into place (`OwnedFolderWriter`), so a page that
/// cannot be written stops the export with nothing half-written.
public enum WikiWriter {
    public static let manifestName = ".teamflow-wiki-manifest"
    static let manifestHeader = "# Pages written by `teamflow wiki export`. Files not listed here are never touched."

    static let writer = OwnedFolderWriter(manifestName: manifestName, manifestHeader: manifestHeader, isOwnable: isPageName)

    public static func write(_ files: [WikiFile], to directory: String) throws -> WikiWriteReport {
        do {
            return try writer.write(files.map { ($0.name, $0.contents) }, to: directory)
        } catch {
            throw teamflowError(error, directory: directory)
        }
    }

    /// The page names an earlier export owns; only page and chart names are trusted.
    static func readManifest(in directory: String) -> [String] { writer.readManifest(in: directory) }

    /// A plain `.md` page name (no folder, no leading dot, no backslash) or a chart.
    @Sendable static func isPageName(_ name: String) -> Bool {
        (!name.hasPrefix(".") && name.hasSuffix(".md") && !name.contains("/") && !name.contains("\\")) || isChartName(name)
    }

    static let chartFolder = "charts"

    /// `charts/<name>.svg` with a plain name (no further folder, no leading dot, no backslash).
    static func isChartName(_ name: String) -> Bool {
        guard name.hasPrefix(chartFolder + "/"), name.hasSuffix(".svg") else { return false }
        let file = name.dropFirst(chartFolder.count + 1)
        return !file.hasPrefix(".") && !file.contains("/") && !file.contains("\\") && file.count > 4
    }

    static func teamflowError(_ error: OutputWriteError, directory: String) -> TeamflowError {
        let report = error.report(what: "the wiki", directory: directory)
        let code: TeamflowError.Code? = switch report.remedy {
        case .chooseAnotherFolder: .outputFolderRefused
        case .moveItOrChooseAnotherFolder: .outputInTheWay
        case .none: nil
        }
        return TeamflowError(.failure, report.message, hints: [report.hint], code: code)
    }
}
