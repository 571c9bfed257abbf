// Manual pages (roff with the man(7) macros) generated from the command tree, with the words
// of the help text (the same abstracts, usage lines, option labels and examples), so a page
// cannot drift from `--help`. One page for the tool and one per visible top-level command;
// deeper commands are sections of their top-level command's page, as in git's pages.

public import Foundation

/// One generated manual page.
public struct ManPage: Sendable, Equatable {
    /// The page's name: `teamflow` for the root, `teamflow-goal` for a top-level command.
    public let name: String
    /// The section the page belongs in (1, user commands).
    public let section: Int
    /// The roff source, ending with a newline.
    public let text: String

    /// The file name a page is installed as, e.g. `teamflow-goal.1`.
    public var fileName: String { "\(name).\(section)" }
}

extension CommandLineParser {
    /// Every page: the root's first, then one per visible top-level command in tree order.
    ///
    /// `date` and `source` fill the title line (`.TH`): pass the build's date and e.g.
    /// `teamflow 0.5.0`, never the wall clock, so the pages are reproducible.
    public func manPages(date: String, source: String) -> [ManPage] {
        let root = Scope(root: root)
        let scopes = [root] + root.command.visibleSubcommands.map { root.descending(into: $0) }
        return scopes.map { ManPageWriter(scope: $0, date: date, source: source).page }
    }

    /// Writes every page as `folder/<name>.1` (creating the folder), each atomically, and
    /// returns the files written, in order. Throws the first failed write.
    public func writeManPages(into folder: URL, date: String, source: String) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try manPages(date: date, source: source).map { page in
            let file = folder.appendingPathComponent(page.fileName)
            try Data(page.text.utf8).write(to: file, options: .atomic)
            return file
        }
    }

    /// The page of the top-level command named `command`, or the root's page for nil; nil
    /// when there is no such visible command.
    public func manPage(for command: String?, date: String, source: String) -> ManPage? {
        let root = Scope(root: root)
        guard let command else { return ManPageWriter(scope: root, date: date, source: source).page }
        guard let sub = root.command.visibleSubcommands.first(where: { $0.name == command }) else { return nil }
        return ManPageWriter(scope: root.descending(into: sub), date: date, source: source).page
    }
}

/// Writes the roff of one page.
struct ManPageWriter {
    let scope: Scope
    let date: String
    let source: String

    var pageName: String { ([scope.toolName] + scope.path).joined(separator: "-") }

    var page: ManPage {
        var out = ".TH \(Roff.quoted(pageName.uppercased())) 1 \(Roff.quoted(date)) \(Roff.quoted(source)) \"User Commands\"\n"
        out += ".nh\n.ad l\n"  // no hyphenation, ragged right: command and page names stay whole
        out += ".SH NAME\n" + Roff.text(pageName) + " \\- " + Roff.escape(scope.command.abstract) + "\n"
        out += ".SH SYNOPSIS\n" + synopsis(of: scope)
        out += ".SH DESCRIPTION\n" + description(of: scope)
        out += details(of: scope, full: true)
        if scope.isRoot {
            out += topLevelCommands
        } else if !scope.command.visibleSubcommands.isEmpty {
            out += ".SH COMMANDS\n"
            for sub in scope.command.visibleSubcommands { out += command(scope.descending(into: sub)) }
        }
        out += toolSections
        out += examples(of: scope, heading: ".SH EXAMPLES\n")
        out += seeAlso
        return ManPage(name: pageName, section: 1, text: out)
    }

    /// The usage lines, one paragraph each, with the command words in bold.
    func synopsis(of scope: Scope) -> String {
        HelpFormatter(scope: scope).usageParts.map { parts in
            let rest = parts.dropFirst().map(Roff.escape).joined(separator: " ")
            return ".PP\n" + "\\fB" + Roff.escape(parts[0]) + "\\fR" + (rest.isEmpty ? "" : " " + rest) + "\n"
        }.joined()
    }

    func description(of scope: Scope) -> String {
        var out = Roff.text(scope.command.abstract) + "\n"
        for paragraph in scope.command.discussion.split(separator: "\n") where !paragraph.isEmpty {
            out += ".PP\n" + Roff.text(String(paragraph)) + "\n"
        }
        return out
    }

    /// ARGUMENTS and OPTIONS as tagged paragraphs, with the help text's labels and notes.
    /// `full` (a page's own command) adds the inherited global options, `--version` and
    /// `--help`; a subsection lists only what its command declares.
    func details(of scope: Scope, full: Bool) -> String {
        let command = scope.command
        let heading: (String) -> String = { full ? ".SH \($0.uppercased())\n" : ".PP\n\\fI\($0):\\fR\n" }
        var out = ""
        if !command.arguments.isEmpty {
            out += heading("Arguments")
            for argument in command.arguments {
                var label = HelpFormatter.usage(of: argument)
                if label.hasPrefix("["), label.hasSuffix("]") { label = String(label.dropFirst().dropLast()) }
                let help = argument.allowedValues.map { argument.help + " (values: \($0.joined(separator: ", ")))" }
                out += item("\\fI" + Roff.escape(label) + "\\fR", help ?? argument.help)
            }
        }
        let options = full ? scope.options : command.options
        let flags = full ? scope.flags : command.flags
        guard full || !options.isEmpty || !flags.isEmpty else { return out }
        out += heading("Options")
        for option in options {
            out += item(optionLabel(option), HelpFormatter.help(of: option))
        }
        for flag in flags {
            let short = flag.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            out += item(short + "\\fB\\-\\-" + Roff.escape(flag.long) + "\\fR", flag.help)
        }
        guard full else { return out }
        if scope.isRoot { out += item("\\fB\\-\\-version\\fR", "Show the version.") }
        out += item("\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show help information.")
        return out
    }

    func optionLabel(_ option: OptionSpec) -> String {
        let value = " \\fI" + Roff.escape(option.valueName) + "\\fR"
        if option.long.isEmpty { return "\\fB" + Roff.escape(option.spelling) + "\\fR" + value }
        let short = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        return short + "\\fB\\-\\-" + Roff.escape(option.long) + "\\fR" + value
    }

    func item(_ label: String, _ help: String) -> String {
        ".TP\n" + Roff.line(label) + "\n" + Roff.text(help) + "\n"
    }

    /// A subcommand (and, recursively, its subcommands) as a subsection of this page.
    func command(_ scope: Scope) -> String {
        let isDefault = scope.chain.dropLast().last?.defaultSubcommand == scope.command.name
        var out = ".SS " + Roff.escape(scope.invocation) + (isDefault ? " (default)" : "") + "\n"
        out += synopsis(of: scope)
        out += ".PP\n" + description(of: scope)
        // Inherited global options are described once, in the page's OPTIONS section.
        out += details(of: scope, full: false)
        out += examples(of: scope, heading: ".PP\n\\fIExamples:\\fR\n")
        for sub in scope.command.visibleSubcommands { out += command(scope.descending(into: sub)) }
        return out
    }

    /// On the root's page: each top-level command with its page.
    var topLevelCommands: String {
        let subs = scope.command.visibleSubcommands
        guard !subs.isEmpty else { return "" }
        return ".SH COMMANDS\n" + subs.map { sub in
            let page = scope.toolName + "-" + sub.name
            return item("\\fB" + Roff.escape(sub.name) + "\\fR", sub.abstract)
                + "See \\fB" + Roff.escape(page) + "\\fR(1).\n"
        }.joined()
    }

    /// The root's `manSections`: whole on the tool's page; on a command's page as each asks.
    var toolSections: String {
        scope.chain[0].manSections.map { section in
            let heading = ".SH " + Roff.quoted(section.title.uppercased()) + "\n"
            if !scope.isRoot {
                switch section.onCommandPages {
                case .omitted: return ""
                case .summary(let text): return heading + Roff.text(text) + "\n"
                case .whole: break
                }
            }
            var out = heading
            if !section.text.isEmpty { out += Roff.text(section.text) + "\n" }
            for entry in section.entries {
                let term: String
                switch section.termFont {
                case .bold: term = "\\fB" + Roff.escape(entry.term) + "\\fR"
                case .italic: term = "\\fI" + Roff.escape(entry.term) + "\\fR"
                case .roman: term = Roff.escape(entry.term)
                }
                out += item(term, entry.text)
            }
            return out
        }.joined()
    }

    func examples(of scope: Scope, heading: String) -> String {
        guard !scope.command.examples.isEmpty else { return "" }
        let lines = scope.command.examples.map { Roff.line(Roff.escape($0)) + "\n" }.joined()
        return heading + ".PP\n.RS 4\n.nf\n" + lines + ".fi\n.RE\n"
    }

    var seeAlso: String {
        let root = Scope(root: scope.chain[0])
        var pages = [scope.toolName] + root.command.visibleSubcommands.map { scope.toolName + "-" + $0.name }
        pages.removeAll { $0 == pageName }
        guard !pages.isEmpty else { return "" }
        return ".SH SEE ALSO\n" + pages.map { "\\fB" + Roff.escape($0) + "\\fR(1)" }.joined(separator: ",\n") + "\n"
    }
}
