import Foundation
import XCTest

/// Titles, names and paths from a teammate's events (as sync or import brings them) never reach
/// the terminal as control sequences: every text output shows them escaped; JSON stays exact.
final class TerminalSafetyCLITests: XCTestCase {
    /// What a hostile teammate might put in a title: a window-title OSC, a screen clear, a bare
    /// CR that overwrites the line, a C1 CSI, a bidi override, a newline faking a board line.
    static let evil = #"\e]0;pwned\a \e[2J\rX \x9B31m \u202Etxt 배포 🚀"#
    static let evilLine = #"\e]0;pwned\a 첫 줄\n  [x] 1234abcd  가짜 줄"#

    static let stream = """
    ---
    v: 1
    id: 'aaaa00000000000000000001'
    type: member.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: "mallory\\e[8m", email: m@example.com}
    clock: 1
    data: {name: "Kim\\e]0;x\\a", handle: "kim\\r"}
    ---
    v: 1
    id: 'aaaa00000000000000000002'
    type: goal.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 2
    data: {title: "\(evil)", week: 2024-W47}
    ---
    v: 1
    id: 'aaaa00000000000000000003'
    type: task.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 3
    data: {title: "\(evilLine)", week: 2024-W47, member: 'aaaa00000000000000000001'}
    ---
    v: 1
    id: 'aaaa00000000000000000004'
    type: project.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 4
    data: {name: "\(evil)", due: '2024-11-01'}
    ---
    v: 1
    id: 'aaaa00000000000000000005'
    type: epic.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 5
    data: {title: "\(evil)"}
    ---
    v: 1
    id: 'aaaa00000000000000000006'
    type: sprint.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 6
    data: {name: "S\\e[2J", from: '2024-11-18', to: '2024-11-29'}
    ---
    v: 1
    id: 'aaaa00000000000000000007'
    type: review.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 7
    data:
      pr: 7
      title: "\(evil)"
      week: 2024-W47
      by: "m\\e[2J"
      sections: [{kind: notes, heading: "H\\e]0;x\\a", body: "line one\\e[2J\\nline two\\r\\n"}]
      comments: [{by: "r\\a", text: "ok\\e]0;x\\a\\nsecond", posted: '2024-11-18T01:00:00Z'}]
    ---
    v: 1
    id: 'aaaa00000000000000000008'
    type: retro.added
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 8
    data: {text: "\(evil)", kind: keep, week: 2024-W47}
    ---
    v: 1
    id: 'aaaa00000000000000000009'
    type: wiki.saved
    at: '2024-11-18T09:00:00+09:00'
    author: {name: mallory, email: m@example.com}
    clock: 9
    data: {title: "\(evil)", body: "para\\e]0;x\\a\\nnext"}
    """

    /// Nothing that steers a terminal: C0 except tab and newline, DEL, C1, separators, bidi controls.
    static func assertNoControls(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x09, 0x0A: return false
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
        XCTAssertTrue(bad.isEmpty, "\(what) printed raw \(bad.map { String($0.value, radix: 16) }): \(text.debugDescription)",
                      file: file, line: line)
    }

    func hostileWorkspace() throws -> Workspace {
        let w = try Workspace()
        let imported = try w.teamflow("import", "-", stdin: Self.stream)
        XCTAssertEqual(imported.code, 0, imported.stderr)
        return w
    }

    func testEveryTextOutputEscapesControlCharacters() throws {
        let w = try hostileWorkspace()
        let commands: [[String]] = [
            ["week", "2024-W47"], ["goal", "list", "--week", "2024-W47"], ["task", "list", "--week", "2024-W47"],
            ["project", "list"], ["epic", "list"], ["member", "list"], ["sprint", "list"], ["sprint", "S\u{1B}[2J"],
            ["review", "list"], ["review", "show", "7"], ["retro", "list", "--week", "2024-W47"], ["wiki", "list"],
            ["log"], ["wiki", "show", "aaaa00000000000000000009"], ["__complete", "members"],
        ]
        for command in commands {
            let result = try CLI.run(command, in: w.path)
            XCTAssertEqual(result.code, 0, "\(command): \(result.stderr)")
            Self.assertNoControls(result.stdout, command.joined(separator: " "))
            Self.assertNoControls(result.stderr, command.joined(separator: " ") + " (stderr)")
        }
        let week = try w.teamflow("week", "2024-W47").stdout
        XCTAssertTrue(week.contains(#"\u{1B}]0;pwned\u{7} \u{1B}[2J\rX \u{9B}31m \u{202E}txt 배포 🚀"#), week)
        // A newline in a title is shown as \n: the fake line stays inside the real one.
        XCTAssertTrue(week.contains(#"첫 줄\n  [x] 1234abcd  가짜 줄"#), week)
        XCTAssertFalse(week.contains("\n  [x] 1234abcd"), week)
        XCTAssertTrue(week.contains(#"Kim\u{1B}]0;x\u{7} @kim\r"#), week)
        // Multi-line bodies keep their line breaks and lose only the controls.
        let show = try w.teamflow("review", "show", "7").stdout
        XCTAssertTrue(show.contains("line one\\u{1B}[2J\nline two\n"), show)
        XCTAssertTrue(show.contains("    ok\\u{1B}]0;x\\u{7}\n    second"), show)
        XCTAssertTrue(try w.teamflow("wiki", "show", "aaaa00000000000000000009").stdout.contains("para\\u{1B}]0;x\\u{7}\nnext"))
    }

    func testJSONKeepsTheExactText() throws {
        let w = try hostileWorkspace()
        let result = try w.teamflow("goal", "list", "--week", "2024-W47", "--json")
        let goals = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(goals.first?["title"] as? String, "\u{1B}]0;pwned\u{7} \u{1B}[2J\rX \u{9B}31m \u{202E}txt 배포 🚀")
        let stream = try w.teamflow("export").stdout
        XCTAssertTrue(stream.contains("title: \"\\e]0;pwned\\a"), "export is data, written as YAML escapes: \(stream)")
    }

    func testErrorMessagesEchoingInputAreEscaped() throws {
        let w = try hostileWorkspace()
        let missing = try w.teamflow("goal", "check", "ab\u{1B}[2Jcd")
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.stderr.contains(#"ab\u{1B}[2Jcd"#), missing.stderr)
        Self.assertNoControls(missing.stderr, "goal check")
        let usage = try w.teamflow("goal", "list", "\u{1B}]0;x\u{7}")
        XCTAssertEqual(usage.code, 64)
        Self.assertNoControls(usage.stderr, "usage error")
    }

    func testDiagnosticsShowHostileFileNamesEscaped() throws {
        let w = try hostileWorkspace()
        // A corrupt event file whose name carries an OSC and a newline, committed with plain git.
        let blob = try Subprocess.run("/usr/bin/git", ["hash-object", "-w", "--stdin"], in: w.path, stdin: "v: [unclosed\n")
        let index = w.path + "/.git/hostile-index"
        let env = ["GIT_INDEX_FILE": index]
        try Subprocess.git(["read-tree", "refs/teamflow/events"], in: w.path, environment: env)
        try Subprocess.git(["update-index", "--add", "--cacheinfo",
                            "100644,\(blob.stdout.trimmingCharacters(in: .whitespacesAndNewlines)),events/x\u{1B}]0;pwned\u{7}\nfake.yaml"],
                           in: w.path, environment: env)
        let tree = try Subprocess.git(["write-tree"], in: w.path, environment: env)
        let commit = try Subprocess.git(["commit-tree", tree, "-p", "refs/teamflow/events", "-m", "hostile"], in: w.path)
        try w.git("update-ref", "refs/teamflow/events", commit)

        let list = try w.teamflow("goal", "list", "--week", "2024-W47")
        XCTAssertEqual(list.code, 0, list.stderr)
        XCTAssertTrue(list.stderr.contains(#"events/x\u{1B}]0;pwned\u{7}\nfake.yaml"#), list.stderr)
        Self.assertNoControls(list.stderr, "diagnostic")
        let doctor = try w.teamflow("doctor")
        XCTAssertEqual(doctor.code, 1)
        XCTAssertTrue(doctor.stdout.contains(#"events/x\u{1B}]0;pwned\u{7}\nfake.yaml"#), doctor.stdout)
        Self.assertNoControls(doctor.stdout + doctor.stderr, "doctor")
    }
}
