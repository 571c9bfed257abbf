import Foundation
import XCTest

/// The progress line of long commands: on a terminal only (a pseudo-terminal from `script`),
/// never when piped or with `--quiet`, and cleared at the end.
final class ProgressLineCLITests: XCTestCase {
    func testProgressLineOnATerminalOnly() throws {
        let w = try Workspace()
        try w.teamflow("goal", "add", "배포")
        let piped = try w.teamflow("export", "--out", "all.yaml", environment: ["TEAMFLOW_PROGRESS_AFTER": "0"])
        XCTAssertEqual(piped.code, 0)
        XCTAssertEqual(piped.stderr, "", "nothing when stderr is not a terminal")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("util-linux's script(1) is missing: no pseudo-terminal to test the progress line on")
        }
        func onTerminal(_ words: String) throws -> CLI.Result {
            let command = "\(CLI.binary.path) \(words) </dev/null"
            return try Subprocess.run("/usr/bin/script", ["-qec", command, "/dev/null"], in: w.path,
                                      environment: CLI.baseEnvironment.merging(["TEAMFLOW_PROGRESS_AFTER": "0", "TERM": "xterm"]) { $1 })
        }
        let shown = try onTerminal("export --out all.yaml")
        XCTAssertEqual(shown.code, 0, shown.stdout)
        XCTAssertTrue(shown.stdout.contains("teamflow export… 0.0 s"), shown.stdout.debugDescription)
        let after = shown.stdout.range(of: "teamflow export…").map { shown.stdout[$0.upperBound...] } ?? ""
        XCTAssertTrue(after.contains("\r\u{1B}[2K"), "the line is cleared: \(shown.stdout.debugDescription)")
        let quiet = try onTerminal("export --out all.yaml --quiet")
        XCTAssertEqual(quiet.code, 0, quiet.stdout)
        XCTAssertFalse(quiet.stdout.contains("teamflow export"), quiet.stdout.debugDescription)
        let site = try onTerminal("site --out public -q")
        XCTAssertFalse(site.stdout.contains("teamflow site…"), site.stdout.debugDescription)
    }
}
