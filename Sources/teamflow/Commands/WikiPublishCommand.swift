import ArgumentParsing
import Insights
import JSONShapes
import TeamflowCore
import WikiExport

/// `teamflow wiki publish TARGET [--lang en|ko] [--message TEXT]`: export into a wiki
/// repository and push it.
///
/// A URL or a bare repository is cloned into a temporary folder with the user's git; a local
/// checkout is used in place. Only the pages the export owns are replaced (see `WikiWriter`);
/// a commit is made, as the user, only when a page changed; it is then pushed.
enum WikiPublishCommand {
    static let target = ArgumentSpec(name: "target", help: "The wiki repository: a URL, a bare repository or a local checkout.",
                                     completion: .directory)
    static let message = OptionSpec(long: "message", short: "m", valueName: "TEXT", help: "The commit message (default: a summary of the pages).")

    static let spec = CommandSpec(
        name: "publish",
        abstract: "Export the wiki into a wiki repository (path or URL), commit when something changed, and push.",
        discussion: "A URL or bare repository is cloned to a temporary folder; a local checkout is updated in place (and pushed when its branch has an upstream). Pages the export does not own are never touched. Run `teamflow sync` first so the wiki shows the whole team's events.",
        examples: ["teamflow wiki publish https://github.com/team/app.wiki.git", "teamflow wiki publish ../app.wiki"],
        arguments: [target],
        options: [WikiExportCommand.lang, message],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let session = try inv.session()
        let author = try session.requireAuthor()
        let destination = try inv.argument(target)
        try WikiPublisher.checkTarget(destination)
        guard let git = SystemWikiGit(environment: inv.environment) else {
            throw TeamflowError(.failure, "cannot find `git` on PATH", hints: ["Install git, or add it to PATH."])
        }
        let language = try WikiLanguage(rawValue: store.settings().language(flag: inv.parsed[WikiExportCommand.lang], allowed: WikiLanguage.allCases.map(\.rawValue))) ?? .en
        let charts = try inv.queries().charts()
        let outcome = try ProgressLine.run("teamflow wiki publish", inv) {
            try WikiExporter.team(language: language, workTree: store.workingDirectory, timeZone: session.timeZone,
                                  teamFallback: inv.teamFallback)
                .publish(store, charts: charts, with: WikiPublisher(git: git), to: destination, from: inv.directory,
                         author: author, date: Timestamp.format(session.now, timeZone: session.timeZone), message: inv.parsed[message])
        }
        let report = outcome.report
        let changed = outcome.changedPages
        inv.emit(json: .object([("target", .string(destination)), ("changed", .bool(outcome.changed)), ("pushed", .bool(outcome.pushed)),
                                ("written", .array(report.written.map(JSON.string))), ("removed", .array(report.removed.map(JSON.string)))]),
                 text: !outcome.changed ? "The wiki at \(destination) is up to date."
                    : "Published \(changed) changed page\(changed == 1 ? "" : "s") to \(destination)" + (outcome.pushed ? "" : " (committed; not pushed: no upstream)"))
    }
}
