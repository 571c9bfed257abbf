// What a parse produces: the values of a successful parse, read through the specs that
// declared them, the other outcomes (help, version), and the usage errors the caller reports
// with exit status 64.

/// The outcome of a successful parse: which command was chosen and what it was given.
///
/// Values are read with the spec values that declared them, so a name exists in one place
/// (the declaration) and a misspelt key does not compile:
/// ```swift
/// static let week = OptionSpec(long: "week", valueName: "W", help: "The week.")
/// ...
/// let week = try parsed[Self.week]            // String?: the last value, else the default
/// let limit = try parsed.int(Self.limit, in: 0...)   // Int?, or a usage error naming --limit
/// ```
/// A key the chosen command does not declare (neither its own nor an ancestor's global one)
/// throws `UndeclaredKeyError`: the program asked for something its spec does not offer.
/// Only the parser makes one, so there is no way to read by a name nobody declared.
public struct ParsedCommand: Sendable {
    /// The subcommand names, root excluded (`["goal", "add"]`; `[]` for the root itself).
    public let path: [String]
    /// The chosen command with its ancestors: what it declares, and its usage line for errors.
    let scope: Scope
    let argumentValues: [String: [String]]
    let optionValues: [String: [String]]
    let flagsGiven: Set<String>
    /// The chosen command's body.
    let action: CommandSpec.Run

    init(
        scope: Scope, arguments: [String: [String]], options: [String: [String]], flags: Set<String>,
        action: @escaping CommandSpec.Run
    ) {
        self.path = scope.path
        self.scope = scope
        self.argumentValues = arguments
        self.optionValues = options
        self.flagsGiven = flags
        self.action = action
    }

    /// Runs the chosen command's `run` with these values; its errors propagate unchanged.
    public func run() throws {
        try action(self)
    }
}

// MARK: - Reading values by their spec

extension ParsedCommand {
    /// The option's value: the last one given, else its declared default, else nil.
    public subscript(_ option: OptionSpec) -> String? {
        get throws(UndeclaredKeyError) {
            let declared = try declaration(of: option)
            return optionValues[declared.key]?.last ?? declared.defaultValue
        }
    }

    /// Every value given for the option, in command-line order (its default not included).
    public func values(_ option: OptionSpec) throws(UndeclaredKeyError) -> [String] {
        optionValues[try declaration(of: option).key] ?? []
    }

    /// Whether the flag was given.
    public subscript(_ flag: FlagSpec) -> Bool {
        get throws(UndeclaredKeyError) {
            guard scope.flags.contains(where: { $0.long == flag.long }) else {
                throw undeclared("--" + flag.long)
            }
            return flagsGiven.contains(flag.long)
        }
    }

    /// The value of a positional argument (the first one, for a repeating argument).
    public subscript(_ argument: ArgumentSpec) -> String? {
        get throws(UndeclaredKeyError) { try values(argument).first }
    }

    /// Every value of a repeating argument (or the single value of a plain one).
    public func values(_ argument: ArgumentSpec) throws(UndeclaredKeyError) -> [String] {
        guard scope.command.arguments.contains(where: { $0.name == argument.name }) else {
            throw undeclared(argument.displayName)
        }
        return argumentValues[argument.name] ?? []
    }

    /// The option's value (as `self[option]` reads it) converted by `convert`; nil when the
    /// option is absent and has no default. A value `convert` refuses is wrong usage:
    /// `--max-output takes a number of bytes, e.g. 64M (got '12x')`, where `expected` is
    /// `a number of bytes, e.g. 64M`.
    public func value<Value>(
        _ option: OptionSpec, as expected: String, _ convert: (String) -> Value?
    ) throws -> Value? {
        guard let text = try self[option] else { return nil }
        guard let value = convert(text) else {
            throw scope.usageError("\(option.spelling) takes \(expected) (got '\(text)')")
        }
        return value
    }

    /// The option's value as a whole number within `range`; nil when absent without a
    /// default. Anything else is wrong usage naming the option and the range
    /// (`--weeks takes a whole number from 1 to 520 (got 'x')`).
    public func int(_ option: OptionSpec, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        try value(option, as: Self.describe(range)) { text in Int(text).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// The option's value as a whole number of at least `range.lowerBound`.
    public func int(_ option: OptionSpec, in range: PartialRangeFrom<Int>) throws -> Int? {
        try int(option, in: range.lowerBound...Int.max)
    }

    /// `a whole number`, `a whole number from 1 to 520`, `a whole number of at least 0`.
    static func describe(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound, range.upperBound) {
        case (Int.min, Int.max): return "a whole number"
        case (let low, Int.max): return "a whole number of at least \(low)"
        case (Int.min, let high): return "a whole number of at most \(high)"
        case (let low, let high): return "a whole number from \(low) to \(high)"
        }
    }

    /// The option as this command declares it (its own, or an ancestor's global one): the
    /// declaration decides the default, whichever copy of the spec the caller holds.
    private func declaration(of option: OptionSpec) throws(UndeclaredKeyError) -> OptionSpec {
        guard let declared = scope.options.first(where: { $0.key == option.key }) else {
            throw undeclared(option.spelling)
        }
        return declared
    }

    private func undeclared(_ key: String) -> UndeclaredKeyError {
        UndeclaredKeyError(key: key, command: scope.invocation)
    }
}

/// A command read a value through a key its spec does not declare: a mistake in the program,
/// never in the command line (`teamflow task list` asking for `--due`). Tests that run every
/// command catch it; it is not a usage error, so it exits like any other failure.
public struct UndeclaredKeyError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The key as it would be typed (`--due`, `-C`) or shown (`TITLE`).
    public var key: String
    /// The command that read it (`teamflow task list`).
    public var command: String

    public init(key: String, command: String) {
        self.key = key
        self.command = command
    }

    public var description: String {
        "'\(command)' reads \(key), which its spec does not declare (a bug in the program)"
    }
}

/// What the caller should do after parsing.
public enum ParseResult: Sendable {
    /// Run the chosen command.
    case run(ParsedCommand)
    /// Print this help text to stdout (it has no trailing newline) and exit 0.
    case help(String)
    /// Print the version and exit 0.
    case version
}

/// Thrown by a command's `validate` closure to report wrong usage.
public struct ValidationError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Wrong usage of the command line; the caller prints `description` to stderr and exits 64.
public struct UsageError: Error, CustomStringConvertible, Sendable, Equatable {
    /// One line saying what is wrong (no `error:` prefix).
    public var message: String
    /// The command the error is about, root excluded.
    public var commandPath: [String]
    /// That command's usage line, e.g. `teamflow goal add TEXT [--week W]`.
    public var usageLine: String
    /// The tool's name, used in the hint line.
    public var toolName: String

    public init(message: String, commandPath: [String], usageLine: String, toolName: String) {
        self.message = message
        self.commandPath = commandPath
        self.usageLine = usageLine
        self.toolName = toolName
    }

    /// The command that shows help for `commandPath`.
    public var helpHint: String {
        commandPath.isEmpty
            ? "\(toolName) --help"
            : "\(toolName) help \(commandPath.joined(separator: " "))"
    }

    /// `error: <message>`, `Usage: <usage line>`, and a hint naming the help command.
    public var description: String {
        "error: \(message)\nUsage: \(usageLine)\n  See '\(helpHint)' for more information."
    }
}
