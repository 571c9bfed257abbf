public import Foundation
public import Templates

/// Renders a template into a plan of files, and writes a plan safely.
///
/// Safety: nothing lands outside the output folder or in a git directory (rendered paths
/// with `..`, absolute paths, a `.git` component in any case and symlinks leading out or into
/// `.git` are refused, every path before the first write), existing files with other contents are
/// only replaced with `force`, and every file is written atomically. Planning writes nothing,
/// so a dry run is `plan` alone.
public struct Generator: Sendable {
    public let catalog: TemplateCatalog
    /// The variables templates see as `env` (the caller's, which need not be this process's).
    public let environment: [String: String]

    /// A generator over `catalog` whose templates see `environment` as `env`.
    public init(catalog: TemplateCatalog, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.catalog = catalog
        self.environment = environment
    }

    /// Raw values for `template` from `--set KEY=VALUE` arguments and an optional values
    /// file (see `VariableValues.collect`).
    public func values(for template: String, assignments: [String], valuesFile: URL? = nil) throws -> [String: TemplateValue] {
        let manifest = try catalog.template(named: template).manifest
        var yaml: String?
        if let valuesFile {
            guard let text = try FileSystem.readText(valuesFile) else {
                throw ScaffoldingError.fileSystem(path: valuesFile.path, reason: "no such file")
            }
            yaml = text
        }
        return try VariableValues.collect(
            for: manifest, assignments: assignments, valuesYAML: yaml, valuesFile: valuesFile?.path)
    }

    /// The files `template` would produce in `outDir`, sorted by path.
    ///
    /// `name`, when given, is the value of the `name` variable. Throws
    /// `MissingRequiredVariable`, or `ScaffoldingError` (unknown template or variable,
    /// invalid value, path escape, render failure).
    public func plan(template name: String, name value: String? = nil, values: [String: TemplateValue] = [:], outDir: URL) throws -> [PlannedFile] {
        let template = try catalog.template(named: name)
        var values = values
        if let value { values["name"] = .string(value) }
        let environment = TemplateEnvironment(loader: TemplateFilesLoader(files: template.files), trimBehaviour: .smart)
        let pathEnvironment = TemplateEnvironment(loader: TemplateFilesLoader(files: template.files), trimBehaviour: .none)
        var context = try VariableResolver(manifest: template.manifest, environment: environment).context(for: values)
        // StencilSwiftKit's `env` and an empty `param`, as `template render` has them; declared variables win.
        for (key, value) in ContextEnrichment.enrich([:], parameters: [:], environment: self.environment) where context[key] == nil { context[key] = value }

        var planned: [String: PlannedFile] = [:]
        for file in template.outputFiles {
            for fileContext in Self.contexts(for: file.path, manifest: template.manifest, base: context) {
                let path = try render(file.path, template: template, file: file.path, environment: pathEnvironment, context: fileContext)
                var contents = try render(file.contents, template: template, file: file.path, environment: environment, context: fileContext)
                // A file whose text renders empty is switched off (e.g. `{% if viewModel %}` around it).
                if contents.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { continue }
                let cleanPath: String
                do { cleanPath = try OutputLocation.components(of: path).joined(separator: "/") } catch let error as ScaffoldingError {
                    throw error.naming(template: template.name, file: file.path)
                }
                guard planned[cleanPath] == nil else { throw ScaffoldingError.duplicateOutputPath(path: cleanPath) }
                // A user file is the user's from the start: no generated header, so nothing ever
                // takes it for teamflow's. Every other Swift file is marked and stamped.
                let isUserFile = template.manifest.userFiles.contains(file.path)
                if cleanPath.hasSuffix(".swift") && !isUserFile {
                    contents = GeneratedDigest.stamped(GeneratedHeader.applied(to: contents, template: template.name))
                }
                do {
                    planned[cleanPath] = try Self.planFile(cleanPath, contents: contents, outDir: outDir, isUserFile: isUserFile,
                                                           environment: self.environment)
                } catch let error as ScaffoldingError {
                    throw error.naming(template: template.name, file: file.path)
                }
            }
        }
        return planned.keys.sorted().compactMap { planned[$0] }
    }

    /// Writes `plan`: creates new files, rewrites unedited generated ones, merges hand edits
    /// into edited ones (three-way, against the last generated text kept under
    /// `.teamflow-generated/`; a conflict is written with markers), leaves unchanged and kept
    /// files (user files, hand edits with no new generated text) alone. Without `force`,
    /// refuses (before writing anything) when any file would be overwritten (edited with no
    /// last generated text to merge against, or without the generated header), listing every
    /// such file; `force` takes the new text everywhere but in user files. Paths are checked
    /// again, so a symlink created since planning cannot redirect a write. Returns the files as
    /// written (their actions as found now); the caller reports `conflict`s.
    @discardableResult
    public func write(_ plan: [PlannedFile], force: Bool) throws -> [PlannedFile] {
        let current = try plan.map {
            try Self.planFile($0.path, contents: $0.contents, outDir: $0.outputDirectory, isUserFile: $0.isUserFile,
                              environment: environment)
        }
        let conflicts = current.filter { $0.action == .overwrite }.map(\.path)
        if !force && !conflicts.isEmpty {
            throw ScaffoldingError.wouldOverwrite(paths: conflicts)
        }
        // Where each kept text goes, checked before the first write, so a refused one (a
        // `.teamflow-generated` linked out of the folder) stops the run with nothing written.
        let bases = try current.map { try Self.baseLocation($0.contents, path: $0.path, outDir: $0.outputDirectory, isUserFile: $0.isUserFile) }
        for (file, base) in zip(current, bases) {
            if file.action.changesFile, let text = file.textToWrite(force: force) {
                try FileSystem.writeAtomically(text, to: file.destination)
            }
            if let base { try Self.keepGenerated(file.contents, at: base) }
        }
        return current
    }

    /// Where the last generated text of `path` is kept, resolved under the output rule; nil for
    /// files that have none (user files, files without the generated header).
    static func baseLocation(_ contents: String, path: String, outDir: URL, isUserFile: Bool) throws -> URL? {
        guard !isUserFile, GeneratedHeader.template(in: contents) != nil else { return nil }
        return try OutputLocation.resolve(Regeneration.basePath(for: path), in: outDir)
    }

    /// Records `contents` as the last generated text (the base of the next merge) at `location`.
    static func keepGenerated(_ contents: String, at location: URL) throws {
        if (try? FileSystem.readText(location)) == contents { return }
        try FileSystem.writeAtomically(contents, to: location)
    }

    /// The last generated text of `path`, nil when none was kept.
    static func lastGenerated(_ path: String, outDir: URL) throws -> String? {
        let location = try OutputLocation.resolve(Regeneration.basePath(for: path), in: outDir)
        guard FileSystem.exists(location.path) else { return nil }
        return try FileSystem.readText(location)
    }

    private static func planFile(_ path: String, contents: String, outDir: URL, isUserFile: Bool,
                                 environment: [String: String]) throws -> PlannedFile {
        let destination = try OutputLocation.resolve(path, in: outDir)
        let action: PlannedFile.Action
        var merged: String?
        if FileSystem.exists(destination.path) {
            if let existing = try? FileSystem.readText(destination) {
                let base = isUserFile ? nil : try lastGenerated(path, outDir: outDir)
                let decision = try Regeneration.decide(existing: existing, new: contents, isUserFile: isUserFile, base: base,
                                                       path: path, environment: environment)
                merged = decision.merged
                switch decision.verdict {
                case .create, .edited, .unmarked: action = .overwrite
                case .unchanged: action = .unchanged
                case .update: action = .update
                case .keep: action = .kept
                case .merged: action = .merged
                case .conflict, .unresolved: action = .conflict
                }
            } else {
                // Something unreadable there (a folder, not UTF-8) is other contents: a conflict.
                action = isUserFile ? .kept : .overwrite
            }
        } else {
            action = .create
        }
        return PlannedFile(path: path, outputDirectory: outDir, destination: destination, contents: contents,
                           action: action, isUserFile: isUserFile, mergedText: merged)
    }

    private func render(
        _ text: String, template: ScaffoldTemplate, file: String, environment: TemplateEnvironment, context: [String: TemplateValue]
    ) throws -> String {
        do {
            return try environment.render(string: text, name: file, context: context)
        } catch {
            throw ScaffoldingError.renderFailed(template: template.name, file: file, message: "\(error)")
        }
    }

    /// One context per combination of the `foreach` loops this path uses; just `base` when it uses none.
    static func contexts(for path: String, manifest: TemplateManifest, base: [String: TemplateValue]) -> [[String: TemplateValue]] {
        var contexts = [base]
        for loop in manifest.foreach.keys.sorted() where mentions(path, variable: loop) {
            guard let list = manifest.foreach[loop], case .array(let items)? = base[list] else { return [] }
            contexts = contexts.flatMap { context in
                items.map { item in context.merging([loop: item]) { _, new in new } }
            }
        }
        return contexts
    }

    /// True when `path` uses `variable` in a `{{ ... }}` expression.
    static func mentions(_ path: String, variable: String) -> Bool {
        var rest = Substring(path)
        while let open = rest.range(of: "{{") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else { return false }
            let expression = afterOpen[..<close.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: " -"))
            let head = expression.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if head == variable { return true }
            rest = afterOpen[close.upperBound...]
        }
        return false
    }
}
