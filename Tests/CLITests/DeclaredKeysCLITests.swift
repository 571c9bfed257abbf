import ArgumentParsing
import Foundation
@testable import teamflow
import XCTest

/// Every command reads only the options, flags and arguments its spec declares.
///
/// A handler reads values through spec values (`inv.parsed[Self.due]`), so a misspelt name
/// does not compile; what the compiler cannot see is a handler reading a key another command
/// declares (`task list` asking for `task add`'s `--due`). The parser refuses such a read with
/// `UndeclaredKeyError`. This walks the real command tree and runs every command line (in this
/// process, as `CLI.run` does): bare, with every option and optional argument, and once with each flag (a flag or
/// an option may lead to a branch that reads more), and fails on any such refusal.
final class DeclaredKeysCLITests: XCTestCase {
    /// A command that runs, with its path below the root.
    struct Leaf {
        var path: [String]
        var spec: CommandSpec
    }

    static func leaves(of spec: CommandSpec, path: [String] = []) -> [Leaf] {
        let own = spec.run == nil ? [] : [Leaf(path: path, spec: spec)]
        return own + spec.subcommands.flatMap { leaves(of: $0, path: path + [$0.name]) }
    }

    /// A value every spec accepts at parse time: its first allowed value, else `1` (a whole
    /// number for counts, and the name of a file the workspace holds).
    static func sample(_ allowed: [String]?) -> String { allowed?.first ?? "1" }

    /// The command lines to run for one command.
    static func lines(for leaf: Leaf) -> [[String]] {
        let spec = leaf.spec
        let required = spec.arguments.filter { !$0.isOptional }.map { sample($0.allowedValues) }
        let every = spec.arguments.map { sample($0.allowedValues) }
        let requiredOptions = spec.options.filter(\.isRequired).map { option(of: $0) }
        let bare = leaf.path + required + requiredOptions
        let full = leaf.path + every + spec.options.map { option(of: $0) }
        return [bare, full] + spec.flags.map { bare + ["--" + $0.long] }
    }

    static func option(of spec: OptionSpec) -> String {
        (spec.long.isEmpty ? "-\(spec.short.map(String.init) ?? "")" : "--\(spec.long)=") + sample(spec.allowedValues)
    }

    func testTheWalkCoversTheWholeTree() {
        let paths = Self.leaves(of: TeamflowCLI.root).map { $0.path.joined(separator: " ") }
        for expected in ["goal add", "task list", "sprint", "sprint add", "generate", "generate graph", "import markdown", "__man"] {
            XCTAssertTrue(paths.contains(expected), "\(expected) in \(paths)")
        }
    }

    func testEveryCommandReadsOnlyWhatItsSpecDeclares() throws {
        let ws = try Workspace()
        // A remote, so `sync` gets past choosing one; a file `1`, so commands reading a file
        // given as `1` get past reading it.
        try Subprocess.git(["init", "-q", "--bare", ws.path + "/origin.git"], in: ws.path)
        try ws.git("remote", "add", "origin", ws.path + "/origin.git")
        try "- x\n".write(toFile: ws.path + "/1", atomically: true, encoding: .utf8)

        var runs = 0
        for leaf in Self.leaves(of: TeamflowCLI.root) {
            for line in Self.lines(for: leaf) {
                let result = try CLI.run(line, in: ws.path)
                runs += 1
                XCTAssertFalse(result.stderr.contains("which its spec does not declare"), "\(line): \(result.stderr)")
                // Only the documented statuses; a trap would end the test process itself.
                XCTAssertTrue([0, 1, 64].contains(result.code), "\(line) exited \(result.code): \(result.stderr)")
            }
        }
        XCTAssertGreaterThan(runs, 150, "every command ran at least twice")
    }
}
