// The declarative description of a command tree: plain values, no property wrappers,
// so an executable can state its whole interface as data and get parsing, help and
// completions from one source of truth.

/// One command (or the root) of a command-line tool.
///
/// A command is either a *leaf*, which must have a `run` closure, or a *group* of
/// subcommands. A group may have arguments of its own only together with its own `run`
/// (`teamflow sprint [NAME]` next to `teamflow sprint add`): a word that names a subcommand
/// descends into it, any other word is an argument of the group. A group without arguments
/// that is run without a subcommand uses `defaultSubcommand`, or else shows its help. The
/// three initializers make a leaf without a `run` impossible to write.
public struct CommandSpec: Sendable {
    /// What a command does once its line has parsed; errors go back to the caller of
    /// `ParsedCommand.run()`, which maps them to exit codes.
    public typealias Run = @Sendable (ParsedCommand) throws -> Void

    /// The word that selects this command (for the root: the tool's name, e.g. `teamflow`).
    public var name: String
    /// One-line summary, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS` list.
    public var abstract: String
    /// Longer text shown below the overview; paragraphs are separated by newlines.
    public var discussion: String = ""
    /// Example command lines shown in the `EXAMPLES` section.
    public var examples: [String] = []
    /// Positional arguments, in order (only a command with a `run` has any).
    public private(set) var arguments: [ArgumentSpec] = []
    /// Options that take a value.
    public var options: [OptionSpec] = []
    /// Boolean flags.
    public var flags: [FlagSpec] = []
    /// Nested commands (set once by the initializer, so a group never turns into a leaf
    /// without a `run`).
    public private(set) var subcommands: [CommandSpec] = []
    /// The subcommand used when none is named (shown as `(default)` in help).
    public var defaultSubcommand: String? = nil
    /// Hidden commands parse normally but are left out of help, suggestions and completions
    /// (for plumbing such as `__complete`).
    public var isHidden: Bool = false
    /// Runs after a successful parse of this command; throw `ValidationError` to report a
    /// usage error (a typed accessor's `UsageError` passes unchanged; any other error's
    /// description is used as the message too).
    public var validate: (@Sendable (ParsedCommand) throws -> Void)? = nil
    /// The command's body: always set for a leaf, optional for a group.
    public private(set) var run: Run?
    /// Manual page sections the tree cannot state (exit status, environment, files); read
    /// from the root command only, which shares them out to every page (see `ManSection`).
    public var manSections: [ManSection] = []

    /// Creates a leaf command: it has no subcommands, so it must say what it does.
    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        examples: [String] = [],
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        flags: [FlagSpec] = [],
        isHidden: Bool = false,
        validate: (@Sendable (ParsedCommand) throws -> Void)? = nil,
        run: @escaping Run
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.options = options
        self.flags = flags
        self.isHidden = isHidden
        self.validate = validate
        self.run = run
    }

    /// Creates a group (or the root): run on its own it enters `defaultSubcommand` or shows
    /// its help. Its options and flags are typically global ones for its descendants; the
    /// root's `manSections` go into the manual pages.
    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        examples: [String] = [],
        options: [OptionSpec] = [],
        flags: [FlagSpec] = [],
        subcommands: [CommandSpec],
        defaultSubcommand: String? = nil,
        isHidden: Bool = false,
        validate: (@Sendable (ParsedCommand) throws -> Void)? = nil,
        manSections: [ManSection] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.options = options
        self.flags = flags
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.isHidden = isHidden
        self.validate = validate
        self.manSections = manSections
    }

    /// Creates a group that also runs on its own, with its own arguments
    /// (`teamflow sprint [NAME]` shows a board, `teamflow sprint add` adds one).
    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        examples: [String] = [],
        arguments: [ArgumentSpec],
        options: [OptionSpec] = [],
        flags: [FlagSpec] = [],
        subcommands: [CommandSpec],
        isHidden: Bool = false,
        validate: (@Sendable (ParsedCommand) throws -> Void)? = nil,
        run: @escaping Run
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.options = options
        self.flags = flags
        self.subcommands = subcommands
        self.isHidden = isHidden
        self.validate = validate
        self.run = run
    }

    /// The subcommand with this name, hidden ones included.
    func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word }
    }

    /// Subcommands shown in help, suggestions and completions.
    var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
}

/// A positional argument, shown upper-cased in usage and help (`text` -> `TEXT`). The value
/// itself is the key its words are read with (`parsed[Self.title]`); two specs with the same
/// `name` read the same words.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var help: String
    /// An optional argument may be left out; it is shown as `[NAME]`.
    public var isOptional: Bool
    /// A repeating argument takes every remaining word (`NAME...`); put it last.
    public var isRepeating: Bool
    /// When set, any other value is a usage error; also the default completion.
    public var allowedValues: [String]?
    public var completion: CompletionKind

    public init(
        name: String,
        help: String,
        isOptional: Bool = false,
        isRepeating: Bool = false,
        allowedValues: [String]? = nil,
        completion: CompletionKind = .none
    ) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
        self.allowedValues = allowedValues
        self.completion = completion
    }

    /// The same argument with another help line, for a command that words it its own way.
    public func withHelp(_ text: String) -> ArgumentSpec {
        var copy = self
        copy.help = text
        return copy
    }

    var displayName: String { name.uppercased() }
    /// The completion to offer: explicit, else the allowed values.
    var effectiveCompletion: CompletionKind {
        if case .none = completion, let values = allowedValues { return .list(values) }
        return completion
    }
}

/// An option that takes a value: `--week W`, `--week=W`, `-C DIR`, `-CDIR`.
///
/// A value may not start with `-` when given as a separate word (so a forgotten value is
/// reported rather than swallowing the next option); use `--title=-x` for such values.
/// Given several times, a repeating option keeps every value; otherwise the last one wins.
/// The value itself is the key its values are read with (`parsed[Self.week]`,
/// `parsed.values(Self.set)`, `parsed.int(Self.limit, in: 0...)`); two specs with the same
/// long name (or short letter, when short-only) read the same values.
public struct OptionSpec: Sendable {
    /// The long name without dashes; may be empty for a short-only option such as `-C`.
    public var long: String
    public var short: Character?
    /// The placeholder shown in usage and help (`W`, `DIR`, `KEY=VALUE`).
    public var valueName: String
    public var help: String
    public var isRepeating: Bool = false
    /// A global option is accepted anywhere on the line, before or after the subcommand
    /// names, by this command and all its descendants.
    public var isGlobal: Bool = false
    /// A required option is shown without brackets and reported when missing.
    public var isRequired: Bool = false
    /// Read when the option is absent (`parsed[option]`, not `values`); shown in help.
    public var defaultValue: String? = nil
    /// When set, any other value is a usage error; also the default completion.
    public var allowedValues: [String]? = nil
    public var completion: CompletionKind = .none

    public init(
        long: String,
        short: Character? = nil,
        valueName: String,
        help: String,
        isRepeating: Bool = false,
        isGlobal: Bool = false,
        isRequired: Bool = false,
        defaultValue: String? = nil,
        allowedValues: [String]? = nil,
        completion: CompletionKind = .none
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.isRepeating = isRepeating
        self.isGlobal = isGlobal
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.completion = completion
    }

    /// The same option with another help line, for a command that words it its own way
    /// (`Self.due.withHelp("The new due date (none clears it).")`).
    public func withHelp(_ text: String) -> OptionSpec {
        var copy = self
        copy.help = text
        return copy
    }

    /// The key values are stored under: the long name, or the short letter.
    var key: String { long.isEmpty ? short.map(String.init) ?? "" : long }
    /// How the option is named in messages and usage: `--week`, or `-C` when short-only.
    var spelling: String { long.isEmpty ? "-" + key : "--" + long }
    /// The completion to offer: explicit, else the allowed values.
    var effectiveCompletion: CompletionKind {
        if case .none = completion, let values = allowedValues { return .list(values) }
        return completion
    }
}

/// A boolean flag: `--json`, `-v`. The value itself is the key it is read with
/// (`parsed[Self.json]`), by its long name.
public struct FlagSpec: Sendable {
    public var long: String
    public var short: Character?
    public var help: String
    /// Accepted anywhere on the line, by this command and all its descendants.
    public var isGlobal: Bool
    /// At most one flag of a group may be given (`--open|--done`).
    public var exclusiveGroup: String?

    public init(
        long: String,
        short: Character? = nil,
        help: String,
        isGlobal: Bool = false,
        exclusiveGroup: String? = nil
    ) {
        self.long = long
        self.short = short
        self.help = help
        self.isGlobal = isGlobal
        self.exclusiveGroup = exclusiveGroup
    }

    /// The same flag with another help line, for a command that words it its own way.
    public func withHelp(_ text: String) -> FlagSpec {
        var copy = self
        copy.help = text
        return copy
    }
}

/// What a shell should offer when completing a value.
public enum CompletionKind: Sendable {
    case none
    case file
    case directory
    case list([String])
    /// A shell command whose output lists the candidates, one per line
    /// (e.g. `teamflow __complete members`).
    case command(String)
}

/// Shells that `CommandLineParser.completionScript(shell:)` supports.
public enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}
