import Foundation
import XCTest

/// Completion with the real binary and its real bash script: `task check` offers open tasks,
/// `task uncheck` done ones (goals likewise), and bash shows titles beside the ids.
final class CompletionCLITests: XCTestCase {
    struct Scene {
        let w: Workspace
        let open: String, done: String, oldOpen: String, oldDone: String
        let openGoal: String, doneGoal: String
    }

    /// This week: an open and a done task, an open and a done goal; last week: one of each task.
    func scene() throws -> Scene {
        let w = try Workspace()
        func add(_ words: String...) throws -> String { w.id(from: try CLI.run(words + ["--json"], in: w.path)) }
        let open = try add("task", "add", "열린 일")
        let done = try add("task", "add", "끝난 일")
        let oldOpen = try add("task", "add", "지난 주 열린 일", "--week", "2024-W46")
        let oldDone = try add("task", "add", "지난 주 끝난 일", "--week", "2024-W46")
        let openGoal = try add("goal", "add", "열린 목표")
        let doneGoal = try add("goal", "add", "끝난 목표")
        for words in [["task", "check", done, oldDone], ["goal", "check", doneGoal]] {
            XCTAssertEqual(try CLI.run(words, in: w.path).code, 0, "\(words)")
        }
        return Scene(w: w, open: open, done: done, oldOpen: oldOpen, oldDone: oldDone, openGoal: openGoal, doneGoal: doneGoal)
    }

    func testCandidatesFollowTheCheckmark() throws {
        let s = try scene()
        func ids(_ words: String...) throws -> [String] {
            let result = try CLI.run(words, in: s.w.path)
            XCTAssertEqual(result.code, 0, result.stderr)
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        let short = { (id: String) in String(id.prefix(8)) }
        XCTAssertEqual(try ids("__complete", "tasks"), [s.open, s.done, s.oldOpen].map(short),
                       "unchanged: this week's, then open ones of other weeks")
        XCTAssertEqual(try ids("__complete", "tasks", "--open"), [s.open, s.oldOpen].map(short))
        XCTAssertEqual(try ids("__complete", "tasks", "--done"), [s.done, s.oldDone].map(short))
        XCTAssertEqual(try ids("__complete", "goals", "--open"), [short(s.openGoal)])
        XCTAssertEqual(try ids("__complete", "goals", "--done"), [short(s.doneGoal)])
        XCTAssertEqual(try ids("__complete", "goals"), [s.openGoal, s.doneGoal].map(short))
        XCTAssertEqual(try s.w.teamflow("__complete", "tasks", "--open", "--done").code, 64)
    }

    /// Drives the function `teamflow completion bash` defines, as bash would on TAB, with
    /// the binary on PATH answering `__complete` in the scene's repository.
    func testBashOffersIdsWithTitlesAndOnlyWhatTheCommandCanChange() throws {
        let s = try scene()
        let script = try s.w.teamflow("completion", "bash").stdout
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let driver = script + """

                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_TYPE=63
                _teamflow
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            var environment = CLI.baseEnvironment
            environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
            let result = try Subprocess.run("/bin/bash", ["--norc", "--noprofile", "-c", driver], in: s.w.path, environment: environment)
            XCTAssertEqual(result.code, 0, result.stderr)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        let short = { (id: String) in String(id.prefix(8)) }
        XCTAssertEqual(try complete(["teamflow", "task", "check", ""]),
                       [short(s.open) + "  -- 열린 일", short(s.oldOpen) + "  -- 지난 주 열린 일"])
        XCTAssertEqual(try complete(["teamflow", "task", "uncheck", ""]),
                       [short(s.done) + "  -- 끝난 일", short(s.oldDone) + "  -- 지난 주 끝난 일"])
        XCTAssertEqual(try complete(["teamflow", "task", "uncheck", String(s.done.prefix(8))]), [short(s.done)],
                       "one left: the id alone, ready to insert")
        XCTAssertEqual(try complete(["teamflow", "goal", "check", ""]), [short(s.openGoal)])
        XCTAssertEqual(try complete(["teamflow", "goal", "uncheck", ""]), [short(s.doneGoal)])
        XCTAssertEqual(try complete(["teamflow", "task", "show", ""]).count, 3, "show offers any task: \(s)")
    }
}
