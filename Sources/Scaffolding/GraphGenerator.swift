public import Foundation
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
        /// A generated file edited by hand whose generated text changed: rewritten only with --force.
        case edited
        /// A file a person wrote (no generated header): never touched.
        case userFile = "skip"
        /// Left as it is: a user file (the template's `userFiles`) that exists, never written
        /// even with --force; or a file edited by hand whose generated text has not changed.
        case kept
        /// Edited by hand; the edits merge cleanly into the new generated text, which is written.
        case merged
        /// Edited by hand; the edits conflict with the new generated text: written with
        /// conflict markers (or left as it is while an earlier merge's markers remain).
        case conflict

        /// True when regenerating would create or change the file (what `--check` reports).
        public var changesFile: Bool { [.create, .update, .edited, .merged, .conflict].contains(self) }
    }

    public let planned: PlannedFile
    public let action: Action
    /// The text on disk now (nil when there is none).
    public let existing: String?

    public var path: String { planned.path }

    /// What writing the file puts there (see `PlannedFile.textToWrite`); nil: nothing.
    public func textToWrite(force: Bool) -> String? {
        if force { return planned.contents }
        switch action {
        case .merged, .conflict: return planned.mergedText
        default: return planned.contents
        }
    }
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
        let template = try generator.catalog.template(named: "coordinator")
        var planned: [(path: String, contents: String, isUserFile: Bool)] = []
        for entry in tree.entries {
            let node = entry.node
            let offered: [String: TemplateValue] = [
                "dependencies": .array(node.needs.map { .string($0.declaration) }),
                "passThrough": .array(entry.passThrough.map { .string($0.declaration) }),
                "children": .array(node.children.map { .string($0) }),
                "viewModel": .bool(node.viewModel),
                "viewController": .bool(node.viewController),
                "wiredChildren": .bool(true),
                "imports": .array(manifest.imports.map { .string($0) }),
                "access": .string(manifest.access),
            ]
            // Only what the template declares: a repository's `coordinator` written for an older
            // teamflow (or a small test template) need not declare every value offered.
            let values = offered.filter { template.manifest.variable(named: $0.key) != nil }
            for file in try generator.plan(template: "coordinator", name: node.name, values: values, outDir: outDir) {
                planned.append((file.path, file.contents, file.isUserFile))
            }
            let wiring = GraphWiring.source(for: entry, in: tree, imports: manifest.imports, access: manifest.access)
            planned.append(("\(node.name)/\(node.name)Container+Graph.swift", GeneratedDigest.stamped(wiring), false))
        }
        if !tree.services.isEmpty {
            for file in try registrationFiles(tree, manifest: manifest, outDir: outDir) {
                planned.append((file.path, file.contents, file.isUserFile))
            }
        }
        let files = try planned.sorted { $0.path < $1.path }.map { item in
            try Self.classify(path: item.path, contents: item.contents, outDir: outDir, isUserFile: item.isUserFile,
                              environment: generator.environment)
        }
        let stale = Self.staleFiles(in: outDir, planned: Set(files.map(\.path))).map {
            "\($0) was generated by `teamflow generate graph` but the manifest no longer produces it; delete it if its node is gone"
        }
        return (files, analysis.warnings + stale)
    }

    /// The `di-container` files for the manifest's services, plus a factory registration of
    /// every view model whose needs all come from services, with the labels its initializer
    /// has (the same needs, through the same `ItemShapes.labels`); `registerDependencies()`
    /// returns the root's dependency built from the same instances.
    func registrationFiles(_ tree: GraphTree, manifest: GraphManifest, outDir: URL) throws -> [PlannedFile] {
        let services = manifest.services + tree.viewModelRegistrations
        let names = ServiceGraph.localNames(try ServiceGraph.ordered(services))
        var values: [String: TemplateValue] = [
            "services": .array(services.map(\.templateValue)),
            "imports": .array(manifest.imports.map { .string($0) }),
            "access": .string(manifest.access),
        ]
        if let root = tree.entries.first {
            let arguments = root.required.map { need -> String in
                guard case .service(let service)? = tree.source(of: need, for: root), let local = names[service.registeredAs] else {
                    return "\(need.name): \(need.name)"
                }
                return "\(need.name): " + (service.scope == .factory ? local.maker : local.variable)
            }
            values["root"] = .string("\(root.node.name)Root")
            values["rootCall"] = .string("\(root.node.name)Root(\(arguments.joined(separator: ", ")))")
        }
        let template = try generator.catalog.template(named: "di-container")
        return try generator.plan(template: "di-container", values: values.filter { template.manifest.variable(named: $0.key) != nil },
                                  outDir: outDir)
    }

    /// Files under `outDir` that an earlier `generate graph` stamped (digest header line, from
    /// the templates it uses) but this plan does not produce: a node was removed or renamed.
    /// Reported, never deleted. Files of other templates (`coordinator-core` next to the tree)
    /// are not the graph's.
    static func staleFiles(in outDir: URL, planned: Set<String>) -> [String] {
        let root = outDir.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var stale: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") && !planned.contains(relative) {
            guard let data = FileManager.default.contents(atPath: root + "/" + relative),
                  let text = String(data: data, encoding: .utf8),
                  text.split(separator: "\n", maxSplits: 2).dropFirst().first?.hasPrefix("// teamflow digest ") == true,
                  let template = GeneratedHeader.template(in: text), ["coordinator", GraphWiring.templateName].contains(template)
            else { continue }
            stale.append(relative)
        }
        return stale.sorted()
    }

    /// Writes the plan: creates, updates unedited files, merges hand edits into edited ones
    /// whose generated text changed (three-way, against the last generated text; a conflict is
    /// written with markers), rewrites edited ones with no last generated text only with
    /// `force` (refusing before writing anything otherwise), never touches user files or files
    /// without the generated header. `force` takes the new text. Returns the files as found at
    /// write time; the caller reports `conflict`s.
    @discardableResult
    public func write(_ files: [GraphFile], force: Bool) throws -> [GraphFile] {
        let current = try files.map {
            try Self.classify(path: $0.path, contents: $0.planned.contents, outDir: $0.planned.outputDirectory,
                              isUserFile: $0.planned.isUserFile, environment: generator.environment)
        }
        let edited = current.filter { $0.action == .edited }.map(\.path)
        if !force && !edited.isEmpty { throw ScaffoldingError.wouldOverwrite(paths: edited) }
        // Kept texts' places are checked before the first write (see `Generator.write`).
        let bases = try current.map { file in
            file.action == .userFile ? nil : try Generator.baseLocation(file.planned.contents, path: file.path,
                                                                        outDir: file.planned.outputDirectory, isUserFile: file.planned.isUserFile)
        }
        for (file, base) in zip(current, bases) where file.action != .userFile {
            if file.action.changesFile, let text = file.textToWrite(force: force) {
                try FileSystem.writeAtomically(text, to: file.planned.destination)
            }
            if let base { try Generator.keepGenerated(file.planned.contents, at: base) }
        }
        return current
    }

    static func classify(path: String, contents: String, outDir: URL, isUserFile: Bool = false,
                         environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GraphFile {
        let destination = try OutputLocation.resolve(path, in: outDir)
        let planned = PlannedFile(path: path, outputDirectory: outDir, destination: destination, contents: contents,
                                  action: .create, isUserFile: isUserFile)
        guard FileSystem.exists(destination.path) else { return GraphFile(planned: planned, action: .create, existing: nil) }
        guard let existing = try? FileSystem.readText(destination) else {
            return GraphFile(planned: planned, action: isUserFile ? .kept : .userFile, existing: nil)
        }
        let base = isUserFile ? nil : try Generator.lastGenerated(path, outDir: outDir)
        let decision = try Regeneration.decide(existing: existing, new: contents, isUserFile: isUserFile, base: base,
                                               path: path, environment: environment)
        let action: GraphFile.Action
        switch decision.verdict {
        case .create: action = .create
        case .update: action = .update
        case .unchanged: action = .unchanged
        case .keep: action = .kept
        case .edited: action = .edited
        case .unmarked: action = .userFile
        case .merged: action = .merged
        case .conflict, .unresolved: action = .conflict
        }
        let withMerge = PlannedFile(path: path, outputDirectory: outDir, destination: destination, contents: contents,
                                    action: .create, isUserFile: isUserFile, mergedText: decision.merged)
        return GraphFile(planned: withMerge, action: action, existing: existing)
    }
}
