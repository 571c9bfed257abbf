import ArgumentParsing
import Foundation
import Git
import TeamflowCore
import WikiExport

/// `teamflow wiki publish TARGET [--lang en|ko] [--message TEXT]`: export into a wiki
/// repository and push it.
///
/// A URL or a bare repository is cloned into a temporary folder with the user's git; a local
/// checkout is used in place. Only the pages the export owns are replaced (see `WikiWriter`);
/// a commit is made, as the user, only when a page changed; it is then pushed.
enum WikiPublishCommand {
    static let spec = CommandSpec(
        name: "publish",
        abstract: "Export the wiki into a wiki repository (path or URL), commit when something changed, and push.",
        discussion: "A URL or bare repository is cloned to a temporary folder; a local checkout is updated in place (and pushed when its branch has an upstream). Pages the export does not own are never touched. Run `teamflow sync` first so the wiki shows the whole team's events.",
        examples: ["teamflow wiki publish https://github.com/team/app.wiki.git", "teamflow wiki publish ../app.wiki"],
        arguments: [ArgumentSpec(name: "target", help: "The wiki repository: a URL, a bare repository or a local checkout.",
                                 completion: .directory)],
        options: [
            OptionSpec(long: "lang", valueName: "LANG", help: "Built-in headings: en or ko (default: en).",
                       allowedValues: WikiLanguage.allCases.map(\.rawValue)),
            OptionSpec(long: "message", short: "m", valueName: "TEXT", help: "The commit message (default: a summary of the pages)."),
        ],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let session = try inv.session()
        let author = try session.requireAuthor()
        let target = inv.argument("target")
        // A target git could read as an option (`--upload-pack=...`) never reaches git.
        guard !GitProcess.looksLikeOption(target) else {
            throw TeamflowError(.usage, "'\(target)' is not a wiki repository: it starts with '-', so git would read it as an option",
                                hints: ["Give a URL or a path (write ./\(target) for a folder named so)."])
        }
        let language = WikiLanguage(rawValue: inv.parsed.option("lang") ?? "en") ?? .en
        let overrides = store.repository.workingDirectory.map(WikiExporter.overrides(inWorkTree:))
        let files = try WikiExporter(language: language, overrides: overrides).render(try store.state())

        let local = (target.hasPrefix("/") ? target : (inv.directory as NSString).appendingPathComponent(target))
        let inPlace = isCheckout(local)
        var temporary: String?
        defer { temporary.map { try? FileManager.default.removeItem(atPath: $0) } }
        let folder: String
        if inPlace {
            folder = local
        } else {
            let clone = NSTemporaryDirectory() + "teamflow-wiki-" + UUID().uuidString
            temporary = clone
            let source = FileManager.default.fileExists(atPath: local) ? local : target
            let git = try WikiPublishCommand.git(in: NSTemporaryDirectory())
            try git.check(["clone", "-q", "--depth", "1"], operands: [source, clone], doing: "clone \(target)")
            folder = clone
        }
        let report = try WikiWriter.write(files, to: folder)
        let git = try WikiPublishCommand.git(in: folder)
        let paths = Set(files.map(\.name) + report.removed + [WikiWriter.manifestName]).sorted()
        // Page names are literal paths, never pathspec magic (`:(glob)...`) or globs.
        try git.check(["--literal-pathspecs", "add", "-A"], operands: paths, doing: "stage the pages")
        let staged = try git.run(["diff", "--cached", "--quiet"])
        guard staged.status == 1 else {
            inv.emit(json: result(target, changed: false, pushed: false, report), text: "The wiki at \(target) is up to date.")
            return
        }
        let date = Timestamp.format(session.now, timeZone: session.timeZone)
        let identity = ["GIT_AUTHOR_NAME": author.name, "GIT_AUTHOR_EMAIL": author.email, "GIT_AUTHOR_DATE": date,
                        "GIT_COMMITTER_NAME": author.name, "GIT_COMMITTER_EMAIL": author.email, "GIT_COMMITTER_DATE": date]
        let changed = report.written.count + report.removed.count
        let message = inv.parsed.option("message") ?? "teamflow: update the wiki (\(changed) page\(changed == 1 ? "" : "s"))"
        try git.check(["commit", "-q", "--no-verify", "--message=" + message], doing: "commit the pages", environment: identity)
        var pushed = false
        let hasUpstream = try git.run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]).status == 0
        if !inPlace || hasUpstream {
            let branch = try git.check(["symbolic-ref", "--short", "HEAD"], doing: "read the branch")
            let refspec = inPlace ? [] : ["origin", "HEAD:refs/heads/\(branch)"]
            try git.check(["push", "-q"], operands: refspec, doing: "push to \(target)")
            pushed = true
        }
        inv.emit(json: result(target, changed: true, pushed: pushed, report),
                 text: "Published \(changed) changed page\(changed == 1 ? "" : "s") to \(target)" + (pushed ? "" : " (committed; not pushed: no upstream)"))
    }

    static func result(_ target: String, changed: Bool, pushed: Bool, _ report: WikiWriteReport) -> JSON {
        .object([("target", .string(target)), ("changed", .bool(changed)), ("pushed", .bool(pushed)),
                 ("written", .array(report.written.map(JSON.string))), ("removed", .array(report.removed.map(JSON.string)))])
    }

    /// Whether `path` is a local repository with a work tree (updated in place).
    static func isCheckout(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let git = GitProcess(directory: path),
              let output = try? git.run(["rev-parse", "--is-inside-work-tree", "--show-toplevel"]), output.status == 0 else { return false }
        let lines = output.stdout.split(separator: "\n")
        return lines.first == "true" && lines.count == 2
            && URL(fileURLWithPath: String(lines[1])).resolvingSymlinksInPath().path == URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    static func git(in directory: String) throws -> GitProcess {
        guard let git = GitProcess(directory: directory) else {
            throw TeamflowError(.failure, "cannot find `git` on PATH", hints: ["Install git, or add it to PATH."])
        }
        return git
    }
}

extension GitProcess {
    /// Runs git (operands after `--end-of-options`) and returns its trimmed stdout, or throws
    /// with git's reason.
    @discardableResult
    func check(_ options: [String], operands: [String] = [], doing what: String, environment: [String: String] = [:]) throws -> String {
        let output = try run(options, operands: operands,
                             extraEnvironment: environment.merging(["GIT_TERMINAL_PROMPT": "0"]) { old, _ in old })
        guard output.status == 0 else {
            let reason = output.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
            throw TeamflowError(.failure, "cannot \(what): \(reason)", hints: ["Nothing was published."])
        }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
