import Foundation
import TeamflowCore
@testable import WikiExport
import XCTest

/// `WikiPublisher` with a fake git: the exact argument lists, and failures that never claim
/// success.
final class WikiPublisherTests: XCTestCase {
    /// Records every call; answers by the git subcommand.
    final class FakeGit: WikiGit {
        var calls: [(arguments: [String], directory: String, environment: [String: String])] = []
        var answers: [String: WikiGitOutput] = [:]
        var checkout: String?

        func run(_ arguments: [String], in directory: String, environment: [String: String]) throws -> WikiGitOutput {
            calls.append((arguments, directory, environment))
            let command = arguments.first { !$0.hasPrefix("-") } ?? ""
            if command == "clone", let folder = arguments.last {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            if command == "rev-parse", arguments.contains("--is-inside-work-tree") {
                guard let checkout else { return WikiGitOutput(status: 128, stderr: "fatal: not a git repository") }
                return WikiGitOutput(status: 0, stdout: "true\n\(checkout)\n")
            }
            if let answer = answers[command] { return answer }
            switch command {
            case "diff": return WikiGitOutput(status: 1)
            case "symbolic-ref": return WikiGitOutput(status: 0, stdout: "main\n")
            default: return WikiGitOutput(status: 0)
            }
        }

        var arguments: [[String]] { calls.map(\.arguments) }
    }

    var temporary = ""
    let files = [WikiFile(name: "Home.md", contents: "# Home\n"), WikiFile(name: "2024-W47.md", contents: "# Week\n")]
    let author = Author(name: "Ann", email: "ann@example.com")
    let url = "https://example.com/team/app.wiki.git"

    override func setUpWithError() throws {
        temporary = NSTemporaryDirectory() + "wiki-publisher-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: temporary)
    }

    private func publish(_ git: FakeGit, to target: String? = nil) throws -> WikiPublisher.Outcome {
        try WikiPublisher(git: git, temporaryDirectory: temporary)
            .publish(files, to: target ?? url, from: temporary, author: author, date: "2024-11-18T09:00:00Z")
    }

    func testCloneStageCommitPushWithOperandsAfterEndOfOptions() throws {
        let git = FakeGit()
        let outcome = try publish(git)
        XCTAssertEqual(outcome, WikiPublisher.Outcome(changed: true, pushed: true,
                                                      report: WikiWriteReport(written: ["Home.md", "2024-W47.md"])))
        let clone = try XCTUnwrap(git.arguments.first?.last)
        XCTAssertTrue(clone.hasPrefix(temporary + "/teamflow-wiki-"), clone)
        XCTAssertEqual(git.arguments, [
            ["clone", "-q", "--depth", "1", "--end-of-options", url, clone],
            ["--literal-pathspecs", "add", "-A", "--end-of-options", ".teamflow-wiki-manifest", "2024-W47.md", "Home.md"],
            ["diff", "--cached", "--quiet"],
            ["commit", "-q", "--no-verify", "--message=teamflow: update the wiki (2 pages)"],
            ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"],
            ["symbolic-ref", "--short", "HEAD"],
            ["push", "-q", "--end-of-options", "origin", "HEAD:refs/heads/main"],
        ])
        XCTAssertEqual(git.calls[0].directory, temporary)
        XCTAssertTrue(git.calls.dropFirst().allSatisfy { $0.directory == clone })
        let commit = git.calls[3].environment
        XCTAssertEqual(commit["GIT_AUTHOR_NAME"], "Ann")
        XCTAssertEqual(commit["GIT_COMMITTER_EMAIL"], "ann@example.com")
        XCTAssertEqual(commit["GIT_AUTHOR_DATE"], "2024-11-18T09:00:00Z")
        XCTAssertTrue(git.calls.allSatisfy { $0.environment["GIT_TERMINAL_PROMPT"] == "0" })
        XCTAssertFalse(FileManager.default.fileExists(atPath: clone), "the temporary clone is removed")
    }

    func testTargetStartingWithDashIsRefusedBeforeGitRuns() {
        let git = FakeGit()
        for target in ["--upload-pack=touch pwned", "-q"] {
            XCTAssertThrowsError(try publish(git, to: target)) { error in
                XCTAssertEqual((error as? TeamflowError)?.kind, .usage, "\(error)")
            }
        }
        XCTAssertTrue(git.calls.isEmpty, "git never ran: \(git.arguments)")
    }

    func testFailingPushReportsFailure() {
        let git = FakeGit()
        git.answers["push"] = WikiGitOutput(status: 1, stderr: "remote: denied\nfatal: unable to push")
        XCTAssertThrowsError(try publish(git)) { error in
            let failure = error as? TeamflowError
            XCTAssertEqual(failure?.kind, .failure)
            XCTAssertEqual(failure?.message, "cannot push to \(url): fatal: unable to push")
            XCTAssertEqual(failure?.hints, ["Nothing was published."])
        }
        XCTAssertEqual(git.arguments.last?.first, "push")
    }

    func testFailingCloneStopsEverything() {
        let git = FakeGit()
        git.answers["clone"] = WikiGitOutput(status: 128, stderr: "fatal: repository not found")
        XCTAssertThrowsError(try publish(git)) { error in
            XCTAssertEqual((error as? TeamflowError)?.message, "cannot clone \(url): fatal: repository not found")
        }
        XCTAssertEqual(git.arguments.count, 1, "nothing after the clone: \(git.arguments)")
    }

    func testFailingCommitNeverPushes() {
        let git = FakeGit()
        git.answers["commit"] = WikiGitOutput(status: 1, stderr: "error: cannot lock ref")
        XCTAssertThrowsError(try publish(git))
        XCTAssertFalse(git.arguments.contains { $0.first == "push" })
    }

    func testUnchangedWikiMakesNoCommit() throws {
        let git = FakeGit()
        git.answers["diff"] = WikiGitOutput(status: 0)
        let outcome = try publish(git)
        XCTAssertFalse(outcome.changed)
        XCTAssertFalse(outcome.pushed)
        XCTAssertFalse(git.arguments.contains { $0.first == "commit" || $0.first == "push" })
    }

    func testFailingDiffIsAFailureNotUpToDate() {
        let git = FakeGit()
        git.answers["diff"] = WikiGitOutput(status: 128, stderr: "fatal: bad index")
        XCTAssertThrowsError(try publish(git)) { error in
            XCTAssertEqual((error as? TeamflowError)?.message, "cannot compare the pages: fatal: bad index")
        }
    }

    func testCheckoutWithoutUpstreamIsCommittedInPlaceNotPushed() throws {
        let checkout = temporary + "/app.wiki"
        try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
        let git = FakeGit()
        git.checkout = checkout
        git.answers["rev-parse"] = WikiGitOutput(status: 128, stderr: "fatal: no upstream")
        let outcome = try publish(git, to: "app.wiki")
        XCTAssertTrue(outcome.changed)
        XCTAssertFalse(outcome.pushed)
        XCTAssertFalse(git.arguments.contains { $0.first == "clone" || $0.first == "push" })
        XCTAssertEqual(try String(contentsOfFile: checkout + "/Home.md", encoding: .utf8), "# Home\n")
    }
}

/// `WikiExporter.export(_:to:)`: the repository's pages, written through `WikiWriter`.
final class WikiExportFromRepositoryTests: XCTestCase {
    func testExportRendersTheRepositoryAndWritesThePages() throws {
        let repository = InMemoryEventRepository()
        let folder = NSTemporaryDirectory() + "wiki-export-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try WikiExporter().export(repository, to: folder)
        XCTAssertEqual(export.files, try WikiExporter().render(try repository.state()))
        XCTAssertEqual(export.report.written, export.files.map(\.name))
        for file in export.files {
            XCTAssertEqual(try String(contentsOfFile: folder + "/" + file.name, encoding: .utf8), file.contents)
        }
        XCTAssertEqual(try WikiExporter().export(repository, to: folder).report.written, [], "a second export changes nothing")
    }
}
