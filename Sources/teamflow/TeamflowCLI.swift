import ArgumentParsing
import Foundation
import TeamflowCore
import Templates
import JSONShapes

/// Parses the command line, dispatches to a command and maps errors to exit codes:
/// 0 success, 1 a failure the user can act on, 64 wrong usage.
enum TeamflowCLI {
    static let version = "0.5.0"
    /// The SPDX identifier of the licence the source is under (LICENSE at the root).
    static let license = "MIT"

    /// The top-level commands, in help order; each leaf carries its own `run`.
    static let commands: [CommandSpec] = [
        InitCommand.spec,
        GoalCommand.spec,
        MemberCommand.spec,
        ProjectCommand.spec,
        EpicCommand.spec,
        TaskCommand.spec,
        WeekCommand.spec,
        StandupCommand.spec,
        SprintCommand.spec,
        StatsCommand.spec,
        ReviewCommand.spec,
        IssueCommand.spec,
        CommitsCommand.spec,
        CommitsCommand.hooksSpec,
        RetroCommand.spec,
        WikiCommand.spec,
        SiteCommand.spec,
        ServeCommand.spec,
        UndoCommand.spec,
        CompletionCommand.spec,
        CompleteCommand.spec,
        ManCommand.spec,
        LogCommand.spec,
        ExportCommand.spec,
        ImportCommand.spec,
        DoctorCommand.spec,
        SyncCommand.spec,
        ConflictsCommand.spec,
        TemplatesCommand.spec,
        TemplateCommand.spec,
        GenerateCommand.spec,
    ]

    // The global options and flags, accepted anywhere on the line by every command.

    /// `-C DIR`, read as `Invocation.directory`.
    static let directory = OptionSpec(long: "", short: "C", valueName: "DIR", help: "Act in DIR instead of the current directory, like git -C.",
                                      isGlobal: true, completion: .directory)
    /// `--author "Name <email>"`, parsed when a command needs the session.
    static let author = OptionSpec(long: "author", valueName: "NAME <EMAIL>",
                                   help: "Author of new events (else TEAMFLOW_AUTHOR, else git's user.name and user.email).", isGlobal: true)
    /// `--color auto|always|never`, read once before the command prints (`Output.configure`).
    static let color = OptionSpec(long: "color", valueName: "WHEN",
                                  help: "When to colour: auto on a terminal without NO_COLOR or TERM=dumb, always also when piped (charts keep their bars), never.",
                                  isGlobal: true, defaultValue: ColorChoice.auto.rawValue, allowedValues: ColorChoice.allCases.map(\.rawValue))
    /// `--json`, read as `Invocation.json`.
    static let json = FlagSpec(long: "json", help: "Machine-readable JSON output.", isGlobal: true)
    /// `--quiet`, read by `ProgressLine`.
    static let quiet = FlagSpec(long: "quiet", short: "q", help: "No progress line on standard error during long work.", isGlobal: true)

    static let root = CommandSpec(
        name: "teamflow",
        abstract: "A team's weekly goals, tasks, reviews and wiki as YAML events in its own git repository.",
        discussion: "Events live on the ref refs/teamflow/events (git config teamflow.ref names another); the working tree, the index and the checked-out branch are never touched. TEAMFLOW_NOW (RFC 3339) replaces the wall clock; TZ decides the local calendar.",
        examples: [
            "teamflow init --team BeStory",
            "teamflow goal add \"배포 꼭 하기\"",
            "teamflow goal check 3f2a",
            "teamflow week --json",
        ],
        options: [directory, author, color],
        flags: [json, quiet],
        subcommands: commands,
        manSections: ManPageTexts.sections
    )

    static let parser = CommandLineParser(root: root, version: version)

    /// Runs the command line given as argv's bytes: a word that is not UTF-8 is wrong usage.
    static func run(raw: [[UInt8]], environment: [String: String], output: Output, directory: String) -> Int32 {
        let arguments: [String]
        do {
            arguments = try parser.decode(raw)
        } catch {
            output.err(error.description + "\n")
            return 64
        }
        return run(arguments: arguments, environment: environment, output: output, directory: directory)
    }

    /// Runs one command line and returns its exit status, writing only to `output`, reading
    /// only `environment` and resolving relative paths against `directory`: `main.swift` passes
    /// the process's own values, the CLI tests their own, in their process. Standard output is
    /// flushed before it returns.
    static func run(arguments: [String], environment: [String: String], output: Output, directory: String) -> Int32 {
        let context = RunContext(environment: environment, output: output, directory: directory)
        let status = RunContext.$current.withValue(context) { run(arguments, output: output, environment: environment) }
        output.flush()
        return status
    }

    private static func run(_ arguments: [String], output: Output, environment: [String: String]) -> Int32 {
        // Before a parse has succeeded, `--json` is looked for among the words themselves.
        let jsonWords = arguments.prefix { $0 != "--" }.contains("--" + json.long)
        let parsed: ParsedCommand
        do {
            switch try parser.parse(arguments) {
            case .help(let text):
                output.out(text + "\n")
                return 0
            case .version:
                output.out(VersionText.text(json: jsonWords))
                return 0
            case .run(let command):
                parsed = command
            }
        } catch {
            // Every parse failure is wrong usage, worded by the parser.
            if jsonWords {
                output.errRaw(ErrorReport.json(error, usage: true).document.serialized(pretty: false) + "\n")
            } else {
                output.err("\(error)\n")
            }
            return 64
        }
        // Before the command prints anything. The parser has checked the value against the
        // allowed ones, so the fallback is never taken.
        output.configure(color: ((try? parsed[color]) ?? nil).flatMap(ColorChoice.init(rawValue:)) ?? .auto,
                         environment: environment)
        do {
            try parsed.run()
            return 0
        } catch {
            return report(error, json: (try? parsed[json]) ?? jsonWords, path: parsed.path, output: output)
        }
    }

    /// Writes `error` to standard error, as prose or (under `--json`) one JSON object, and
    /// returns the exit status.
    static func report(_ error: any Error, json: Bool, path: [String], output: Output) -> Int32 {
        if json {
            output.errRaw(ErrorReport.json(error).document.serialized(pretty: false) + "\n")
            return ErrorReport.status(of: error)
        }
        switch error {
        case let error as TeamflowError:
            output.err("error: \(ErrorHints.message(for: error))\n" + ErrorHints.lines(for: error).map { $0 + "\n" }.joined())
            if error.kind == .usage, let usage = parser.usageLine(for: path) {
                output.err("Usage: \(usage)\n")
            }
        case is TemplateError, is UsageError:
            // Already worded: a template error is a compiler-style diagnostic (file:line:col:
            // error: ... and a caret); a usage error from a typed read (`parsed.int`) carries
            // its usage line, as a parse error does.
            output.err("\(error)\n")
        default:
            output.err("error: \(error)\n")
        }
        return ErrorReport.status(of: error)
    }
}
