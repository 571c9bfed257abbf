import ArgumentParsing
import Foundation
import TeamflowCore
import TeamflowGit
import JSONShapes

/// What one run of the command line is given besides its words: the process's values in
/// `main.swift`, a test's own in the CLI tests, which run commands in their process.
struct RunContext: Sendable {
    /// The environment variables the run reads (never the process's own).
    let environment: [String: String]
    /// Where standard output and error go.
    let output: Output
    /// The directory relative paths (and `-C DIR`) are resolved against.
    let directory: String

    /// The run in progress: bound by `TeamflowCLI.run` around the parse and the command, read
    /// where the parser's `run` closure hands over only the parsed line (`handler`).
    @TaskLocal static var current: RunContext?
}

/// One run of a command: its parsed line, the environment, its output, and lazily opened resources.
final class Invocation {
    let parsed: ParsedCommand
    let environment: [String: String]
    /// Standard output and error of this run.
    let output: Output
    /// The directory the run started in (the process's current one, unless a test says otherwise).
    private let workingDirectory: String
    /// `--json`.
    let json: Bool
    /// `--quiet`.
    let quiet: Bool
    /// `-C DIR` as given.
    private let directoryOption: String?
    /// `--author` as given; parsed only when a command needs the session.
    private let authorOption: String?

    /// Reads the global options once; every command declares them (through the root).
    init(parsed: ParsedCommand, context: RunContext) throws {
        self.parsed = parsed
        environment = context.environment
        output = context.output
        workingDirectory = context.directory
        json = try parsed[TeamflowCLI.json]
        quiet = try parsed[TeamflowCLI.quiet]
        directoryOption = try parsed[TeamflowCLI.directory]
        authorOption = try parsed[TeamflowCLI.author]
    }

    /// The directory to act in: `-C DIR` relative to the one the run started in.
    var directory: String {
        let current = workingDirectory
        guard let dir = directoryOption else { return current }
        return dir.hasPrefix("/") ? dir : (current as NSString).appendingPathComponent(dir)
    }

    /// The event store of the repository around `directory`; corrupt events warn on stderr.
    lazy var storeResult: Result<GitEventStore, Error> = Result {
        let dir = directory
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw TeamflowError(.failure, "cannot change to '\(dir)': no such directory")
        }
        let store = try GitEventStore.open(at: dir, environment: environment)
        let output = output
        store.onDiagnostic = { output.err("\(Present.safe($0).asWarning) (see `teamflow doctor`)\n") }
        return store
    }

    func store() throws -> GitEventStore { try storeResult.get() }

    /// Author, clock and zone for use cases, as the library reads them (`TeamEnvironment`):
    /// `--author`, else `TEAMFLOW_AUTHOR`, else git config; `TEAMFLOW_NOW`; `TZ`.
    func session() throws -> Session {
        let store = try store()
        let author = try authorOption.map(Self.author(flag:))
        return try TeamEnvironment.current(from: environment).session(for: store, author: author, wallClock: Date())
    }

    /// `--author "Name <email>"`; anything else is wrong usage.
    static func author(flag: String) throws -> Author {
        guard let author = Author(parsing: flag) else {
            throw TeamflowError(.usage, "invalid --author '\(flag)'", hints: ["Write it as --author \"Name <email>\"."])
        }
        return author
    }

    /// The read-only queries over this invocation's store and session.
    func queries() throws -> Queries { Queries(repository: try store(), session: try session()) }

    /// The team's name for pages when none was recorded with `init --team`: the repository's
    /// folder name (`GitEventStore.folderName`), nil outside a work tree.
    var teamFallback: String? { (try? store())?.folderName }

    /// Text for a person on standard output (escaped and styled; see `Output.out`).
    func out(_ text: String) { output.out(text) }

    /// Bytes on standard output exactly as given (JSON, streams, rendered templates).
    func raw(_ text: String) { output.raw(text) }

    /// A warning or note on standard error.
    func err(_ text: String) { output.err(text) }

    /// Marks text for a style when this run colours its output.
    func styled(_ text: String, _ style: TerminalText.Style) -> String { output.styled(text, style) }

    /// Reads a required positional argument (the parser has already checked presence).
    func argument(_ argument: ArgumentSpec) throws -> String { try parsed[argument] ?? "" }
}
