import ArgumentParsing
import Foundation
import Scaffolding
import TeamflowCore
import Templates

/// `teamflow generate graph [F.yaml]`: the whole coordinator tree from one manifest.
enum GenerateGraphCommand {
    static let manifest = ArgumentSpec(name: "manifest", help: "The manifest (default: .teamflow/graph.yaml in the repository).",
                                       isOptional: true, completion: .file)
    static let printTree = FlagSpec(long: "print", help: "Write nothing; draw the tree with each node's needs and where they come from.")

    static let spec = CommandSpec(
        name: "graph",
        abstract: "Generate the coordinator tree and its wiring from a manifest, validated first.",
        discussion: "Every problem in the manifest is reported at once and nothing is written while there is any. The manifest's `services:` meet needs no ancestor provides, and the DIContainer registration is generated from them and the same needs. Generated files carry a digest: a later run rewrites them while they are unedited, leaves hand-edited ones alone while their generated text is unchanged, and otherwise merges the edits three-way against the last generated text kept under .teamflow-generated/ (a conflict is written with markers and exits 1; without kept text only --force replaces the file). It never touches files without the generated header, and creates the template's user files (`+Flow.swift`) once. --dry-run prints a unified diff; --check exits 1 when files are out of date; --print draws the tree and where each need comes from.",
        examples: ["teamflow generate graph", "teamflow generate graph App/graph.yaml --out Sources/App --dry-run",
                   "teamflow generate graph --out Sources/App --check", "teamflow generate graph --print"],
        arguments: [manifest],
        options: [GenerateCommand.out],
        flags: [GenerateCommand.dryRun, GenerateCommand.force, GenerateCommand.check, printTree],
        run: handler(graph)
    )

    static func graph(_ inv: Invocation) throws {
        let p = inv.parsed
        if try p[printTree] { return try printGraph(inv) }
        let (checking, dryRun, force) = try (p[GenerateCommand.check], p[GenerateCommand.dryRun], p[GenerateCommand.force])
        let (path, outDir) = try (p[manifest], URL(fileURLWithPath: Paths.absolute(p[GenerateCommand.out] ?? ".", in: inv.directory)))
        let outcome = try mapGraphErrors(path, inv) {
            try GraphGenerator.run(
                manifest: path, in: inv.directory, repositoryRoot: try Paths.repositoryRoot(inv), catalog: try Paths.catalog(inv),
                outDir: outDir, dryRun: dryRun || checking, force: force)
        }
        for warning in outcome.warnings { inv.err("warning: \(warning)\n") }
        if checking {
            try GenerateCommand.reportCheck(
                outcome.files.map { ($0.path, GenerateCommand.checkLabel($0.action.rawValue), $0.action.changesFile) }, inv: inv)
        } else {
            report(outcome.files, dryRun: dryRun, force: force, inv: inv)
            if !force && !dryRun { try GenerateCommand.failOnConflicts(outcome.files.filter { $0.action == .conflict }.map(\.path)) }
        }
    }

    /// `--print`: the validated tree, drawn; writes nothing.
    static func printGraph(_ inv: Invocation) throws {
        let path = try inv.parsed[manifest]
        let printed = try mapGraphErrors(path, inv) {
            try GraphGenerator.printTree(manifest: path, in: inv.directory, repositoryRoot: try Paths.repositoryRoot(inv))
        }
        for warning in printed.warnings { inv.err("warning: \(warning)\n") }
        inv.emit(json: .string(printed.text), text: printed.text)
    }

    /// A manifest that cannot be read, or fails validation (every problem listed), exits 1.
    static func mapGraphErrors<T>(_ manifest: String?, _ inv: Invocation, _ body: () throws -> T) throws -> T {
        do {
            return try Scaffold.mapErrors(body)
        } catch let failure as GraphManifestError {
            throw TeamflowError(.failure, failure.message, hints: failure.hints)
        } catch let failure as GraphGenerator.ValidationFailed {
            for warning in failure.warnings { inv.err("warning: \(warning)\n") }
            let shownPath = manifest ?? GraphGenerator.defaultManifest
            throw TeamflowError(.failure, "\(shownPath): \(failure.errors.count) problem(s); nothing was written\n"
                                + failure.errors.map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    static func report(_ files: [GraphFile], dryRun: Bool, force: Bool, inv: Invocation) {
        let labels = files.map { dryRun ? GenerateCommand.checkLabel($0.action.rawValue) : $0.action.rawValue }
        let width = labels.map(\.count).max() ?? 0
        var lines = zip(files, labels).map { file, label in
            var line = label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + file.path
            if file.action == .edited { line += force ? "  (edited by hand; overwritten with --force)" : "  (edited by hand; needs --force)" }
            if file.action == .userFile { line += "  (not generated by teamflow; left alone)" }
            if file.action == .kept { line += GenerateCommand.note(.kept, userFile: file.planned.isUserFile) }
            if file.action == .merged { line += GenerateCommand.note(.merged, userFile: false) }
            if file.action == .conflict {
                line += force ? "  (edited by hand; overwritten with --force)"
                    : GenerateCommand.note(.conflict, userFile: false, unresolved: file.planned.mergedText == nil)
            }
            return line
        }
        if dryRun {
            lines.append("Dry run: nothing written.")
            for file in files where file.action.changesFile {
                lines.append(UnifiedDiff.diff(old: file.existing, new: file.textToWrite(force: force) ?? file.existing ?? "", path: file.path))
            }
        } else {
            lines.append("\(files.filter { $0.action.changesFile && $0.textToWrite(force: force) != nil }.count) file(s) written.")
        }
        inv.emit(json: .array(files.map { .object([("path", .string($0.path)), ("action", .string($0.action.rawValue))]) }),
                 text: lines.joined(separator: "\n"))
    }
}
