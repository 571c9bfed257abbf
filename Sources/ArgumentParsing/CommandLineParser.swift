// The public entry point: parses a command line against a `CommandSpec` tree and produces
// help text and completion scripts from the same tree.

/// Parses command lines for one command tree.
///
/// Rules, in the spirit of swift-argument-parser:
/// - `-h`/`--help` anywhere shows help for the command named so far; `help [COMMAND...]`
///   works at any level that has subcommands; `--version` is accepted at the root only.
/// - Options take `--name VALUE`, `--name=VALUE`, `-n VALUE` or `-nVALUE`; short flags may be
///   bundled (`-ab`). A non-repeating option given twice keeps the last value.
/// - Global options and flags are accepted anywhere after the command that declares them.
/// - `--` ends option parsing; every later word is an argument.
///
/// Typical use in an executable:
/// ```swift
/// let parser = CommandLineParser(root: commandTree, version: "1.0.0")
/// do {
///     switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
///     case .help(let text): print(text)
///     case .version: print(parser.version)
///     case .run(let parsed): try parsed.run()   // the chosen command's `run`
///     }
/// } catch let error as UsageError {
///     FileHandle.standardError.write(Data((error.description + "\n").utf8))
///     return 64   // from the function `main.swift` calls; only main.swift exits
/// }
/// ```
public struct CommandLineParser: Sendable {
    public let root: CommandSpec
    public let version: String

    public init(root: CommandSpec, version: String) {
        self.root = root
        self.version = version
    }

    /// Parses `arguments` (without the program name).
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var run = ParseRun(scope: Scope(root: root), words: arguments)
        switch try run.scan() {
        case .version: return .version
        case .help(let scope): return .help(HelpFormatter(scope: scope).text)
        case .finished: break
        }
        if run.scope.command.subcommands.isEmpty == false, run.positionals.isEmpty {
            if let name = run.scope.command.defaultSubcommand,
                let sub = run.scope.command.subcommand(named: name)
            {
                run.scope = run.scope.descending(into: sub)
            } else if run.scope.command.arguments.isEmpty {
                // A group such as `teamflow goal` run on its own: show what it offers.
                return .help(HelpFormatter(scope: run.scope).text)
            }
        }
        return .run(try run.finish())
    }

    /// Help for the command at `path` (root excluded), or nil if no such command exists.
    public func helpText(for path: [String]) -> String? {
        Scope(root: root).resolve(path).map { HelpFormatter(scope: $0).text }
    }

    /// The usage line of the command at `path`, or nil if no such command exists.
    public func usageLine(for path: [String]) -> String? {
        Scope(root: root).resolve(path).map { HelpFormatter(scope: $0).usageLines[0] }
    }

    /// A completion script for `shell` covering every visible command, option and flag.
    public func completionScript(shell: Shell) -> String {
        CompletionScripts(root: root).script(for: shell)
    }
}

/// The mutable state of one parse.
struct ParseRun {
    enum Outcome { case finished, help(Scope), version }

    var scope: Scope
    let words: [String]
    var index = 0
    var positionals: [String] = []
    var optionValues: [String: [String]] = [:]
    /// Flag keys in the order given, for exclusive-group messages.
    var flagsGiven: [String] = []

    init(scope: Scope, words: [String]) {
        self.scope = scope
        self.words = words
    }

    func error(_ message: String) -> UsageError { scope.usageError(message) }

    /// Walks the words once, descending into subcommands and collecting values.
    mutating func scan() throws(UsageError) -> Outcome {
        var endOfOptions = false
        while index < words.count {
            let word = words[index]
            index += 1
            if endOfOptions || word == "-" || !word.hasPrefix("-") {
                if let outcome = try positional(word, allowSubcommand: !endOfOptions) {
                    return outcome
                }
            } else if word == "--" {
                endOfOptions = true
            } else if word == "-h" || word == "--help" {
                return .help(scope)
            } else if word == "--version", scope.isRoot {
                return .version
            } else if word.hasPrefix("--") {
                try longOption(word.dropFirst(2))
            } else if try shortCluster(word.dropFirst()) {
                return .help(scope)
            }
        }
        return .finished
    }

    /// Handles a word that is not an option: a subcommand, `help`, or an argument.
    private mutating func positional(_ word: String, allowSubcommand: Bool) throws(UsageError)
        -> Outcome?
    {
        let command = scope.command
        if !command.subcommands.isEmpty, positionals.isEmpty {
            if allowSubcommand, let sub = command.subcommand(named: word) {
                scope = scope.descending(into: sub)
                return nil
            }
            if allowSubcommand, word == "help" {
                let rest = words[index...].filter { !$0.hasPrefix("-") }
                return .help(try helpTarget(rest))
            }
            if command.arguments.isEmpty {
                // Only a default that takes arguments can use the word; otherwise it is
                // more likely a mistyped subcommand, which deserves a suggestion.
                if let name = command.defaultSubcommand, let sub = command.subcommand(named: name),
                    !sub.arguments.isEmpty
                {
                    scope = scope.descending(into: sub)
                } else {
                    let names = command.visibleSubcommands.map(\.name)
                    let hint = Suggestion.closest(to: word, among: names).map { ". Did you mean '\($0)'?" }
                    throw error("unknown command '\(word)'" + (hint ?? ""))
                }
            }
        }
        positionals.append(word)
        return nil
    }

    /// The scope `help A B` names, relative to the current one.
    private func helpTarget(_ names: [String]) throws(UsageError) -> Scope {
        var target = scope
        for name in names {
            guard let sub = target.command.subcommand(named: name) else {
                let candidates = target.command.visibleSubcommands.map(\.name)
                let hint = Suggestion.closest(to: name, among: candidates).map { ". Did you mean '\($0)'?" }
                var failing = self
                failing.scope = target
                throw failing.error("unknown command '\(name)'" + (hint ?? ""))
            }
            target = target.descending(into: sub)
        }
        return target
    }

    /// When a default subcommand exists and nothing else was chosen, an option unknown here
    /// may belong to it (`teamflow goal --week W` meaning `goal list --week W`).
    private mutating func enterDefaultSubcommand(if knows: (Scope) -> Bool) -> Bool {
        guard positionals.isEmpty, let name = scope.command.defaultSubcommand,
            let sub = scope.command.subcommand(named: name)
        else { return false }
        let candidate = scope.descending(into: sub)
        guard knows(candidate) else { return false }
        scope = candidate
        return true
    }

    private mutating func longOption(_ body: Substring) throws(UsageError) {
        let name: Substring
        let attached: String?
        if let equals = body.firstIndex(of: "=") {
            name = body[..<equals]
            attached = String(body[body.index(after: equals)...])
        } else {
            name = body
            attached = nil
        }
        if scope.option(long: name) == nil, scope.flag(long: name) == nil {
            _ = enterDefaultSubcommand { $0.option(long: name) != nil || $0.flag(long: name) != nil }
        }
        if let option = scope.option(long: name) {
            try store(option, value: attached)
        } else if let flag = scope.flag(long: name) {
            if attached != nil { throw error("option '--\(name)' does not take a value") }
            flagsGiven.append(flag.long)
        } else {
            let hint = Suggestion.closest(to: "--" + name, among: scope.longSpellings)
            throw error("unknown option '--\(name)'" + (hint.map { ". Did you mean '\($0)'?" } ?? ""))
        }
    }

    /// `-v`, `-vq` (bundled flags), `-C DIR`, `-CDIR`, `-vCDIR`. Returns true for help (`-vh`).
    private mutating func shortCluster(_ letters: Substring) throws(UsageError) -> Bool {
        var position = letters.startIndex
        while position < letters.endIndex {
            let letter = letters[position]
            position = letters.index(after: position)
            if scope.option(short: letter) == nil, scope.flag(short: letter) == nil {
                _ = enterDefaultSubcommand { $0.option(short: letter) != nil || $0.flag(short: letter) != nil }
            }
            if let option = scope.option(short: letter) {
                let rest = String(letters[position...])
                try store(option, value: rest.isEmpty ? nil : rest, spelling: "-\(letter)")
                return false
            } else if let flag = scope.flag(short: letter) {
                flagsGiven.append(flag.long)
            } else if letter == "h" {
                return true
            } else {
                throw error("unknown option '-\(letter)'")
            }
        }
        return false
    }

    /// Records an option's value, taking the next word when none was attached.
    private mutating func store(_ option: OptionSpec, value: String?, spelling: String? = nil)
        throws(UsageError)
    {
        var value = value
        if value == nil, index < words.count, words[index] == "-" || !words[index].hasPrefix("-") {
            value = words[index]
            index += 1
        }
        guard let value else {
            throw error("missing value for option '\(spelling ?? option.spelling) \(option.valueName)'")
        }
        optionValues[option.key, default: []].append(value)
    }
}
