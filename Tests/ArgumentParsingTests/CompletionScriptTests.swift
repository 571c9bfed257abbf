import ArgumentParsing
import Foundation
import XCTest

final class CompletionScriptTests: XCTestCase {
    private let visibleCommands = [
        "goal", "add", "check", "list", "task", "assign", "generate", "graph", "sprint", "files",
    ]

    /// Runs bash with `script` on stdin; returns (status, stdout).
    private func bash(_ arguments: [String], stdin script: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testBashScriptIsValidSyntaxAndMentionsEverything() throws {
        let script = SampleTree.parser.completionScript(shell: .bash)
        let (status, output) = try bash(["-n"], stdin: script)
        XCTAssertEqual(status, 0, output)
        for name in visibleCommands + ["--week", "--member", "--open", "--done", "-C", "--json", "--version"] {
            XCTAssertTrue(script.contains(name), name)
        }
        XCTAssertTrue(script.contains("teamflow __complete members"))
        XCTAssertFalse(script.contains("'__complete'"), "hidden commands are not offered")
        XCTAssertTrue(script.contains("complete -F _teamflow teamflow"))
    }

    /// Drives the bash completion function as bash would, and checks what it offers.
    func testBashCompletionOffersSubcommandsOptionsAndValues() throws {
        let script = SampleTree.parser.completionScript(shell: .bash)
        func complete(_ words: [String], type: Int = 9) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            // A stand-in `teamflow` answers the `.command` completions (`with space` twice, the
            // second time with a title); a scratch folder holds one known file for `.file`
            // completion, and shows whether a name's `$(...)` ran.
            let driver = script + """

                teamflow() { [[ "$2" == goals ]] && printf '%s\\n' abcd1234$'\\t''첫 목표' abff0000 'with space' \\
                    'with space'$'\\t''again' '$(touch pwned)'$'\\t''$(touch pwned)'; }
                scratch=$(mktemp -d) && cd "$scratch" && : > manifest.yaml
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_TYPE=\(type)
                _teamflow
                [[ -e pwned ]] && echo PWNED
                cd / && rm -rf "$scratch"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let (status, output) = try bash(["--norc"], stdin: driver)
            XCTAssertEqual(status, 0, output)
            return output.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["teamflow", ""]), ["goal", "task", "generate", "sprint"])
        XCTAssertEqual(try complete(["teamflow", "-C", "x", "go"]), ["goal"])
        XCTAssertEqual(try complete(["teamflow", "goal", ""]), ["add", "check", "list"])
        XCTAssertEqual(try complete(["teamflow", "--json", "task", "list", "--"]),
                       ["--member", "--author", "--open", "--done", "--verbose", "--quiet", "--json", "--help"])
        XCTAssertEqual(try complete(["teamflow", "generate", "view"]), ["viewmodel"])
        XCTAssertEqual(try complete(["teamflow", "generate", "x", "--trim", "s"]), ["smart"])
        XCTAssertEqual(try complete(["teamflow", "generate", "graph", "--json", "man"]), ["manifest.yaml"])
        // A repeating file argument after a plain one: files only from the second word on.
        XCTAssertEqual(try complete(["teamflow", "sprint", "files", "man"]), [])
        XCTAssertEqual(try complete(["teamflow", "sprint", "files", "S1", "a", "man"]), ["manifest.yaml"])
        // .command runs the given command and offers its output lines.
        // Several: each with its title, as zsh and fish show them (bash inserts only what they
        // share, "ab"); one: the value alone, to insert.
        XCTAssertEqual(try complete(["teamflow", "goal", "check", "ab"]), ["abcd1234  -- 첫 목표", "abff0000"])
        XCTAssertEqual(try complete(["teamflow", "goal", "check", "abc"]), ["abcd1234"])
        XCTAssertEqual(try complete(["teamflow", "goal", "check", "ab"], type: 37), ["abcd1234", "abff0000"],
                       "menu completion inserts each entry whole: values only")
        XCTAssertEqual(try complete(["teamflow", "goal", "check", "w"]), ["with\\ space"], "quoted: one word on the line; offered once")
        // Matched by prefix, never expanded: a name holding `$(...)` is offered quoted, not run.
        XCTAssertEqual(try complete(["teamflow", "goal", "check", "$"]), ["\\$\\(touch\\ pwned\\)"])
        XCTAssertEqual(try complete(["teamflow", "goal", "check", ""]).count, 4, "every value once, none run")
        // A command that prints nothing (or fails) offers nothing, without an error.
        XCTAssertEqual(try complete(["teamflow", "task", "list", "--member", ""]), [])
    }

    func testZshAndFishScriptsCoverTheTree() {
        let zsh = SampleTree.parser.completionScript(shell: .zsh)
        let fish = SampleTree.parser.completionScript(shell: .fish)
        XCTAssertTrue(zsh.hasPrefix("#compdef teamflow\n"))
        XCTAssertTrue(zsh.contains("compdef _teamflow teamflow"))
        for name in visibleCommands {
            XCTAssertTrue(zsh.contains("|\(name)'"), "zsh: \(name)")
            XCTAssertTrue(fish.contains("-a '\(name)'"), "fish: \(name)")
        }
        XCTAssertTrue(fish.contains("-l 'week' -r -d"))
        XCTAssertTrue(fish.contains("-s 'o' -l 'out' -x -a '(__fish_complete_directories)'"))
        XCTAssertTrue(fish.contains("-s 'C'"))
        XCTAssertTrue(fish.contains("-x -a '(teamflow __complete members)'"))
        XCTAssertTrue(fish.contains("-x -a 'none smart all'"))
        XCTAssertTrue(fish.contains("-d 'Add a goal for a week.'"))
        XCTAssertTrue(
            fish.contains("complete -c teamflow -n '__teamflow_arg \\'generate graph\\' 0' -F -d 'The manifest.'"))
        XCTAssertFalse(fish.contains("__complete'"), "hidden commands are not offered")
    }
}
