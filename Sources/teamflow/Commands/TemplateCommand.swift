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
                    OptionSpec(long: "trim", valueName: "MODE", help: "Stencil's trim behaviour for block tags; swiftgen: none, then StencilSwiftKit's blank-line removal.",
                               defaultValue: "smart", allowedValues: ["none", "smart", "all", "swiftgen"]),
                    OptionSpec(long: "param", valueName: "KEY=VALUE", help: "A StencilSwiftKit parameter, seen as param.KEY (repeatable).",
                               isRepeating: true),
                ], run: handler(render)),
        ]
    )

    static func render(_ inv: Invocation) throws {
        let mode = inv.parsed.option("trim") ?? "smart"
        let trim = TrimBehaviour(rawValue: mode) ?? .none
        let parameters: TemplateValue
        do { parameters = try ContextEnrichment.parameters(from: inv.parsed.options("param")) } catch {
            throw TeamflowError(.usage, "\(error)")
        }
        do {
            // A TemplateError reaches the user as a compiler-style diagnostic (see TeamflowCLI).
            Console.raw(try TemplateFileRender.render(file: inv.argument("file"), in: inv.directory,
                                                      searchPaths: inv.parsed.options("search-path"),
                                                      dataFile: inv.parsed.option("data"), trim: trim,
                                                      compactsBlankLines: mode == "swiftgen", parameters: parameters))
        } catch let error as TemplateFileError {
            throw TeamflowError(.failure, error.message, hints: error.hints)
        }
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
