import ArgumentParsing
import Foundation
import Scaffolding
import TeamflowCore

/// `teamflow generate TEMPLATE [NAME]` and `teamflow generate graph [F.yaml]`: scaffolding.
/// Works inside or outside a repository; never writes outside `--out`.
enum GenerateCommand {
    static let template = ArgumentSpec(name: "template", help: "The template's name (see `teamflow templates list`).",
                                       completion: .command("teamflow __complete templates"))
    static let name = ArgumentSpec(name: "name", help: "The value of the template's `name` variable.", isOptional: true)
    static let set = OptionSpec(long: "set", valueName: "KEY=VALUE", help: "A variable's value; repeat to append to a list.", isRepeating: true)
    static let values = OptionSpec(long: "values", valueName: "F.yaml", help: "Variable values as a YAML mapping.", completion: .file)
    /// `--out`, `--dry-run`, `--force` and `--check` are `generate graph`'s too.
    static let out = OptionSpec(long: "out", valueName: "DIR", help: "Where files go (default: the current directory).",
                                completion: .directory)
    static let dryRun = FlagSpec(long: "dry-run", help: "Write nothing; list every file and what writing it would do.")
    static let force = FlagSpec(long: "force", help: "Take the new generated text in files edited by hand, instead of merging (never the template's user files).")
    static let package = FlagSpec(long: "package",
                                  help: "For `feature`: also write Package.swift, with the code in Sources/ and the tests in Tests/ (a SwiftPM package; same as --set package=true).")
    static let check = FlagSpec(long: "check", help: "Write nothing; exit 1 listing the files regeneration would create or change (for CI).")

    static let spec = CommandSpec(
        name: "generate",
        abstract: "Generate scaffolding from a template, or the whole coordinator tree from a manifest.",
        discussion: "List templates with `teamflow templates list`. Values: --set KEY=VALUE (repeat it to append to a list) and --values F.yaml. teamflow owns the files it generates and rewrites them while unedited. It keeps the text it generated last under .teamflow-generated/ in the output folder (commit it with the code): a file edited by hand is merged three-way with git merge-file (reported `merged`; a conflict is written with markers and the run exits 1); with no kept text an edited file is replaced only with --force, and --force always takes the new text. A template's user files (its `userFiles`) are created once and then kept. --check writes nothing and exits 1 when files are out of date (`would merge`, `would conflict`).",
        examples: [
            "teamflow generate coordinator Connection --set dependencies='browsingUseCase: BrowsingUserUseCaseInterface' --set children=VideoList --set viewModel=true",
            "teamflow generate feature Profile --set useCases=FetchProfile --out Sources --dry-run",
            "teamflow generate feature Profile --package --out Packages/Profile",
            "teamflow generate di-container --values services.yaml",
            "teamflow generate graph .teamflow/graph.yaml --out Sources/App",
        ],
        arguments: [template, name],
        options: [set, values, out],
        flags: [dryRun, force, check, package],
        subcommands: [GenerateGraphCommand.spec],
        run: handler(generate)
    )

    static func generate(_ inv: Invocation) throws {
        let p = inv.parsed
        let generator = Generator(catalog: try Paths.catalog(inv), environment: inv.environment)
        let checking = try p[check]
        let writesNothing = try p[dryRun] || checking
        let (templateName, unitName, given) = try (inv.argument(template), p[name], p.values(set))
        // `--package` is the `package` variable; a template without one says so (unknown variable).
        let assignments = try p[package] ? given + ["package=true"] : given
        let valuesFile = try p[values].map { URL(fileURLWithPath: Paths.absolute($0, in: inv.directory)) }
        let outDir = try URL(fileURLWithPath: Paths.absolute(p[out] ?? ".", in: inv.directory))
        let overwrite = try p[force]
        let files = try Scaffold.mapErrors {
            try generator.run(template: templateName, name: unitName, assignments: assignments, valuesFile: valuesFile,
                              outDir: outDir, dryRun: writesNothing, force: overwrite)
        }
        if checking {
            try reportCheck(files.map { ($0.path, checkLabel($0.action.rawValue), $0.action.changesFile) }, inv: inv)
        } else {
            report(files, dryRun: writesNothing, force: overwrite, inv: inv)
            // A dry run previews (exit 0, as with files that would need --force); a real run fails on conflicts.
            if !overwrite && !writesNothing { try failOnConflicts(files.filter { $0.action == .conflict }.map(\.path)) }
        }
    }

    /// `--check` and `--dry-run` say what a merge would do: `would merge`, `would conflict`.
    static func checkLabel(_ action: String) -> String {
        switch action {
        case PlannedFile.Action.merged.rawValue: return "would merge"
        case PlannedFile.Action.conflict.rawValue: return "would conflict"
        default: return action
        }
    }

    /// A run that wrote (or left) conflict markers exits 1, listing the files.
    static func failOnConflicts(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        throw TeamflowError(.failure, "\(paths.count) file(s) have conflicts between your edits and the new generated text:\n"
                                + paths.map { "  \($0)" }.joined(separator: "\n"),
                            hints: ["Resolve the conflict markers (<<<<<<< yours ... >>>>>>> generated by teamflow) and regenerate, or pass --force to take the new text."])
    }

    /// `--check`: the files regeneration would create or change, one `action  path` line each
    /// (with `--json`, an array of objects); exit 1 when there is any, so CI fails on stale output.
    static func reportCheck(_ files: [(path: String, action: String, changes: Bool)], inv: Invocation) throws {
        let stale = files.filter { $0.changes }
        let width = stale.map { $0.action.count }.max() ?? 0
        let lines = stale.map { $0.action.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.path }
        inv.emit(json: .array(stale.map { .object([("path", .string($0.path)), ("action", .string($0.action))]) }),
                 text: stale.isEmpty ? "Up to date: \(files.count) file(s) checked." : lines.joined(separator: "\n"))
        guard stale.isEmpty else {
            throw TeamflowError(.failure, "\(stale.count) of \(files.count) generated file(s) out of date; nothing was written",
                                hints: ["Run the same command without --check and commit the result."])
        }
    }

    /// One line per file: `create|update|overwrite|merged|conflict|unchanged|kept  path` (with `--json`, an array of objects).
    static func report(_ files: [PlannedFile], dryRun: Bool, force: Bool = false, inv: Invocation) {
        let labels = files.map { dryRun ? checkLabel($0.action.rawValue) : $0.action.rawValue }
        let width = labels.map(\.count).max() ?? 0
        let lines = zip(files, labels).map { file, label in
            label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + file.path
                + (force && [.merged, .conflict].contains(file.action) ? "  (edited by hand; overwritten with --force)"
                    : note(file.action, userFile: file.isUserFile, unresolved: file.mergedText == nil))
        }
        let written = files.filter { $0.action.changesFile && $0.textToWrite(force: force) != nil }.count
        let summary = dryRun ? "Dry run: nothing written." : "\(written) file(s) written."
        inv.emit(json: .array(files.map { .object([("path", .string($0.path)), ("action", .string($0.action.rawValue))]) }),
                 text: (lines + [summary]).joined(separator: "\n"))
    }

    /// Why a `kept` file was left alone, and what a merge did.
    static func note(_ action: PlannedFile.Action, userFile: Bool, unresolved: Bool = false) -> String {
        switch action {
        case .kept:
            return userFile ? "  (your file: created once, never overwritten)" : "  (edited by hand; its generated text has not changed, so the edits stay)"
        case .merged:
            return "  (your edits merged into the new generated text)"
        case .conflict:
            return unresolved ? "  (still holds conflict markers; resolve them)" : "  (your edits conflict with the new generated text; see the markers)"
        default:
            return ""
        }
    }
}
