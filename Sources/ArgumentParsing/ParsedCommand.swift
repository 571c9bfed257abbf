// What a parse produces: the values of a successful parse, the other outcomes (help,
// version), and the usage errors the caller reports with exit status 64.

/// The outcome of a successful parse: which command was chosen and what it was given.
public struct ParsedCommand: Sendable {
    /// The subcommand names, root excluded (`["goal", "add"]`; `[]` for the root itself).
    public var path: [String]
    var argumentValues: [String: [String]]
    var optionValues: [String: [String]]
    var optionDefaults: [String: String]
    var flagsGiven: Set<String>
    /// The chosen command's body (nil only for a value made by hand with the public init).
    var action: CommandSpec.Run?

    /// Creates a parsed command directly (for tests of code that consumes one).
    /// Flags and options are keyed by long name (or short letter for short-only options).
    public init(
        path: [String],
        arguments: [String: [String]] = [:],
        options: [String: [String]] = [:],
        flags: Set<String> = []
    ) {
        self.path = path
        self.argumentValues = arguments
        self.optionValues = options
        self.optionDefaults = [:]
        self.flagsGiven = flags
    }

    /// The value of a positional argument (the first one, for a repeating argument).
    public func argument(_ name: String) -> String? { argumentValues[name]?.first }

    /// Every value of a repeating argument (or the single value of a plain one).
    public func arguments(_ name: String) -> [String] { argumentValues[name] ?? [] }

    /// The option's value: the last one given, else its declared default, else nil.
    public func option(_ long: String) -> String? {
        optionValues[long]?.last ?? optionDefaults[long]
    }

    /// Every value given for the option, in command-line order (defaults not included).
    public func options(_ long: String) -> [String] { optionValues[long] ?? [] }

    /// Whether the flag was given.
    public func flag(_ long: String) -> Bool { flagsGiven.contains(long) }

    /// Runs the chosen command's `run` with these values; its errors propagate unchanged.
    /// A value made by hand (no command attached) throws `ValidationError`.
    public func run() throws {
        guard let action else {
            throw ValidationError("no command to run for '\(path.joined(separator: " "))'")
        }
        try action(self)
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
