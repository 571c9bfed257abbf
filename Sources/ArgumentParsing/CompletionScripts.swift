// Completion scripts generated from the command tree. bash and zsh share the same lookup
// functions (plain `case` tables keyed by "command path|word"), each with its own driver;
// fish uses its native `complete` rules with a small path-finding helper.

struct CompletionScripts {
    /// One visible command with everything in scope there.
    struct Node {
        let path: String
        let scope: Scope
    }

    let root: CommandSpec
    let nodes: [Node]

    init(root: CommandSpec) {
        self.root = root
        var nodes: [Node] = []
        func visit(_ scope: Scope) {
            nodes.append(Node(path: scope.path.joined(separator: " "), scope: scope))
            for sub in scope.command.visibleSubcommands { visit(scope.descending(into: sub)) }
        }
        visit(Scope(root: root))
        self.nodes = nodes
    }

    var tool: String { root.name }
    /// A shell-function-safe form of the tool name.
    var prefix: String {
        "_" + String(tool.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bashScript
        case .zsh: return zshScript
        case .fish: return fishScript
        }
    }

    // MARK: Shared bash/zsh lookup tables

    /// `<prefix>_takes_value PATH WORD`, `<prefix>_is_subcommand PATH WORD`,
    /// `<prefix>_options PATH`, `<prefix>_option_values PATH OPTION` and
    /// `<prefix>_arg_values PATH INDEX`. Candidate lists print one per line; the markers
    /// `@file` and `@dir` ask the driver for file or directory completion.
    var sharedFunctions: String {
        var takesValue: [String] = [], isSub: [String] = [], options: [String] = []
        var optionValues: [String] = [], argValues: [String] = []
        for node in nodes {
            let scope = node.scope
            for option in scope.options {
                let spellings = Self.spellings(long: option.long, short: option.short)
                let patterns = spellings.map { Self.shQuote(node.path + "|" + $0) }
                takesValue += patterns
                if let action = Self.shAction(option.effectiveCompletion) {
                    optionValues.append("\(patterns.joined(separator: "|"))) \(action) ;;")
                }
            }
            isSub += scope.command.visibleSubcommands.map { Self.shQuote(node.path + "|" + $0.name) }
            var words = scope.options.flatMap { Self.spellings(long: $0.long, short: $0.short) }
            words += scope.flags.flatMap { Self.spellings(long: $0.long, short: $0.short) }
            words += ["-h", "--help"] + (scope.isRoot ? ["--version"] : [])
            let quoted = words.map(Self.shQuote).joined(separator: " ")
            options.append("\(Self.shQuote(node.path))) printf '%s\\n' \(quoted) ;;")

            argValues += Self.argumentArms(path: node.path, command: scope.command)
        }
        func table(_ name: String, _ key: String, _ arms: [String], otherwise: String = "") -> String {
            let body = arms.map { "        " + $0 + "\n" }.joined()
            return "\(prefix)_\(name)() {\n    case \"\(key)\" in\n\(body)    esac\n\(otherwise)}"
        }
        func predicate(_ name: String, _ patterns: [String]) -> String {
            table(name, "$1|$2", patterns.map { "\($0)) return 0 ;;" }, otherwise: "    return 1\n")
        }
        return [
            predicate("takes_value", takesValue),
            predicate("is_subcommand", isSub),
            table("options", "$1", options),
            table("option_values", "$1|$2", optionValues),
            table("arg_values", "$1|$2", argValues),
            """
            # Sets cmdpath, npos and skip from the words before the cursor.
            \(prefix)_walk() {
                cmdpath=""; npos=0; skip=0
                local w endopts=0
                for w in "$@"; do
                    if ((skip)); then skip=0; continue; fi
                    if ((!endopts)) && [[ "$w" == "--" ]]; then endopts=1; continue; fi
                    if ((!endopts)) && [[ "$w" == -?* ]]; then
                        if [[ "$w" != *=* ]] && \(prefix)_takes_value "$cmdpath" "$w"; then skip=1; fi
                        continue
                    fi
                    if ((!endopts && npos == 0)) && \(prefix)_is_subcommand "$cmdpath" "$w"; then
                        cmdpath="${cmdpath:+$cmdpath }$w"
                    else
                        npos=$((npos + 1))
                    fi
                done
            }
            """,
        ].joined(separator: "\n\n")
    }

    /// `case` arms offering positional candidates at each index: subcommand names at index 0,
    /// then each argument's values; a repeating last argument also covers every later index.
    /// Every index gets an arm (possibly empty) so the catch-all never answers for it.
    static func argumentArms(path: String, command: CommandSpec) -> [String] {
        let subs = command.visibleSubcommands.map(\.name)
        let args = command.arguments
        var arms: [String] = []
        for index in 0..<max(args.count, subs.isEmpty ? 0 : 1) {
            var actions: [String] = []
            if index == 0, !subs.isEmpty {
                actions.append("printf '%s\\n' " + subs.map(shQuote).joined(separator: " "))
            }
            if index < args.count, let action = shAction(args[index].effectiveCompletion) {
                actions.append(action)
            }
            arms.append("\(shQuote(path + "|\(index)"))) \(actions.joined(separator: "; ")) ;;")
        }
        if let last = args.last, last.isRepeating, let action = shAction(last.effectiveCompletion) {
            arms.append("\(shQuote(path + "|"))*) \(action) ;;")
        }
        return arms
    }

    static func spellings(long: String, short: Character?) -> [String] {
        (short.map { ["-\($0)"] } ?? []) + (long.isEmpty ? [] : ["--" + long])
    }

    /// A shell snippet printing the candidates of a completion kind, or nil for none.
    static func shAction(_ kind: CompletionKind) -> String? {
        switch kind {
        case .none: return nil
        case .file: return "echo @file"
        case .directory: return "echo @dir"
        case .list(let values) where values.isEmpty: return nil
        case .list(let values): return "printf '%s\\n' " + values.map(shQuote).joined(separator: " ")
        case .command(let command): return "{ \(command); } 2>/dev/null"
        }
    }

    /// Single-quotes a word for bash, zsh and POSIX sh.
    static func shQuote(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
