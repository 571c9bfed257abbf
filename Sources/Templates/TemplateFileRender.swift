public import Foundation

/// `template render FILE`: one template file rendered exactly, with `include`/`extends` looked
/// up in the given search folders and then in the file's own folder, and a data file as the
/// context (enriched with `param` and `env` as StencilSwiftKit does).
public enum TemplateFileRender {
    /// Renders `file` (relative to `directory` unless absolute). `searchPaths` are folders the
    /// user chose (relative to `directory` too); what is read below them goes through
    /// `TemplateFolder`, like any repository template. `budget` bounds the render (`--max-output`).
    /// Errors: `TemplateFileError` for a file that cannot be read or used, `TemplateError` for
    /// the template itself (with ``TemplateError/exceededBudget`` set when the budget ran out).
    /// `environment` is the template's `env` (the caller's, which need not be this process's).
    /// `timeZone` is the zone the `date` filter formats in (UTC when nil).
    public static func render(file: String, in directory: String, searchPaths: [String] = [], dataFile: String? = nil,
                              trim: TrimBehaviour = .smart, compactsBlankLines: Bool = false,
                              parameters: TemplateValue = .dictionary([:]), budget: RenderBudget = .default,
                              environment variables: [String: String] = ProcessInfo.processInfo.environment,
                              timeZone: TimeZone? = nil) throws -> String {
        let path = absolute(file, in: directory)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TemplateFileError(message: "cannot read template '\(file)'",
                                    hints: ["Check the path; it is relative to the current directory (or -C)."])
        }
        let data = try dataFile.map { try TemplateData.load($0, in: directory) } ?? [:]
        // StencilSwiftKit's enrichment: `param` from `--param`, `env` from the caller's environment.
        let context = ContextEnrichment.enrich(data, parameters: parameters, environment: variables)
        let folders = searchPaths.map { TemplateFolder(root: absolute($0, in: directory), displayRoot: $0) }
            + [TemplateFolder(root: folder(of: path), displayRoot: folder(of: file))]
        var environment = TemplateEnvironment(loader: FileSystemLoader(folders: folders), trimBehaviour: trim,
                                              compactsBlankLines: compactsBlankLines, budget: budget)
        if let timeZone { environment.timeZone = timeZone }
        return try environment.render(string: text, name: file, context: context)
    }

    /// The folder part of `path` (`pages` of `pages/a.stencil`, `` of `a.stencil`, `/` of
    /// `/a.stencil`). Not `NSString.deletingLastPathComponent`: on Linux it traps on a
    /// one-character path, so `template render x` crashed.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func absolute(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
