import ArgumentParsing
import Foundation
import TeamflowCore
import TeamflowGit

/// `teamflow export [--out FILE]`: every event as one YAML stream, oldest first.
enum ExportCommand {
    static let out = OptionSpec(long: "out", short: "o", valueName: "FILE", help: "Write to FILE instead of standard output.", completion: .file)

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write every event as one multi-document YAML stream, oldest first.",
        examples: ["teamflow export > backup.yaml", "teamflow export --out backup.yaml"],
        options: [out],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        guard let file = try inv.parsed[out] else {
            // Streamed: at 500,000 events the whole stream held at once took ~800 MB.
            try ProgressLine.run("teamflow export", inv) { try inv.store().exportStream { inv.raw($0) } }
            return
        }
        try ProgressLine.run("teamflow export", inv) { try inv.store().export(toFile: inv.resolvedPath(file), name: file) }
    }
}

/// `teamflow import FILE`: append a stream's events in one commit; idempotent.
enum ImportCommand {
    static let file = ArgumentSpec(name: "file", help: "The YAML stream (from teamflow export), or - for standard input.", completion: .file)

    static let spec = CommandSpec(
        name: "import",
        abstract: "Append the events of an exported YAML stream in one commit, keeping their ids.",
        discussion: "Events already present are skipped, so importing twice changes nothing. Use - to read standard input.",
        examples: ["teamflow import backup.yaml"],
        arguments: [file],
        // `import markdown FILE` descends; any other word is the stream's file.
        subcommands: [WikiImportCommand.spec],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let name = try inv.argument(file)
        let session = try inv.session()
        let at = Timestamp.format(session.now, timeZone: session.timeZone)
        let result = try ProgressLine.run("teamflow import", inv) {
            // Standard input is the invocation's (bytes given by a test, or the process's own).
            guard name == "-" else {
                return try inv.store().importEvents(from: .file(path: inv.resolvedPath(name), name: name), author: session.author, at: at)
            }
            guard let text = String(data: inv.output.readStandardInput(), encoding: .utf8) else {
                throw TeamflowError(.failure, "standard input is not UTF-8 text", hints: ["Nothing was imported."])
            }
            return try inv.store().importStream(text, file: "-", author: session.author, at: at)
        }
        inv.emit(json: .object([("added", .int(result.added)), ("skipped", .int(result.skipped))]),
                 text: "Imported \(result.added) event\(result.added == 1 ? "" : "s")"
                    + (result.skipped > 0 ? " (\(result.skipped) already present)" : ""))
    }
}

/// `teamflow doctor`: check the history; exit 1 on any problem.
enum DoctorCommand {
    static let spec = CommandSpec(
        name: "doctor",
        abstract: "Check the history for corrupt or duplicate events and clock anomalies; exit 1 on any problem.",
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let report = try store.checkup()
        let (problems, count) = (report.problems, report.events)
        inv.emit(json: .object([("events", .int(count)), ("problems", .array(problems.map { .string($0.description) }))]),
                 text: problems.isEmpty ? "\(count) events, no problems." : problems.map { Present.safe($0).description }.joined(separator: "\n"))
        if !problems.isEmpty {
            throw TeamflowError(.failure, "\(problems.count) problem\(problems.count == 1 ? "" : "s") in the history on \(store.ref)",
                                hints: ["Corrupt files are skipped; every other event still counts. Events are never edited: fix by appending, or remove the file with plain git on the ref."])
        }
    }
}
