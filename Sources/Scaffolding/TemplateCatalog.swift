public import Foundation
import Templates

/// One row of `teamflow templates list`.
public struct TemplateListing: Sendable, Equatable {
    public let name: String
    public let description: String
    public let variables: [TemplateVariable]
    public let source: TemplateSource
    /// False for a built-in hidden by a repository template of the same name.
    public let isActive: Bool
}

/// The templates available in a repository: the built-ins plus `.teamflow/templates/<name>/`,
/// where a repository template overrides a built-in of the same name.
public struct TemplateCatalog: Sendable {
    /// Where a repository keeps its own templates, relative to its root.
    public static let repositoryTemplatesPath = ".teamflow/templates"

    /// Built-in templates by name.
    public let builtIns: [String: ScaffoldTemplate]
    /// Repository templates by name.
    public let repositoryTemplates: [String: ScaffoldTemplate]

    /// Loads the built-ins and, when `repositoryRoot` is given, its `.teamflow/templates`.
    /// Throws `ScaffoldingError.invalidManifest` for a broken template and `refusedFile` for a
    /// file that is a symlink, special, too large... (any of them fails the whole catalog, so a
    /// hostile template is noticed rather than half-used).
    public init(repositoryRoot: URL? = nil) throws {
        builtIns = try Self.loadBuiltIns()
        if let repositoryRoot {
            // Untrusted: whoever commits controls these files, links included (see TemplateFolder).
            let folder = TemplateFolder(
                root: repositoryRoot.appendingPathComponent(Self.repositoryTemplatesPath).path,
                boundary: repositoryRoot.path, displayRoot: Self.repositoryTemplatesPath)
            do {
                repositoryTemplates = try Self.loadRepositoryTemplates(in: folder)
            } catch let error as TemplateFolderError {
                throw ScaffoldingError.refusedFile(error)
            }
        } else {
            repositoryTemplates = [:]
        }
    }

    /// Names of every usable template, sorted.
    public var names: [String] {
        Set(builtIns.keys).union(repositoryTemplates.keys).sorted()
    }

    /// Every template, sorted by name; an overridden built-in is listed after its override
    /// with `isActive == false`.
    public func list() -> [TemplateListing] {
        names.flatMap { name -> [TemplateListing] in
            var rows: [TemplateListing] = []
            if let template = repositoryTemplates[name] {
                rows.append(Self.listing(template, isActive: true))
            }
            if let template = builtIns[name] {
                rows.append(Self.listing(template, isActive: repositoryTemplates[name] == nil))
            }
            return rows
        }
    }

    /// The template generation uses for `name`: the repository's if present, else the built-in.
    public func template(named name: String) throws -> ScaffoldTemplate {
        if let template = repositoryTemplates[name] ?? builtIns[name] { return template }
        throw ScaffoldingError.unknownTemplate(name: name, available: names)
    }

    /// Copies the built-in `name` to `<repoRoot>/.teamflow/templates/<name>/` so the team can
    /// edit it; refuses when that folder exists. Returns the new folder.
    @discardableResult
    public func eject(name: String, into repoRoot: URL) throws -> URL {
        guard let template = builtIns[name] else {
            throw ScaffoldingError.unknownTemplate(name: name, available: builtIns.keys.sorted())
        }
        let folder = repoRoot.appendingPathComponent(Self.repositoryTemplatesPath).appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) || FileSystem.isSymlink(folder.path) {
            throw ScaffoldingError.templateAlreadyExists(path: folder.path)
        }
        let files = template.files.merging(
            [ScaffoldTemplate.manifestFileName: Self.builtInManifestText(name) ?? ""]) { current, _ in current }
        // Every destination is checked before the first write (a committed `.teamflow` link
        // into `.git` is refused with nothing written).
        let destinations = try files.sorted(by: { $0.key < $1.key }).map { path, contents in
            (try OutputLocation.resolve(path, in: folder), contents)
        }
        for (destination, contents) in destinations {
            try FileSystem.writeAtomically(contents, to: destination)
        }
        return folder
    }

    private static func listing(_ template: ScaffoldTemplate, isActive: Bool) -> TemplateListing {
        TemplateListing(
            name: template.name, description: template.manifest.description,
            variables: template.manifest.variables, source: template.source, isActive: isActive)
    }

    private static func builtInManifestText(_ name: String) -> String? {
        EmbeddedTemplates.files.first { $0.path == "\(name)/\(ScaffoldTemplate.manifestFileName)" }?.contents
    }

    private static func loadBuiltIns() throws -> [String: ScaffoldTemplate] {
        var folders: [String: [String: String]] = [:]
        for file in EmbeddedTemplates.files {
            // Top-level files (README.md) are documentation, not templates.
            guard let slash = file.path.firstIndex(of: "/") else { continue }
            let folder = String(file.path[..<slash])
            let rest = String(file.path[file.path.index(after: slash)...])
            folders[folder, default: [:]][rest] = file.contents
        }
        var templates: [String: ScaffoldTemplate] = [:]
        for (folder, files) in folders {
            templates[folder] = try ScaffoldTemplate(
                folderName: folder, files: files, source: .builtIn,
                manifestPath: "built-in \(folder)/\(ScaffoldTemplate.manifestFileName)")
        }
        return templates
    }

    /// The folder under `.teamflow/templates/` that overrides wiki layouts.
    public static let wikiLayoutsFolder = "wiki"

    private static func loadRepositoryTemplates(in folder: TemplateFolder) throws -> [String: ScaffoldTemplate] {
        var templates: [String: ScaffoldTemplate] = [:]
        // `wiki/` holds the wiki's layout overrides (see `wiki export`), not a scaffolding template.
        for entry in try folder.subfolders() where entry != TemplateCatalog.wikiLayoutsFolder {
            let templateFolder = URL(fileURLWithPath: folder.root).appendingPathComponent(entry)
            templates[entry] = try ScaffoldTemplate(
                folderName: entry, files: try folder.files(under: entry), source: .repository(path: templateFolder.path),
                manifestPath: templateFolder.appendingPathComponent(ScaffoldTemplate.manifestFileName).path)
        }
        return templates
    }
}
