import ArgumentParsing
import Foundation
import TeamflowCore

/// `teamflow __man [COMMAND]` prints a manual page (roff); `teamflow __man --out DIR` writes
/// every page as `DIR/<name>.1`. Hidden plumbing for scripts/install.sh and
/// scripts/package-deb.sh: the pages come from the same command tree as `--help`.
enum ManCommand {
    static let command = ArgumentSpec(name: "command", help: "A top-level command; the tool's own page when left out.", isOptional: true)
    static let out = OptionSpec(long: "out", valueName: "DIR", help: "Write every page into DIR (created if missing) and list the files.",
                                completion: .directory)

    static let spec = CommandSpec(
        name: "__man",
        abstract: "Print or write the manual pages.",
        examples: ["teamflow __man task | man -l -", "teamflow __man --out share/man/man1"],
        arguments: [command],
        options: [out],
        isHidden: true,
        run: handler(run)
    )

    /// The title line's date and source: the commit's date, never the wall clock, so two builds
    /// of one commit write the same pages.
    static var date: String { BuildInfo.date == "unknown" ? "" : BuildInfo.date }
    static var source: String { "teamflow \(TeamflowCLI.version)" }

    static func run(_ inv: Invocation) throws {
        let parser = TeamflowCLI.parser
        if let folderName = try inv.parsed[out] {
            let folder = URL(fileURLWithPath: folderName, relativeTo: URL(fileURLWithPath: inv.directory))
            do {
                let files = try parser.writeManPages(into: folder, date: date, source: source)
                inv.out(files.map { $0.path + "\n" }.joined())
            } catch {
                throw TeamflowError(.failure, "cannot write the manual pages into \(folderName): \(error.localizedDescription)")
            }
            return
        }
        let name = try inv.parsed[command]
        guard let page = parser.manPage(for: name, date: date, source: source) else {
            throw TeamflowError(.usage, "no manual page for '\(name ?? "")'", hints: ["Pages: " + parser.manPages(date: date, source: source).map(\.name).joined(separator: ", ")])
        }
        inv.raw(page.text)
    }
}
