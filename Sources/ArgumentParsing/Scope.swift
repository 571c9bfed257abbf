// A command together with its ancestors: what is in scope there (its own options and flags
// plus its ancestors' global ones), and "did you mean" suggestions by edit distance.

struct Scope {
    /// Root first; never empty.
    let chain: [CommandSpec]
    let command: CommandSpec
    /// Own options first, then inherited global ones (nearest ancestor first).
    let options: [OptionSpec]
    let flags: [FlagSpec]

    init(root: CommandSpec) { self.init(chain: [root], command: root) }

    private init(chain: [CommandSpec], command: CommandSpec) {
        self.chain = chain
        self.command = command
        let ancestors = chain.dropLast().reversed()
        options = command.options + ancestors.flatMap { $0.options.filter(\.isGlobal) }
        flags = command.flags + ancestors.flatMap { $0.flags.filter(\.isGlobal) }
    }

    /// The scope of a direct subcommand.
    func descending(into sub: CommandSpec) -> Scope {
        Scope(chain: chain + [sub], command: sub)
    }

    /// The scope at a subcommand path (names below this scope), or nil if a name is unknown.
    func resolve(_ names: some Sequence<String>) -> Scope? {
        var scope = self
        for name in names {
            guard let sub = scope.command.subcommand(named: name) else { return nil }
            scope = scope.descending(into: sub)
        }
        return scope
    }

    var isRoot: Bool { chain.count == 1 }
    var toolName: String { chain.first?.name ?? command.name }
    /// Subcommand names below the root.
    var path: [String] { chain.dropFirst().map(\.name) }
    /// The whole invocation prefix, e.g. `teamflow goal add`.
    var invocation: String { chain.map(\.name).joined(separator: " ") }

    /// Wrong usage of this command: the message with its usage line and help hint.
    func usageError(_ message: String) -> UsageError {
        UsageError(
            message: message, commandPath: path, usageLine: HelpFormatter(scope: self).usageLines[0],
            toolName: toolName)
    }

    func option(long: Substring) -> OptionSpec? {
        options.first { !$0.long.isEmpty && $0.long == long }
    }
    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }
    func flag(long: Substring) -> FlagSpec? { flags.first { $0.long == long } }
    func flag(short: Character) -> FlagSpec? { flags.first { $0.short == short } }

    /// Every long spelling accepted here, for suggestions.
    var longSpellings: [String] {
        var names = options.filter { !$0.long.isEmpty }.map { "--" + $0.long }
        names += flags.map { "--" + $0.long }
        names.append("--help")
        if isRoot { names.append("--version") }
        return names
    }
}

enum Suggestion {
    /// The closest candidate within a small edit distance, or the only one `word` starts.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = min(2, max(1, word.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.name }
        let prefixed = candidates.filter { $0.hasPrefix(word) }
        return word.count >= 2 && prefixed.count == 1 ? prefixed.first : nil
    }

    /// Optimal string alignment distance: Levenshtein plus adjacent transpositions, so a
    /// swapped pair of letters (`gaol`) counts as one typo.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { rows[i][0] = i }
        for j in 0...t.count { rows[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = value
            }
        }
        return rows[s.count][t.count]
    }
}
