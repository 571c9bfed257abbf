import Foundation
import Templates

/// One file of a `generate graph` run and what writing it would do.
public struct GraphFile: Sendable, Equatable {
    /// What happens to the file.
    public enum Action: String, Sendable, Equatable {
        /// Nothing there yet.
        case create
        /// A generated, unedited file whose contents change: rewritten without --force.
        case update
        /// Same contents already there.
        case unchanged
        /// A generated file edited by hand: rewritten only with --force.
        case edited
        /// A file a person wrote (no generated header): never touched.
        case userFile = "skip"
    }

    public let planned: PlannedFile
    public let action: Action
    /// The text on disk now (nil when there is none).
    public let existing: String?

    public var path: String { planned.path }
}

/// `generate graph`: validates the manifest, then plans every node's `coordinator` files
/// (with `passThrough` and `wiredChildren` filled in) and its wiring, each stamped with a
/// digest so later runs rewrite only unedited generated files.
public struct GraphGenerator: Sendable {
    public let generator: Generator

    public init(catalog: TemplateCatalog) {
        generator = Generator(catalog: catalog)
    }

    /// Thrown when validation finds errors; nothing has been written.
    public struct ValidationFailed: Error, Sendable, Equatable, CustomStringConvertible {
        public let errors: [String]
        public let warnings: [String]
        public var description: String {
            "the graph manifest has \(errors.count) error(s):\n" + errors.map { "  \($0)" }.joined(separator: "\n")
        }
    }

    /// Every file the manifest produces, sorted by path, with its action. Throws
    /// `ValidationFailed` (every problem at once) or a `ScaffoldingError`.
    public func plan(_ manifest: GraphManifest, outDir: URL) throws -> (files: [GraphFile], warnings: [String]) {
        let analysis = GraphValidator.analyse(manifest)
        guard let tree = analysis.tree, analysis.errors.isEmpty else {
            throw ValidationFailed(errors: analysis.errors, warnings: analysis.warnings)
        }
        var planned: [(path: String, contents: String)] = []
        for entry in tree.entries {
            let node = entry.node
            let values: [String: TemplateValue] = [
                "dependencies": .array(node.needs.map { .string($0.declaration) }),
                "passThrough": .array(entry.passThrough.map { .string($0.declaration) }),
                "children": .array(node.children.map { .string($0) }),
                "viewModel": .bool(node.viewModel),
                "viewController": .bool(node.viewController),
                "wiredChildren": .bool(true),
                "imports": .array(manifest.imports.map { .string($0) }),
            ]
            for file in try generator.plan(template: "coordinator", name: node.name, values: values, outDir: outDir) {
                planned.append((file.path, file.contents))
            }
            let wiring = GraphWiring.source(for: entry, in: tree, imports: manifest.imports)
            planned.append(("\(node.name)/\(node.name)Container+Graph.swift", wiring))
        }
        let files = try planned.sorted { $0.path < $1.path }.map { item in
            try Self.classify(path: item.path, contents: GeneratedDigest.stamped(item.contents), outDir: outDir)
        }
        return (files, analysis.warnings)
    }

    /// Writes the plan: creates, updates unedited files, rewrites edited ones only with
    /// `force` (refusing before writing anything otherwise), never touches user files.
    /// Returns the files as found at write time.
    @discardableResult
    public func write(_ files: [GraphFile], force: Bool) throws -> [GraphFile] {
        let current = try files.map { try Self.classify(path: $0.path, contents: $0.planned.contents, outDir: $0.planned.outputDirectory) }
        let edited = current.filter { $0.action == .edited }.map(\.path)
        if !force && !edited.isEmpty { throw ScaffoldingError.wouldOverwrite(paths: edited) }
        for file in current where [.create, .update, .edited].contains(file.action) {
            try FileSystem.writeAtomically(file.planned.contents, to: file.planned.destination)
        }
        return current
    }

    static func classify(path: String, contents: String, outDir: URL) throws -> GraphFile {
        let destination = try OutputLocation.resolve(path, in: outDir)
        let planned = PlannedFile(path: path, outputDirectory: outDir, destination: destination, contents: contents, action: .create)
        guard FileSystem.exists(destination.path) else { return GraphFile(planned: planned, action: .create, existing: nil) }
        guard let existing = try? FileSystem.readText(destination) else {
            return GraphFile(planned: planned, action: .userFile, existing: nil)
        }
        if existing == contents { return GraphFile(planned: planned, action: .unchanged, existing: existing) }
        switch GeneratedDigest.state(of: existing) {
        case .userFile: return GraphFile(planned: planned, action: .userFile, existing: existing)
        case .unedited: return GraphFile(planned: planned, action: .update, existing: existing)
        case .edited: return GraphFile(planned: planned, action: .edited, existing: existing)
        }
    }
}
