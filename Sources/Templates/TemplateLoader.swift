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
/// Each folder is a ``TemplateFolder``: names are relative paths that stay inside it, and no
/// file is read through a symlink or from `.git`. A refused file stops the search with its
/// error instead of falling through to the next folder, so the refusal is seen.
public struct FileSystemLoader: TemplateLoader {
    /// The folders searched, first match wins.
    public var folders: [TemplateFolder]

    /// The folders' paths.
    public var searchPaths: [String] { folders.map(\.root) }

    /// Creates a loader searching the folders `searchPaths` (which the user named) in order.
    public init(searchPaths: [String]) {
        self.folders = searchPaths.map { TemplateFolder(root: $0) }
    }

    /// Creates a loader searching `folders` in order.
    public init(folders: [TemplateFolder]) {
        self.folders = folders
    }

    /// The file's text, nil when no folder has it.
    public func loadTemplate(named name: String) throws -> String? {
        for folder in folders {
            if let text = try folder.read(name) { return text }
        }
        return nil
    }
}
