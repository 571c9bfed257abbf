import Foundation
import XCTest
import TeamflowCore
@testable import Importers

/// `GitHubCLI` with a runner standing in for gh: the arguments it builds and how it reads answers.
final class GitHubCLITests: XCTestCase {
    final class Fake: GitHubRunner, @unchecked Sendable {
        var output: GitHubRunOutput
        var calls: [[String]] = []
        init(_ output: GitHubRunOutput) { self.output = output }
        func run(_ arguments: [String]) throws -> GitHubRunOutput {
            calls.append(arguments)
            return output
        }
    }

    static let json = Data("""
    {"number": 7, "title": "t", "state": "MERGED", "mergedAt": "2024-11-20T00:00:00Z",
     "comments": [{"id": "IC_1", "author": {"login": "a"}, "body": "hi", "createdAt": "2024-11-19T00:00:00Z"}],
     "reviews": [{"id": "PRR_1", "author": {"login": "b"}, "body": "", "state": "APPROVED", "submittedAt": "2024-11-19T01:00:00Z"}]}
    """.utf8)

    func testArgumentsAreFixedAndTheNumberComesAfterTheSeparator() throws {
        let fake = Fake(GitHubRunOutput(status: 0, stdout: Self.json, stderr: ""))
        let pr = try GitHubCLI(runner: fake).pullRequest(7, repo: "ghe.example.com/team/app")
        XCTAssertEqual(fake.calls, [["pr", "view", "--json", GitHubCLI.pullRequestFields, "--repo", "ghe.example.com/team/app", "--", "7"]])
        XCTAssertEqual(pr.state, "merged")
        XCTAssertEqual(pr.mergedAt, "2024-11-20T00:00:00Z")
        XCTAssertEqual(pr.comments.map(\.github), ["IC_1", "PRR_1"])
        let new = ReviewUseCases.NewReview(github: pr)
        XCTAssertEqual(new.state, "merged")
        XCTAssertEqual(new.mergedAt, "2024-11-20T00:00:00Z")
    }

    func testRepositoriesThatCouldBeOptionsAreRefused() {
        for bad in ["-R/x", "team", "a/b/c/d", "team/--x", "team/a b", "team/"] {
            XCTAssertThrowsError(try GitHubCLI.repository(bad), bad) { XCTAssertEqual(($0 as? TeamflowError)?.kind, .usage, bad) }
        }
        XCTAssertEqual(try? GitHubCLI.repository("team/app.swift"), "team/app.swift")
    }

    func testMissingFailingAndGarbledAnswers() {
        XCTAssertThrowsError(try GitHubCLI(runner: nil).pullRequest(7)) { error in
            XCTAssertTrue((error as? TeamflowError)?.hints.joined().contains("Install the GitHub CLI") == true)
        }
        let failing = Fake(GitHubRunOutput(status: 1, stdout: Data(), stderr: "gh: Not Found (HTTP 404)\n"))
        XCTAssertThrowsError(try GitHubCLI(runner: failing).pullRequest(7)) { error in
            XCTAssertEqual((error as? TeamflowError)?.message, "gh: Not Found (HTTP 404)")
            XCTAssertEqual((error as? TeamflowError)?.hints, [])
        }
        let garbled = Fake(GitHubRunOutput(status: 0, stdout: Data("nope".utf8), stderr: ""))
        XCTAssertThrowsError(try GitHubCLI(runner: garbled).pullRequest(7)) { error in
            XCTAssertEqual((error as? TeamflowError)?.message, "gh answered with something that is not JSON")
        }
    }

    func testIssueListArgumentsAndParsing() throws {
        let json = Data(#"[{"number": 3, "title": "a\r\nb", "state": "OPEN"}, {"number": 4, "title": "c", "state": "CLOSED"}]"#.utf8)
        let fake = Fake(GitHubRunOutput(status: 0, stdout: json, stderr: ""))
        let issues = try GitHubCLI(runner: fake).issues(limit: 5, repo: "team/app")
        XCTAssertEqual(fake.calls, [["issue", "list", "--state", "all", "--limit", "5", "--json", GitHubCLI.issueFields, "--repo", "team/app"]])
        XCTAssertEqual(issues, [.init(number: 3, title: "a\nb", open: true), .init(number: 4, title: "c", open: false)])
        XCTAssertThrowsError(try GitHubCLI(runner: fake).issues(limit: 0))
        for bad in [#"{}"#, #"[{"title": "x"}]"#, #"[{"number": 1}]"#, #"[1]"#] {
            XCTAssertThrowsError(try GitHubIssues.parse(Data(bad.utf8)), bad) { XCTAssertEqual(($0 as? TeamflowError)?.kind, .failure) }
        }
    }

    func testOpenPRListAndIssueFiltersAreFixedArguments() throws {
        let fake = Fake(GitHubRunOutput(status: 0, stdout: Data("[\(String(decoding: Self.json, as: UTF8.self))]".utf8), stderr: ""))
        let prs = try GitHubCLI(runner: fake).openPullRequests(limit: 20, repo: "team/app")
        XCTAssertEqual(prs.map(\.number), [7])
        XCTAssertEqual(prs.first?.comments.count, 2)
        XCTAssertEqual(fake.calls, [["pr", "list", "--state", "open", "--limit", "20", "--json", GitHubCLI.pullRequestFields, "--repo", "team/app"]])

        fake.output = GitHubRunOutput(status: 0, stdout: Data(#"[{"number": 3, "title": "x", "state": "OPEN", "labels": [{"name": "bug"}], "assignees": [{"login": "minsu"}]}]"#.utf8), stderr: "")
        let issues = try GitHubCLI(runner: fake).issues(limit: 5, state: "open", label: "-x --repo y")
        XCTAssertEqual(fake.calls.last, ["issue", "list", "--state", "open", "--limit", "5", "--json", GitHubCLI.issueFields, "--label=-x --repo y"])
        XCTAssertEqual(issues.first?.labels, ["bug"])
        XCTAssertEqual(issues.first?.assignees, ["minsu"])
        XCTAssertThrowsError(try GitHubCLI(runner: fake).issues(limit: 5, state: "merged"))
        XCTAssertThrowsError(try GitHubCLI(runner: fake).issues(limit: 5, label: "a\nb"))
        XCTAssertEqual(fake.calls.count, 2, "refused values never reach gh")

        fake.output = GitHubRunOutput(status: 0, stdout: Data("{}".utf8), stderr: "")
        XCTAssertThrowsError(try GitHubCLI(runner: fake).openPullRequests(limit: 5)) { XCTAssertEqual(($0 as? TeamflowError)?.kind, .failure) }
        XCTAssertEqual(PullRequestBody.hash("본문"), PullRequestBody.hash("본문"))
        XCTAssertNotEqual(PullRequestBody.hash("본문"), PullRequestBody.hash("본문 "))
        XCTAssertEqual(PullRequestBody.hash(""), "fnv1a64:cbf29ce484222325")
    }
}
