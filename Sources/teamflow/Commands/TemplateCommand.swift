import ArgumentParsing
import Foundation
import Scaffolding
import TeamflowCore
import Templates

/// `teamflow template render`: renders any template file to stdout, exactly.
/// Works anywhere: it needs no repository.
enum TemplateCommand {
    static let spec = CommandSpec(
        name: "template",
        abstract: "Render a Stencil-syntax template file.",
        examples: ["teamflow template render Greeting.stencil --data people.yaml",
                   "teamflow template render Page.stencil --search-path partials --trim none"],
        subcommands: [
            CommandSpec(
                name: "render", abstract: "Render FILE to stdout, exactly (no newline added).",
                discussion: "include and extends names are looked up in each --search-path, then in FILE's folder.",
                arguments: [ArgumentSpec(name: "file", help: "The template file.", completion: .file)],
                options: [
                    OptionSpec(long: "data", valueName: "F.json|F.yaml", help: "The context: a JSON object or YAML mapping.", completion: .file),
                    OptionSpec(long: "search-path", valueName: "DIR", help: "A folder for include/extends (repeatable, searched in order).",
                               isRepeating: true, completion: .directory),
                    OptionSpec(long: "trim", valueName: "MODE", help: "Stencil's trim behaviour for block tags.",
                               defaultValue: "smart", allowedValues: ["none", "smart", "all"]),
                ], run: handler(render)),
        ]
    )

    static func render(_ inv: Invocation) throws {
        let file = inv.argument("file")
        let path = Paths.absolute(file, in: inv.directory)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TeamflowError(.failure, "cannot read template '\(file)'", hints: ["Check the path; it is relative to the current directory (or -C)."])
        }
        let context = try inv.parsed.option("data").map { try TemplateData.load($0, in: inv.directory) } ?? [:]
        // The folders are the user's choice; what is read below them is not (see TemplateFolder).
        let searchPaths = inv.parsed.options("search-path").map {
            TemplateFolder(root: Paths.absolute($0, in: inv.directory), displayRoot: $0)
        } + [TemplateFolder(root: (path as NSString).deletingLastPathComponent,
                            displayRoot: (file as NSString).deletingLastPathComponent)]
        let trim = TrimBehaviour(rawValue: inv.parsed.option("trim") ?? "smart") ?? .smart
        let environment = TemplateEnvironment(loader: FileSystemLoader(folders: searchPaths), trimBehaviour: trim)
        // A TemplateError reaches the user as a compiler-style diagnostic (see TeamflowCLI).
        Console.raw(try environment.render(string: text, name: file, context: context))
    }
}

/// Path helpers shared by the scaffolding commands.
enum Paths {
    /// `path` made absolute against `directory` (itself absolute).
    static func absolute(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// The repository root for `.teamflow/templates`, found by walking up (nil outside any repository).
    static func repositoryRoot(_ inv: Invocation) throws -> URL? {
        let directory = inv.directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TeamflowError(.failure, "cannot change to '\(directory)': no such directory")
        }
        return RepositoryRoot.find(from: URL(fileURLWithPath: directory))
    }

    /// The catalog of built-in and repository templates for this invocation.
    static func catalog(_ inv: Invocation) throws -> TemplateCatalog {
        try Scaffold.mapErrors { try TemplateCatalog(repositoryRoot: try repositoryRoot(inv)) }
    }
}
