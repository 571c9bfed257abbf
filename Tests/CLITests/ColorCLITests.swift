import Foundation
import XCTest

/// `--color auto|always|never`: `always` colours a pipe (charts too), `never` a terminal not,
/// `auto` only a terminal and only without `NO_COLOR` or `TERM=dumb`; any other value is
/// wrong usage.
final class ColorCLITests: XCTestCase {
    static let escape = "\u{1B}["

    /// A week with a done goal, a done task and an open one: marks, names and headings to style.
    func recorded() throws -> Workspace {
        let w = try Workspace()
        let goal = w.id(from: try w.teamflow("goal", "add", "배포", "--json"))
        for arguments in [["member", "add", "민수"], ["goal", "check", goal],
                          ["task", "add", "로그인", "--member", "민수"], ["task", "add", "문서", "--member", "민수"],
                          ["task", "check", "로그인"]] {
            let result = try CLI.run(arguments, in: w.path)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
        }
        return w
    }

    /// The base environment without `NO_COLOR`, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = CLI.baseEnvironment
        environment["NO_COLOR"] = nil
        return environment.merging(extra) { $1 }
    }

    /// Runs the binary on a pseudo-terminal (util-linux's `script`); its output is the terminal's.
    func onTerminal(_ w: Workspace, _ words: String, environment: [String: String]) throws -> CLI.Result {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("util-linux's script(1) is missing: no pseudo-terminal to test colour on")
        }
        return try Subprocess.run("/usr/bin/script", ["-qec", "\(CLI.binary.path) \(words) </dev/null", "/dev/null"], in: w.path,
                                  environment: environment)
    }

    func testAlwaysColoursAPipeAndNeverAndNoColorDoNot() throws {
        let w = try recorded()
        // The base environment sets NO_COLOR: `always` is explicit and wins over it.
        let always = try w.teamflow("week", "--color", "always")
        XCTAssertEqual(always.code, 0, always.stderr)
        XCTAssertTrue(always.stdout.contains(Self.escape), always.stdout.debugDescription)
        XCTAssertTrue(always.stdout.contains("✔"), "coloured marks, as on a terminal: \(always.stdout.debugDescription)")
        XCTAssertTrue(try w.teamflow("--color=always", "task", "list").stdout.contains(Self.escape), "before the command too")

        for (arguments, environment) in [(["week"], [:]), (["week", "--color", "auto"], [:]),
                                         (["week", "--color", "never"], [:]), (["week"], Self.environment())] {
            let result = try Subprocess.run(CLI.binary.path, arguments, in: w.path,
                                            environment: environment.isEmpty ? CLI.baseEnvironment : environment)
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertFalse(result.stdout.contains(Self.escape), "\(arguments): \(result.stdout.debugDescription)")
            XCTAssertTrue(result.stdout.contains("[x]") && result.stdout.contains("[ ]"), result.stdout)
        }
        // JSON is data: never styled, whatever --color says.
        let json = try w.teamflow("week", "--json", "--color", "always")
        XCTAssertFalse(json.stdout.contains(Self.escape), json.stdout)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
    }

    func testAutoColoursATerminalUnlessNoColorOrDumbAndNeverWins() throws {
        let w = try recorded()
        let plain = Self.environment(["TERM": "xterm"])
        let auto = try onTerminal(w, "week", environment: plain)
        XCTAssertEqual(auto.code, 0, auto.stdout)
        XCTAssertTrue(auto.stdout.contains(Self.escape), "auto on a terminal colours: \(auto.stdout.debugDescription)")
        for (words, environment, why) in [
            ("week", Self.environment(["TERM": "xterm", "NO_COLOR": ""]), "NO_COLOR, even empty"),
            ("week", Self.environment(["TERM": "dumb"]), "TERM=dumb"),
            ("week --color never", plain, "--color never"),
        ] {
            let result = try onTerminal(w, words, environment: environment)
            XCTAssertEqual(result.code, 0, result.stdout)
            XCTAssertFalse(result.stdout.contains(Self.escape), "\(why): \(result.stdout.debugDescription)")
            XCTAssertTrue(result.stdout.contains("[x]"), "\(why): \(result.stdout.debugDescription)")
        }
    }

    /// Charts follow the same decision: bars in colour under `always` even when piped.
    func testChartsFollowTheDecision() throws {
        let w = try recorded()
        let coloured = try w.teamflow("stats", "--color", "always")
        XCTAssertEqual(coloured.code, 0, coloured.stderr)
        XCTAssertTrue(coloured.stdout.contains(Self.escape + "36m"), "velocity bars in cyan: \(coloured.stdout.debugDescription)")
        let burndown = try w.teamflow("week", "--burndown", "--color", "always")
        XCTAssertEqual(burndown.code, 0, burndown.stderr)
        XCTAssertTrue(burndown.stdout.contains(Self.escape + "32m") || burndown.stdout.contains(Self.escape + "31m"),
                      "burndown bars in green or red: \(burndown.stdout.debugDescription)")
        for words in [["stats"], ["stats", "--color", "never"], ["week", "--burndown", "--color", "never"]] {
            let result = try Subprocess.run(CLI.binary.path, words, in: w.path, environment: Self.environment())
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertFalse(result.stdout.contains(Self.escape), "\(words): \(result.stdout.debugDescription)")
            XCTAssertTrue(result.stdout.contains("average") || result.stdout.contains("ideal"), "plain numbers: \(result.stdout)")
        }
    }

    func testAnInvalidValueIsWrongUsage() throws {
        let w = try recorded()
        for words in [["week", "--color", "sometimes"], ["--color=yes", "week"], ["week", "--color"]] {
            let result = try CLI.run(words, in: w.path)
            XCTAssertEqual(result.code, 64, "\(words): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
            XCTAssertTrue(result.stderr.contains("--color"), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }
}
