import Foundation
import XCTest
@testable import OutputFiles

final class OutputRuleTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = PathResolution.resolvedAsFarAsExists(NSTemporaryDirectory() + "teamflow-rule-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testEverySpellingOfDotGitIsRefused() {
        for path in [".git/config", ".GIT/config", "a/.Git/hooks/post-checkout", ".git", "x/.git./config", ".git /x",
                     ".g\u{200C}it/config", "\u{FEFF}.git/config", "GIT~1/config", "./.git/config"] {
            XCTAssertThrowsError(try OutputRule.components(of: path), path) { error in
                XCTAssertEqual(error as? OutputRefusal, .gitComponent(path: path), path)
            }
        }
        for path in [".github/workflows/x.yml", ".gitignore", "git/config", "Sources/.gitkeep", "a.git/b"] {
            XCTAssertNoThrow(try OutputRule.components(of: path), path)
        }
    }

    func testClimbingAndAbsolutePathsAreRefused() {
        for path in ["../x", "a/../../x", "/etc/passwd", "~/x", "", "a\0b", "./"] {
            XCTAssertThrowsError(try OutputRule.components(of: path), path) { error in
                XCTAssertEqual(error as? OutputRefusal, .escapesFolder(path: path), path)
            }
        }
    }

    func testAnOutputFolderInsideTheGitDirectoryIsRefused() throws {
        try run("git", "init", "-q", root)
        for folder in [root + "/.git/hooks", root + "/.git", root + "/.git/new/folder", root + "/sub/../.git/info"] {
            XCTAssertThrowsError(try OutputRule(folder: folder, environment: [:]), folder) { error in
                guard case .insideGitDirectory? = error as? OutputRefusal else { return XCTFail("\(error)") }
            }
        }
        XCTAssertNoThrow(try OutputRule(folder: root + "/Sources", environment: [:]))
    }

    func testABareRepositoryAndGitDirIsProtected() throws {
        let bare = root + "/team.git"
        try run("git", "init", "-q", "--bare", bare)
        XCTAssertThrowsError(try OutputRule(folder: bare + "/hooks", environment: [:]))
        let other = root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        XCTAssertThrowsError(try OutputRule(folder: other + "/x", environment: ["GIT_DIR": other]))
    }

    func testAWorktreeProtectsItsGitDirectoryAndTheCommonOne() throws {
        let main = root + "/main", tree = root + "/tree"
        try run("git", "init", "-q", main)
        try run("git", "-C", main, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x")
        try run("git", "-C", main, "worktree", "add", "-q", tree)
        let rule = try OutputRule(folder: tree, environment: [:])
        let common = PathResolution.resolvedAsFarAsExists(main + "/.git")
        XCTAssertTrue(rule.gitDirectories.contains(common), "\(rule.gitDirectories)")
        XCTAssertTrue(rule.gitDirectories.contains { $0.hasPrefix(common + "/worktrees/") }, "\(rule.gitDirectories)")
        // A link inside the worktree into the common dir is caught at the destination.
        try FileManager.default.createSymbolicLink(atPath: tree + "/hooks", withDestinationPath: common + "/hooks")
        XCTAssertThrowsError(try rule.checkDestination(common + "/hooks/post-checkout", displayPath: "hooks/post-checkout"))
        XCTAssertThrowsError(try OutputRule(folder: tree + "/hooks", environment: [:]))
    }

    private func run(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, arguments.joined(separator: " "))
    }
}
