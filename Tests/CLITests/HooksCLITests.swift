import Foundation
import XCTest

/// `hooks install|uninstall` with real `git commit`s running the hooks, which run the built
/// binary: the commit-msg hook refuses unknown trailers, both chain the user's own hooks, and
/// uninstall puts those back byte for byte.
final class HooksCLITests: XCTestCase {
    /// git with the suite's fixed clock, so the events the hooks append are reproducible.
    func commit(_ w: Workspace, _ message: String) throws -> CLI.Result {
        try Subprocess.run("/usr/bin/git", ["commit", "-q", "--allow-empty", "-m", message], in: w.path,
                           environment: ProcessInfo.processInfo.environment.merging(CLI.baseEnvironment) { $1 })
    }

    func show(_ w: Workspace, _ id: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try w.teamflow("task", "show", id, "--json").stdout.utf8)) as? [String: Any])
    }

    func testTheHooksCheckApplyAndChainThenUninstallRestores() throws {
        let w = try Workspace()
        let login = w.id(from: try w.teamflow("task", "add", "로그인 API", "--json"))
        let token = w.id(from: try w.teamflow("task", "add", "토큰 저장", "--json"))
        _ = try w.teamflow("task", "add", "토큰 갱신", "--json")
        let hooks = w.path + "/.git/hooks"
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        // The user's own hooks: each logs its arguments; the commit-msg one refuses "WIP".
        let mine = [
            "commit-msg": "#!/bin/sh\necho \"commit-msg $(basename \"$1\")\" >> \"$(git rev-parse --git-dir)/mine.log\"\n! grep -q WIP \"$1\"\n",
            "post-commit": "#!/bin/sh\necho post-commit >> \"$(git rev-parse --git-dir)/mine.log\"\n",
        ]
        for (name, text) in mine {
            try Data(text.utf8).write(to: URL(fileURLWithPath: hooks + "/" + name))
            try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: hooks + "/" + name)
        }

        let installed = try w.spawnTeamflow("hooks", "install", "--json")
        XCTAssertEqual(installed.code, 0, installed.stderr)
        let outcomes = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(installed.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(outcomes.map { $0["outcome"] as? String }, ["chained", "chained"], installed.stdout)
        XCTAssertEqual(try String(contentsOfFile: hooks + "/commit-msg.teamflow-chained", encoding: .utf8), mine["commit-msg"])
        XCTAssertTrue(try w.spawnTeamflow("hooks", "install").stdout.contains("Already installed"), "installing twice changes nothing")

        // An unknown id and an ambiguous title fail the commit, naming matches and candidates.
        let before = try w.git("rev-parse", "refs/teamflow/events")
        let refused = try commit(w, "feat: x\n\nTeamflow-Done: 로그인 AP1\nTeamflow-Start: 토큰")
        XCTAssertNotEqual(refused.code, 0)
        XCTAssertTrue(refused.stderr.contains("Teamflow-Done: 로그인 AP1: no task '로그인 AP1'"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("로그인 API"), "nearest match: \(refused.stderr)")
        XCTAssertTrue(refused.stderr.contains("Teamflow-Start: 토큰:"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("토큰 갱신") && refused.stderr.contains("토큰 저장"), "candidates: \(refused.stderr)")
        XCTAssertThrowsError(try w.git("rev-parse", "-q", "--verify", "HEAD"), "no commit was made")
        // The user's hook runs first and its refusal stands.
        XCTAssertNotEqual(try commit(w, "WIP\n\nTeamflow-Done: 로그인 API").code, 0)
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), before, "nothing appended")

        let made = try commit(w, "feat: 로그인\n\nTeamflow-Done: \(String(login.prefix(6)))\nTeamflow-Start: 토큰 저장")
        XCTAssertEqual(made.code, 0, made.stderr)
        let sha = try w.git("rev-parse", "HEAD")
        XCTAssertEqual(try show(w, login)["done"] as? Bool, true)
        XCTAssertEqual(try show(w, token)["status"] as? String, "doing")
        let events = try w.git("log", "-3", "-p", "--format=", "refs/teamflow/events")
        XCTAssertTrue(events.contains(sha) && events.contains("source: commit"), events)
        let log = try String(contentsOfFile: w.path + "/.git/mine.log", encoding: .utf8)
        XCTAssertEqual(log.split(separator: "\n").filter { $0.hasPrefix("commit-msg") }.count, 3, log)
        XCTAssertTrue(log.contains("commit-msg COMMIT_EDITMSG") && log.hasSuffix("post-commit\n"), log)

        // A scan after the hook appends nothing: the commit was applied once.
        let head = try w.git("rev-parse", "refs/teamflow/events")
        XCTAssertEqual(try w.teamflow("commits", "scan", "--since", "HEAD").code, 0)
        XCTAssertEqual(try w.teamflow("commits", "scan", "--last", "5").code, 0)
        XCTAssertEqual(try w.git("rev-parse", "refs/teamflow/events"), head)

        let removed = try w.spawnTeamflow("hooks", "uninstall")
        XCTAssertEqual(removed.code, 0, removed.stderr)
        for (name, text) in mine {
            XCTAssertEqual(try String(contentsOfFile: hooks + "/" + name, encoding: .utf8), text)
            let mode = try FileManager.default.attributesOfItem(atPath: hooks + "/" + name)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o750)
            XCTAssertFalse(FileManager.default.fileExists(atPath: hooks + "/" + name + ".teamflow-chained"))
        }
        XCTAssertTrue(try w.teamflow("hooks", "uninstall").stdout.contains("not teamflow's"), "the user's hooks are left alone")
    }

    func testHooksWithoutEarlierOnesAndTheArgumentsTheyPass() throws {
        let w = try Workspace()
        let installed = try w.spawnTeamflow("hooks", "install")
        XCTAssertEqual(installed.code, 0, installed.stderr)
        let text = try String(contentsOfFile: w.path + "/.git/hooks/commit-msg", encoding: .utf8)
        XCTAssertTrue(text.contains("exec \"$teamflow\" commits check -- \"$1\""), text)
        XCTAssertTrue(text.contains("teamflow='\(CLI.binary.resolvingSymlinksInPath().path)'") || text.contains("teamflow='/"), text)
        // No trailer: the commit goes through and nothing is appended.
        XCTAssertEqual(try commit(w, "chore: 설정").code, 0)
        XCTAssertThrowsError(try w.git("rev-parse", "-q", "--verify", "refs/teamflow/events"))
        XCTAssertEqual(try w.spawnTeamflow("hooks", "uninstall").code, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/.git/hooks/commit-msg"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/.git/hooks/post-commit"))
        // A message file named like an option is still a file.
        try Data("x\n\nTeamflow-Done: nothing\n".utf8).write(to: URL(fileURLWithPath: w.path + "/-msg"))
        let checked = try w.teamflow("commits", "check", "--", "-msg")
        XCTAssertEqual(checked.code, 1)
        XCTAssertTrue(checked.stderr.contains("Teamflow-Done: nothing"), checked.stderr)
    }

    /// `core.hooksPath` is where git runs hooks from, so that is where they go; a hook that
    /// would have to be chained over an existing `.teamflow-chained` file is refused whole.
    func testHooksPathAndARefusedChain() throws {
        let w = try Workspace()
        try w.git("config", "core.hooksPath", "githooks")
        let folder = w.path + "/githooks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: folder + "/post-commit"))
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/post-commit.teamflow-chained"))
        let refused = try w.teamflow("hooks", "install")
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.contains("post-commit.teamflow-chained exists already"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/commit-msg"), "nothing written")
        try FileManager.default.removeItem(atPath: folder + "/post-commit.teamflow-chained")
        XCTAssertEqual(try w.teamflow("hooks", "install").code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/commit-msg"))
        XCTAssertEqual(try String(contentsOfFile: folder + "/post-commit.teamflow-chained", encoding: .utf8), "#!/bin/sh\nexit 0\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/.git/hooks/commit-msg"))
    }
}
