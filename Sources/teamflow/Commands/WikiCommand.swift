import ArgumentParsing
import Foundation
import JSONShapes
import TeamflowCore

/// `teamflow wiki save|append|list|show|history|export`: wiki pages and journals.
enum WikiCommand {
    static let title = ArgumentSpec(name: "title", help: "The page's title.")
    static let file = OptionSpec(long: "file", valueName: "F", help: "Read the text from F (default: standard input).",
                                 completion: .file)
    static let date = OptionSpec(long: "date", valueName: "DATE", help: "The entry's day, YYYY-MM-DD (default: today).")
    static let by = OptionSpec(long: "by", valueName: "NAME", help: "Who wrote the entry, when not you.")

    static let spec = CommandSpec(
        name: "wiki",
        abstract: "Wiki pages and dated journals; export the retrospective wiki as Markdown.",
        examples: ["teamflow wiki save \"팀 규칙\" --file rules.md", "echo \"Step.1 방 생성\" | teamflow wiki append \"개발 일지\"",
                   "teamflow wiki export --out ../app.wiki --lang ko"],
        subcommands: [
            CommandSpec(name: "save", abstract: "Replace a page's body (creating the page).",
                        arguments: [title], options: [file], run: handler(save)),
            CommandSpec(name: "append", abstract: "Add a dated, authored journal entry to a page.",
                        arguments: [title], options: [file, date, by], run: handler(append)),
            CommandSpec(name: "list", abstract: "List wiki pages.", run: handler(list)),
            CommandSpec(name: "show", abstract: "Show a page: its body, then its journal oldest first.",
                        arguments: [title.withHelp("The page's title or id prefix.")], run: handler(show)),
            CommandSpec(name: "history", abstract: "List a page's changes, oldest first.",
                        arguments: [title.withHelp("The page's title or id prefix.")], run: handler(history)),
            WikiExportCommand.spec,
            WikiPublishCommand.spec,
        ]
    )

    static func save(_ inv: Invocation) throws {
        let page = try useCases(inv).save(title: inv.argument(title), body: try inv.readText(inv.parsed[file] ?? "-"))
        inv.emit(json: EntityJSON.json(page), text: "Saved page \(page.shortID): \(page.title)")
    }

    static func append(_ inv: Invocation) throws {
        let page = try useCases(inv).append(title: inv.argument(title), text: try inv.readText(inv.parsed[file] ?? "-"),
                                            date: inv.parsed[date], by: inv.parsed[by])
        let entry = page.entries.last
        inv.emit(json: EntityJSON.json(page),
                 text: "Appended to \(page.title): \(entry?.day ?? "") by \(entry?.author ?? "")")
    }

    static func list(_ inv: Invocation) throws {
        let pages = try useCases(inv).list()
        inv.emit(json: .array(pages.map(EntityJSON.json)),
                 text: pages.isEmpty ? "No wiki pages." : pages.map(Present.line).joined(separator: "\n"))
    }

    static func show(_ inv: Invocation) throws {
        let page = try useCases(inv).page(inv.argument(title))
        inv.emit(json: EntityJSON.json(page), text: Present.detail(page))
    }

    static func history(_ inv: Invocation) throws {
        let page = try useCases(inv).page(inv.argument(title))
        inv.emit(json: .array(page.timeline.map(EntityJSON.json)),
                 text: page.timeline.map(Present.line).joined(separator: "\n"))
    }

    static func useCases(_ inv: Invocation) throws -> WikiUseCases {
        WikiUseCases(repository: try inv.store(), session: try inv.session())
    }
}

extension Invocation {
    /// A path relative to `-C DIR` (or absolute).
    func resolvedPath(_ path: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// The bytes of a file, or of standard input for `-`.
    func readInput(_ file: String) throws -> Data {
        if file == "-" { return output.readStandardInput() }
        guard let data = FileManager.default.contents(atPath: resolvedPath(file)) else {
            throw TeamflowError(.failure, "cannot read \(file)", hints: ["Check the path (relative to the current directory or -C)."])
        }
        return data
    }

    /// UTF-8 text of a file, or of standard input for `-`.
    func readText(_ file: String) throws -> String {
        guard let text = String(data: try readInput(file), encoding: .utf8) else {
            throw TeamflowError(.failure, "\(file == "-" ? "standard input" : file) is not UTF-8 text")
        }
        return text
    }
}
