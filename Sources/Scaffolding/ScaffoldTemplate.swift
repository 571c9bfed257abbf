import Foundation
import Templates

/// Where a template comes from.
public enum TemplateSource: Sendable, Equatable, CustomStringConvertible {
    /// Shipped inside the binary (the top-level `Templates/` folder at build time).
    case builtIn
    /// A repository's `.teamflow/templates/<name>/` folder, at this path.
    case repository(path: String)

    public var description: String {
        switch self {
        case .builtIn: return "built-in"
        case .repository(let path): return path
        }
    }
}

/// A loaded template: its manifest and its files, keyed by path relative to the template folder.
public struct ScaffoldTemplate: Sendable, Equatable {
    /// The manifest file's name inside a template folder.
    public static let manifestFileName = "template.yaml"

    public let manifest: TemplateManifest
    public let source: TemplateSource
    /// Every file except the manifest: path relative to the folder -> text.
    public let files: [String: String]

    public var name: String { manifest.name }

    /// Builds a template from its folder's files (the manifest included).
    init(folderName: String, files allFiles: [String: String], source: TemplateSource, manifestPath: String) throws {
        guard let manifestText = allFiles[Self.manifestFileName] else {
            throw ScaffoldingError.invalidManifest(path: manifestPath, reason: "missing \(Self.manifestFileName)")
        }
        manifest = try TemplateManifest(yaml: manifestText, folderName: folderName, file: manifestPath)
        self.source = source
        var files = allFiles
        files[Self.manifestFileName] = nil
        self.files = files
        // A misspelt entry would silently leave the user's file owned by teamflow.
        for path in manifest.userFiles where files[path] == nil {
            throw ScaffoldingError.invalidManifest(
                path: manifestPath, reason: "userFiles entry '\(path)' is not one of the template's files")
        }
    }

    /// Files that produce output: everything except partials (a path component starting
    /// with `_`, used only through `{% include %}`) and Finder litter.
    var outputFiles: [(path: String, contents: String)] {
        files.keys.sorted().compactMap { path in
            let components = path.split(separator: "/")
            if components.contains(where: { $0.hasPrefix("_") || $0 == ".DS_Store" }) { return nil }
            return files[path].map { (path, $0) }
        }
    }
}

/// Loads `{% include %}` / `{% extends %}` targets from the template's own files.
struct TemplateFilesLoader: TemplateLoader {
    let files: [String: String]

    func loadTemplate(named name: String) throws -> String? {
        files[name]
    }
}
