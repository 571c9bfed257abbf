import Foundation
import XCTest

/// A committed template that aims its output at `.git` (the `core.fsmonitor` attack): every
/// spelling is refused with exit 1 naming the template file and the path, before anything is
/// written, with or without `--force`; so are `--out` folders inside the git directory, for
/// `generate`, `wiki export` and `site`.
final class GenerateIntoGitTests: XCTestCase {
    private let folder = ".teamflow/templates/evil"
    private let hook = "[core]\n\tfsmonitor = touch PWNED\n"

    private func evilTemplate(default value: String, file: String = "{{ p }}/config", in w: Workspace) throws {
        let manifest = "name: evil\ndescription: looks harmless\nvariables:\n  - name: name\n    required: true\n  - name: p\n    default: \"\(value)\"\n"
        try HostileTemplates.write(manifest, "\(folder)/template.yaml", in: w)
        try HostileTemplates.write(hook, "\(folder)/\(file)", in: w)
        try HostileTemplates.write("harmless\n", "\(folder)/{{ name }}.txt", in: w)
        try HostileTemplates.commit(w)
    }

    /// `.git` without the index (`git status` refreshes it) and the event store's own files.
    private func gitFiles(_ w: Workspace) throws -> [String: Data] {
        try filesUnder(w.path + "/.git").filter { key, _ in
            key != "index" && !["teamflow/", "objects/", "refs/", "logs/"].contains(where: key.hasPrefix)
        }
    }

    private func assertRefused(_ result: CLI.Result, path: String, w: Workspace, before: [String: Data],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.code, 1, result.stdout + result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("template 'evil', file '{{ p }}/config'"), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("'\(path)'"), result.stderr, file: file, line: line)
        XCTAssertEqual(try gitFiles(w), before, ".git is untouched", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/X.txt"), "nothing written before the check", file: file, line: line)
        _ = try w.git("status")
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/PWNED"), "git ran no command", file: file, line: line)
    }

    func testDotGitInAnyCaseIsRefusedWithAndWithoutForce() throws {
        for spelling in [".git", ".GIT", ".Git", "sub/../.git", "./.git", ".git."] {
            let w = try Workspace()
            try evilTemplate(default: spelling, in: w)
            let before = try gitFiles(w)
            let expected = spelling == "sub/../.git" ? "sub/../.git/config" : "\(spelling)/config"
            if spelling == "sub/../.git" {
                // `..` is refused as leaving the folder before any `.git` rule applies.
                let result = try w.teamflow("generate", "evil", "X", "--force")
                XCTAssertEqual(result.code, 1, result.stderr)
                XCTAssertTrue(result.stderr.contains("outside the output folder"), result.stderr)
                XCTAssertEqual(try gitFiles(w), before)
                continue
            }
            try assertRefused(try w.teamflow("generate", "evil", "X", "--force"), path: expected, w: w, before: before)
            try assertRefused(try w.teamflow("generate", "evil", "X"), path: expected, w: w, before: before)
            try assertRefused(try w.teamflow("generate", "evil", "X", "--dry-run"), path: expected, w: w, before: before)
        }
    }

    func testHooksFolderAndPostCheckoutAreRefused() throws {
        let w = try Workspace()
        try evilTemplate(default: ".git/hooks", in: w)
        let before = try gitFiles(w)
        try assertRefused(try w.teamflow("generate", "evil", "X"), path: ".git/hooks/config", w: w, before: before)
    }

    func testACommittedLinkIntoTheGitDirectoryIsRefused() throws {
        let w = try Workspace()
        try HostileTemplates.link("gitlink", to: ".git", in: w)
        try evilTemplate(default: "gitlink", in: w)
        let before = try gitFiles(w)
        let result = try w.teamflow("generate", "evil", "X", "--force")
        try assertRefused(result, path: "gitlink/config", w: w, before: before)
        XCTAssertTrue(result.stderr.contains("inside the git directory"), result.stderr)
    }

    func testAWorktreeProtectsItsOwnAndTheCommonGitDirectory() throws {
        let w = try Workspace()
        _ = try w.git("commit", "-q", "--allow-empty", "-m", "start")
        let tree = w.path + "-tree"
        _ = try w.git("worktree", "add", "-q", tree)
        defer { try? FileManager.default.removeItem(atPath: tree) }
        // In the worktree `.git` is a file; a link to the common dir's hooks is the way in.
        try FileManager.default.createSymbolicLink(atPath: tree + "/hooks", withDestinationPath: w.path + "/.git/hooks")
        let manifest = "name: evil\ndescription: x\nvariables:\n  - name: name\n    required: true\n"
        let templates = tree + "/" + folder
        try FileManager.default.createDirectory(atPath: templates + "/hooks", withIntermediateDirectories: true)
        try manifest.write(toFile: templates + "/template.yaml", atomically: true, encoding: .utf8)
        try hook.write(toFile: templates + "/hooks/post-checkout", atomically: true, encoding: .utf8)
        let before = try gitFiles(w)
        let viaLink = try CLI.run(["generate", "evil", "X", "--force"], in: tree)
        XCTAssertEqual(viaLink.code, 1, viaLink.stdout + viaLink.stderr)
        XCTAssertTrue(viaLink.stderr.contains("hooks/post-checkout"), viaLink.stderr)
        let gitDirectory = try w.git("rev-parse", "--git-common-dir").trimmingCharacters(in: .whitespacesAndNewlines)
        let out = try CLI.run(["generate", "evil", "X", "--out", (gitDirectory.hasPrefix("/") ? "" : w.path + "/") + gitDirectory + "/worktrees"],
                              in: tree)
        XCTAssertEqual(out.code, 1, out.stdout + out.stderr)
        XCTAssertTrue(out.stderr.contains("inside the git directory"), out.stderr)
        XCTAssertEqual(try gitFiles(w), before)
    }

    func testOutFoldersInsideTheGitDirectoryAreRefusedForEveryWriter() throws {
        let w = try Workspace()
        _ = try w.teamflow("goal", "add", "배포 꼭 하기")
        let before = try gitFiles(w)
        for command in [["generate", "viewmodel", "Profile", "--out", ".git/hooks"],
                        ["wiki", "export", "--out", ".git/wiki"],
                        ["site", "--out", ".GIT/site"],
                        ["site", "--out", ".git"]] {
            let result = try CLI.run(command, in: w.path)
            XCTAssertEqual(result.code, 1, "\(command): \(result.stdout) \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("git"), result.stderr)
            if command[0] != "generate" {
                // The exports' library hint names no flag; the command line adds its `--out DIR`.
                XCTAssertTrue(result.stderr.contains("Nothing was changed. Choose another folder with --out DIR.\n"), result.stderr)
            }
        }
        XCTAssertEqual(try gitFiles(w), before)
        for leftover in ["hooks/ProfileViewModel.swift", "wiki", "site", "index.html"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/.git/" + leftover), leftover)
        }
    }

    func testEjectThroughACommittedLinkIntoGitIsRefused() throws {
        let w = try Workspace()
        try HostileTemplates.link(".teamflow", to: ".git", in: w)
        let result = try w.teamflow("templates", "eject", "viewmodel")
        XCTAssertEqual(result.code, 1, result.stdout + result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/.git/templates"))
    }
}
