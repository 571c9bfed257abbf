import ArgumentParsing
import Foundation
import TeamflowCore
import TeamflowGit

/// One run of a command: its parsed line, the environment, and lazily opened resources.
final class Invocation {
    let parsed: ParsedCommand
    let environment: [String: String]
    /// `--json`.
    let json: Bool
    /// `--quiet`.
    let quiet: Bool
    /// `-C DIR` as given.
    private let directoryOption: String?
    /// `--author` as given; parsed only when a command needs the session.
    private let authorOption: String?

    /// Reads the global options once; every command declares them (through the root).
    init(parsed: ParsedCommand, environment: [String: String]) throws {
        self.parsed = parsed
        self.environment = environment
        json = try parsed[TeamflowCLI.json]
        quiet = try parsed[TeamflowCLI.quiet]
        directoryOption = try parsed[TeamflowCLI.directory]
        authorOption = try parsed[TeamflowCLI.author]
    }

    /// The directory to act in: `-C DIR` relative to the current one.
    var directory: String {
        let current = FileManager.default.currentDirectoryPath
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
        let store = try GitEventStore.open(at: dir)
        store.onDiagnostic = { Console.err("\(Present.safe($0).asWarning) (see `teamflow doctor`)\n") }
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

    /// Reads a required positional argument (the parser has already checked presence).
    func argument(_ argument: ArgumentSpec) throws -> String { try parsed[argument] ?? "" }
}
