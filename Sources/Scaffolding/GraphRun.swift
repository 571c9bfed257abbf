public import Foundation
import Templates

/// A graph manifest that could not be read (missing, or refused like a hostile template file).
public struct GraphManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// What the user can do about it.
    public let hints: [String]
    public var description: String { message }
}

/// What `generate graph` did (or, in a dry run, would do).
public struct GraphOutcome: Sendable, Equatable {
    /// Every file of the tree with its action.
    public var files: [GraphFile]
    /// Validation warnings (nothing blocks on them).
    public var warnings: [String]
}

extension GraphGenerator {
    /// The manifest read when none is given, relative to the repository root.
    public static let defaultManifest = ".teamflow/graph.yaml"

    /// `teamflow generate graph [F.yaml]`: reads the manifest (`given`, relative to
    /// `directory`; else the repository's `.teamflow/graph.yaml`, read through `TemplateFolder`
    /// because it is a teammate's file), validates and plans the tree into `outDir`, and writes it
    /// unless `dryRun`. Throws `GraphManifestError`, `ValidationFailed` (nothing written) or a
    /// `ScaffoldingError`. The catalog is opened only once the manifest has been read, so a
    /// missing manifest is reported first.
    public static func run(manifest given: String?, in directory: String, repositoryRoot: URL?,
                           catalog: @autoclosure () throws -> TemplateCatalog, outDir: URL,
                           dryRun: Bool, force: Bool) throws -> GraphOutcome {
        let text = try readManifest(given, in: directory, repositoryRoot: repositoryRoot)
        let generator = GraphGenerator(catalog: try catalog())
        let planned = try generator.plan(try GraphManifest(yaml: text, file: given ?? Self.defaultManifest), outDir: outDir)
        let files = dryRun ? planned.files : try generator.write(planned.files, force: force)
        return GraphOutcome(files: files, warnings: planned.warnings)
    }

    /// `teamflow generate graph [F.yaml] --print`: reads and validates the manifest (as `run`
    /// does) and draws the tree (`GraphPrinter`). Writes nothing and needs no template.
    /// Returns the drawing and the validation warnings; throws `GraphManifestError` or
    /// `ValidationFailed`.
    public static func printTree(manifest given: String?, in directory: String,
                                 repositoryRoot: URL?) throws -> (text: String, warnings: [String]) {
        let text = try readManifest(given, in: directory, repositoryRoot: repositoryRoot)
        let manifest = try GraphManifest(yaml: text, file: given ?? Self.defaultManifest)
        let analysis = GraphValidator.analyse(manifest)
        guard let tree = analysis.tree, analysis.errors.isEmpty else {
            throw ValidationFailed(errors: analysis.errors, warnings: analysis.warnings)
        }
        let reached = Set(tree.entries.map(\.node.name))
        var unreachable: [String] = []
        for node in manifest.nodes where !reached.contains(node.name) && !unreachable.contains(node.name) {
            unreachable.append(node.name)
        }
        return (GraphPrinter.render(tree, unreachable: unreachable), analysis.warnings)
    }

    static func readManifest(_ given: String?, in directory: String, repositoryRoot: URL?) throws -> String {
        let path: String
        let text: String?
        if let given {
            path = given.hasPrefix("/") ? given : (directory as NSString).appendingPathComponent(given)
            text = try? String(contentsOfFile: path, encoding: .utf8)
        } else {
            let base = repositoryRoot?.path ?? directory
            path = (base as NSString).appendingPathComponent(defaultManifest)
            let folder = TemplateFolder(root: (base as NSString).appendingPathComponent(".teamflow"), boundary: base,
                                        displayRoot: ".teamflow")
            do {
                text = try folder.read("graph.yaml")
            } catch {
                throw GraphManifestError(message: "\(error)",
                                         hints: ["Make \(defaultManifest) a regular file, or pass a manifest's path."])
            }
        }
        guard let text else {
            throw GraphManifestError(message: "cannot read the graph manifest '\(path)'",
                                     hints: ["Write one (see docs/TEMPLATES.md, \"Coordinator graph\") or pass its path."])
        }
        return text
    }
}
