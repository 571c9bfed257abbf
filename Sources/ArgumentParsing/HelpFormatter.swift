// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
// SUBCOMMANDS, EXAMPLES; two-column rows wrapped at 80 columns with a hanging indent.

struct HelpFormatter {
    static let width = 80
    /// Column where the help column of a row starts.
    static let helpColumn = 26

    let scope: Scope
    var command: CommandSpec { scope.command }

    /// The usage lines: one, or two for a command with both arguments and subcommands.
    var usageLines: [String] { usageParts.map { $0.joined(separator: " ") } }

    /// Each usage line as words that must not be split when wrapping (`[--week W]`).
    var usageParts: [[String]] {
        var parts = [scope.invocation]
        parts += command.arguments.map(Self.usage(of:))
        parts += command.options.map(Self.usage(of:))
        var groupsShown: Set<String> = []
        for flag in command.flags {
            if let group = flag.exclusiveGroup {
                guard groupsShown.insert(group).inserted else { continue }
                let members = command.flags.filter { $0.exclusiveGroup == group }
                parts.append("[" + members.map { "--" + $0.long }.joined(separator: "|") + "]")
            } else {
                parts.append("[--\(flag.long)]")
            }
        }
        let subcommandLine = [scope.invocation, "<subcommand>"]
        if command.subcommands.isEmpty { return [parts] }
        if command.arguments.isEmpty { return [parts + ["<subcommand>"]] }
        return [parts, subcommandLine]
    }

    static func usage(of argument: ArgumentSpec) -> String {
        let name = argument.displayName + (argument.isRepeating ? "..." : "")
        return argument.isOptional ? "[\(name)]" : name
    }

    static func usage(of option: OptionSpec) -> String {
        let core = "\(option.spelling) \(option.valueName)"
        let bracketed = option.isRequired ? core : "[\(core)]"
        guard option.isRepeating else { return bracketed }
        return option.isRequired ? "\(core)..." : "\(bracketed)..."
    }

    /// The full help text, without a trailing newline.
    var text: String {
        var sections: [String] = []
        var overview = Self.wrap("OVERVIEW: " + command.abstract, indent: 0)
        if !command.discussion.isEmpty {
            overview += "\n\n" + Self.wrap(command.discussion, indent: 0)
        }
        sections.append(overview)

        // Continuation lines hang under the first word after the command.
        let hang = min(7 + scope.invocation.count + 1, 40)
        let usage = usageParts.enumerated().map { offset, parts in
            Self.wrapUnits(parts, first: offset == 0 ? "USAGE: " : "       ", indent: hang)
        }
        sections.append(usage.joined(separator: "\n"))

        if !command.arguments.isEmpty {
            let rows = command.arguments.map { argument in
                let help = argument.allowedValues.map {
                    argument.help + " (values: \($0.joined(separator: ", ")))"
                }
                return Self.row(Self.usage(of: argument).trimmingBrackets, help ?? argument.help)
            }
            sections.append("ARGUMENTS:\n" + rows.joined(separator: "\n"))
        }

        // Own options and flags first, then the inherited global ones.
        func optionRows(_ options: some Sequence<OptionSpec>, _ flags: some Sequence<FlagSpec>) -> [String] {
            options.map { Self.row(Self.label(of: $0), Self.help(of: $0)) }
                + flags.map { Self.row(($0.short.map { "-\($0), " } ?? "") + "--" + $0.long, $0.help) }
        }
        var rows = optionRows(command.options, command.flags)
        rows += optionRows(scope.options.dropFirst(command.options.count), scope.flags.dropFirst(command.flags.count))
        if scope.isRoot { rows.append(Self.row("--version", "Show the version.")) }
        rows.append(Self.row("-h, --help", "Show help information."))
        sections.append("OPTIONS:\n" + rows.joined(separator: "\n"))

        let subcommands = command.visibleSubcommands
        if !subcommands.isEmpty {
            var subRows = subcommands.map { sub in
                Self.row(sub.name + (sub.name == command.defaultSubcommand ? " (default)" : ""), sub.abstract)
            }
            subRows.append(Self.row("help", "Show subcommand help information."))
            let prefix = ([scope.toolName, "help"] + scope.path).joined(separator: " ")
            sections.append(
                "SUBCOMMANDS:\n" + subRows.joined(separator: "\n")
                    + "\n\n  See '\(prefix) <subcommand>' for detailed help.")
        }

        if !command.examples.isEmpty {
            let lines = command.examples.map { Self.wrap("  " + $0, indent: 4) }
            sections.append("EXAMPLES:\n" + lines.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    static func label(of option: OptionSpec) -> String {
        if option.long.isEmpty { return "\(option.spelling) \(option.valueName)" }
        let short = option.short.map { "-\($0), " } ?? ""
        return "\(short)--\(option.long) \(option.valueName)"
    }

    static func help(of option: OptionSpec) -> String {
        var notes: [String] = []
        if let allowed = option.allowedValues { notes.append("values: " + allowed.joined(separator: ", ")) }
        if let value = option.defaultValue { notes.append("default: " + value) }
        if option.isRepeating { notes.append("repeatable") }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// `  label` padded to the help column, then the wrapped help; a label too long for the
    /// column gets the help on the next line.
    static func row(_ label: String, _ help: String) -> String {
        let head = "  " + label
        let pad = String(repeating: " ", count: helpColumn)
        guard !help.isEmpty else { return head }
        let body = wrap(pad + help, indent: helpColumn)
        if head.count + 2 > helpColumn { return head + "\n" + body }
        return head + body.dropFirst(head.count)
    }

    /// Joins `units` with spaces after `first`, breaking lines only between units.
    static func wrapUnits(_ units: [String], first: String, indent: Int) -> String {
        var lines: [String] = []
        var current = first
        var hasUnit = false
        for unit in units {
            if hasUnit, current.count + 1 + unit.count > width {
                lines.append(current)
                current = String(repeating: " ", count: indent) + unit
            } else {
                current += (hasUnit ? " " : "") + unit
            }
            hasUnit = true
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// Wraps each line of `text` at `width` columns at spaces; continuation lines are
    /// indented by `indent`. Words longer than a line are kept whole.
    static func wrap(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let leading = line.prefix { $0 == " " }
            var lines: [String] = []
            var current = String(leading)
            var currentHasWord = false
            for word in line.dropFirst(leading.count).split(separator: " ") {
                if currentHasWord, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = pad + word
                } else {
                    current += (currentHasWord ? " " : "") + word
                }
                currentHasWord = true
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension String {
    /// `[NAME...]` -> `NAME...`, for the ARGUMENTS column.
    fileprivate var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
