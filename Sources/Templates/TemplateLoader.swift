import Foundation

/// Finds template text by name for `include`, `extends` and ``TemplateEnvironment/render(templateNamed:context:)``.
public protocol TemplateLoader: Sendable {
    /// The template's text, or nil when this loader has no template of that name.
    func loadTemplate(named name: String) throws -> String?
}

/// Templates held in memory, by name.
public struct DictionaryLoader: TemplateLoader {
    /// The templates: name to text.
    public var templates: [String: String]

    /// Creates a loader over `templates`.
    public init(templates: [String: String]) {
        self.templates = templates
    }

    /// The text stored under `name`.
    public func loadTemplate(named name: String) throws -> String? {
        templates[name]
    }
}

/// Templates read from files below one or more folders, searched in order.
///
/// Names are relative paths; absolute names and names with a `..` component are refused
/// so a template can never read files outside the search paths.
public struct FileSystemLoader: TemplateLoader {
    /// The folders searched, first match wins.
    public var searchPaths: [String]

    /// Creates a loader searching `searchPaths` in order.
    public init(searchPaths: [String]) {
        self.searchPaths = searchPaths
    }

    /// The file's text, nil when no search path has it.
    public func loadTemplate(named name: String) throws -> String? {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("~"),
            !components.contains(where: { $0 == ".." })
        else {
            throw TemplateError(message: "template name '\(name)' escapes the search path")
        }
        for base in searchPaths {
            let path = (base as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw TemplateError(message: "cannot read template '\(name)' at \(path): \(error)")
            }
        }
        return nil
    }
}
