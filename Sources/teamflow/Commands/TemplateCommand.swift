import ArgumentParsing
import Foundation
import JSONShapes
import Scaffolding
import TeamflowCore
import Templates

/// `teamflow template render`: renders any template file to stdout, exactly.
/// Works anywhere: it needs no repository.
enum TemplateCommand {
    static let file = ArgumentSpec(name: "file", help: "The template file.", completion: .file)
    static let data = OptionSpec(long: "data", valueName: "F.json|F.yaml", help: "The context: a JSON object or YAML mapping.", completion: .file)
    static let searchPath = OptionSpec(long: "search-path", valueName: "DIR", help: "A folder for include/extends (repeatable, searched in order).",
                                       isRepeating: true, completion: .directory)
    static let trim = OptionSpec(long: "trim", valueName: "MODE", help: "Stencil's trim behaviour for block tags; swiftgen: none, then StencilSwiftKit's blank-line removal.",
                                 defaultValue: "smart", allowedValues: ["none", "smart", "all", "swiftgen"])
    static let param = OptionSpec(long: "param", valueName: "KEY=VALUE", help: "A StencilSwiftKit parameter, seen as param.KEY (repeatable).",
                                  isRepeating: true)
    static let maxOutput = OptionSpec(long: "max-output", valueName: "BYTES",
                                      help: "The most the render may write (default 16M): bytes, or with K, M or G (KiB, MiB, GiB).")
    static let timeZone = OptionSpec(long: "time-zone", valueName: "ZONE",
                                     help: "The zone the date filter formats in, e.g. Asia/Seoul (default UTC).")
    static let maxSteps = OptionSpec(long: "max-steps", valueName: "N",
                                     help: "The most steps the render may take (default \(RenderBudget.default.maxSteps)).")

    static let spec = CommandSpec(
        name: "template",
        abstract: "Render a Stencil-syntax template file.",
        examples: ["teamflow template render Greeting.stencil --data people.yaml",
                   "teamflow template render Page.stencil --search-path partials --trim none",
                   "teamflow template render Strings.stencil --data strings.json --max-output 64M"],
        subcommands: [
            CommandSpec(
                name: "render", abstract: "Render FILE to stdout, exactly (no newline added).",
                discussion: """
                    include and extends names are looked up in each --search-path, then in FILE's folder.
                    A render may write at most \(RenderBudget.byteCount(RenderBudget.default.maxOutputBytes)) and take at most \(RenderBudget.default.maxSteps) steps (tags, loop \
                    iterations, filters); past either it stops with an error at the tag it was rendering. \
                    --max-output and --max-steps raise or lower the limits (see docs/TEMPLATES.md, "Budgets").
                    In --data, YAML timestamps (2018-05-05T03:39:26Z, 2018-05-05) and JSON {"$date": "<RFC 3339>"} objects \
                    are dates: they print as RFC 3339, have timeIntervalSince1970 and timeIntervalSinceReferenceDate, \
                    and format with {{ d|date:"yyyy-MM-dd" }} in --time-zone (default UTC).
                    """,
                arguments: [file],
                options: [data, searchPath, trim, param, maxOutput, maxSteps, timeZone],
                // The budget and zone are checked while parsing, so a bad one is wrong usage before any file is read.
                validate: { parsed in
                    _ = try budget(parsed)
                    _ = try zone(parsed)
                },
                run: handler(render)),
        ]
    )

    static func render(_ inv: Invocation) throws {
        let p = inv.parsed
        // `--trim` has a declared default and allowed values, so the fallback is never taken.
        let mode = try p[trim] ?? "smart"
        let behaviour = TrimBehaviour(rawValue: mode) ?? .none
        let assignments = try p.values(param)
        let parameters: TemplateValue
        do { parameters = try ContextEnrichment.parameters(from: assignments) } catch {
            throw TeamflowError(.usage, "\(error)")
        }
        do {
            // A TemplateError reaches the user as a compiler-style diagnostic (see TeamflowCLI).
            inv.raw(try TemplateFileRender.render(file: inv.argument(file), in: inv.directory,
                                                      searchPaths: p.values(searchPath),
                                                      dataFile: p[data], trim: behaviour,
                                                      compactsBlankLines: mode == "swiftgen", parameters: parameters,
                                                      budget: try budget(p), environment: inv.environment,
                                                      timeZone: try zone(p)))
        } catch let error as TemplateFileError {
            throw TeamflowError(.failure, error.message, hints: error.hints)
        }
    }
}

extension TemplateCommand {
    /// The render budget from `--max-output` and `--max-steps`, the default for what is not given.
    static func budget(_ parsed: ParsedCommand) throws -> RenderBudget {
        var budget = RenderBudget.default
        if let bytes = try parsed.value(maxOutput, as: "a number of bytes, e.g. 1048576, 512K, 64M or 1G", byteCount) {
            budget.maxOutputBytes = bytes
        }
        if let steps = try parsed.int(maxSteps, in: 1...) {
            budget.maxSteps = steps
        }
        return budget
    }

    /// `--time-zone`: a zone identifier (`Asia/Seoul`, `UTC`); nil when not given.
    static func zone(_ parsed: ParsedCommand) throws -> TimeZone? {
        try parsed.value(timeZone, as: "a time zone identifier, e.g. UTC or Asia/Seoul") { TimeZone(identifier: $0) }
    }

    /// `1048576`, `512K`, `64M`, `1G` (also `KiB`, `MiB`, `GiB`, any case): a count above 0 that fits an Int.
    static func byteCount(_ text: String) -> Int? {
        let units: [(suffix: String, shift: Int)] = [("kib", 10), ("mib", 20), ("gib", 30), ("k", 10), ("m", 20), ("g", 30)]
        var digits = text.lowercased()
        var shift = 0
        if let unit = units.first(where: { digits.hasSuffix($0.suffix) }) {
            digits.removeLast(unit.suffix.count)
            shift = unit.shift
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits), number > 0 else {
            return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
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
