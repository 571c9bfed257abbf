import ArgumentParsing
import XCTest

/// Exact snapshots: the layout is part of the tool's face, so any change should be deliberate.
final class HelpTextTests: XCTestCase {
    private func help(_ path: [String]) -> String {
        SampleTree.parser.helpText(for: path) ?? "<no such command>"
    }

    func testRootHelp() {
        XCTAssertEqual(
            help([]),
            """
            OVERVIEW: A team's working life as YAML events in its own git repository.

            USAGE: teamflow [-C DIR] [--author AUTHOR] [--json] <subcommand>

            OPTIONS:
              -C DIR                  Act in DIR, like git.
              --author AUTHOR         Record events as "Name <email>".
              --json                  Print machine-readable JSON.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              goal                    Weekly team goals.
              task                    Member tasks.
              generate                Generate scaffolding from a template.
              sprint                  Named sprints.
              help                    Show subcommand help information.

              See 'teamflow help <subcommand>' for detailed help.
            """)
    }

    func testGroupHelpMarksDefault() {
        XCTAssertEqual(
            help(["goal"]),
            """
            OVERVIEW: Weekly team goals.

            USAGE: teamflow goal <subcommand>

            OPTIONS:
              -C DIR                  Act in DIR, like git.
              --author AUTHOR         Record events as "Name <email>".
              --json                  Print machine-readable JSON.
              -h, --help              Show help information.

            SUBCOMMANDS:
              add                     Add a goal for a week.
              check                   Check a goal.
              list (default)          List the goals of a week.
              help                    Show subcommand help information.

              See 'teamflow help goal <subcommand>' for detailed help.
            """)
    }

    func testLeafHelpWithDiscussionWrappingAndExamples() {
        XCTAssertEqual(
            help(["goal", "add"]),
            """
            OVERVIEW: Add a goal for a week.

            The goal is recorded as an event; its short id is printed.

            USAGE: teamflow goal add TEXT [--week W]

            ARGUMENTS:
              TEXT                    What the team wants to reach.

            OPTIONS:
              -w, --week W            An ISO week (2024-W47) or any date in it; the default
                                      is the current week.
              -C DIR                  Act in DIR, like git.
              --author AUTHOR         Record events as "Name <email>".
              --json                  Print machine-readable JSON.
              -h, --help              Show help information.

            EXAMPLES:
              teamflow goal add "Ship epics 1 and 2" --week 2024-W47
            """)
    }

    func testCommandWithArgumentsAndSubcommands() {
        XCTAssertEqual(
            help(["generate"]),
            """
            OVERVIEW: Generate scaffolding from a template.

            USAGE: teamflow generate TEMPLATE NAME [--set KEY=VALUE]... [--trim MODE]
                                     [--out DIR] [--dry-run]
                   teamflow generate <subcommand>

            ARGUMENTS:
              TEMPLATE                The template's name. (values: coordinator, viewmodel)
              NAME                    The name of the generated unit.

            OPTIONS:
              --set KEY=VALUE         Set a template variable. (repeatable)
              --trim MODE             Whitespace trimming. (values: none, smart, all;
                                      default: smart)
              -o, --out DIR           Where to write.
              --dry-run               List what would be written.
              -C DIR                  Act in DIR, like git.
              --author AUTHOR         Record events as "Name <email>".
              --json                  Print machine-readable JSON.
              -h, --help              Show help information.

            SUBCOMMANDS:
              graph                   Generate the whole coordinator tree.
              help                    Show subcommand help information.

              See 'teamflow help generate <subcommand>' for detailed help.
            """)
    }

    func testLongLabelMovesHelpToNextLineAndRepeatingArgument() {
        let tool = CommandSpec(
            name: "tool", abstract: "Demo.",
            arguments: [ArgumentSpec(name: "files", help: "Inputs.", isOptional: true, isRepeating: true)],
            options: [
                OptionSpec(
                    long: "search-path-for-templates", valueName: "DIRECTORY",
                    help: "Where included templates are looked up.", isRequired: true)
            ], run: { _ in })
        XCTAssertEqual(
            CommandLineParser(root: tool, version: "1").helpText(for: []),
            """
            OVERVIEW: Demo.

            USAGE: tool [FILES...] --search-path-for-templates DIRECTORY

            ARGUMENTS:
              FILES...                Inputs.

            OPTIONS:
              --search-path-for-templates DIRECTORY
                                      Where included templates are looked up.
              --version               Show the version.
              -h, --help              Show help information.
            """)
    }

    func testEveryLineFitsEightyColumns() {
        for path in [[], ["goal"], ["goal", "add"], ["task", "list"], ["generate"], ["sprint"]] {
            for line in help(path).split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(path): \(line)")
            }
        }
    }

    func testHiddenCommandsStayOutOfHelp() {
        XCTAssertFalse(help([]).contains("__complete"))
        XCTAssertNotNil(SampleTree.parser.helpText(for: ["__complete"]))
    }
}
