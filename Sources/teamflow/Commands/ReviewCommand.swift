import ArgumentParsing
import Foundation
import Importers
import TeamflowCore

/// `teamflow review add|comment|edit|list|show`: PR review notes and reviewers' comments.
enum ReviewCommand {
    static let byOption = OptionSpec(long: "by", valueName: "LOGIN",
                                     help: "Who wrote it, when not you (the event's author stays you, as in git).")
    static let fileOption = OptionSpec(long: "from-file", valueName: "F.md", help: "Read the PR description from a Markdown file (- for standard input).",
                                       completion: .file)

    static let spec = CommandSpec(
        name: "review",
        abstract: "Pull-request review notes: background, work, review notes, how to test, comments.",
        discussion: "Sections are recognised by heading words in Korean or English (관련 이슈, 배경, 작업 내역, 완료 및 수정 내역, 리뷰 노트, 테스트 방법; related issues, background, motivation, changes, notes for reviewers, testing), ignoring emoji and case. Unknown sections are kept in order; checklists and code blocks are kept exactly.",
        examples: [
            "teamflow review add --pr 95 --from-file pr.md",
            "gh pr view 95 --json number,title,body,author,url,headRefName,createdAt,comments,reviews > pr.json && teamflow review add --from-gh-json pr.json",
            "teamflow review comment 95 \"고생하셨습니다\" --by hsw1920",
            "teamflow review show 95",
        ],
        subcommands: [
            CommandSpec(name: "add", abstract: "Record a PR's review notes.",
                        options: [
                            OptionSpec(long: "pr", valueName: "N", help: "The PR number."),
                            OptionSpec(long: "title", valueName: "T", help: "The PR title (default: the first line of --from-file)."),
                            byOption, fileOption,
                            OptionSpec(long: "from-gh-json", valueName: "F.json",
                                       help: "Read everything from `gh pr view N --json number,title,body,author,url,headRefName,createdAt,comments,reviews`.",
                                       completion: .file),
                            OptionSpec(long: "related", valueName: "TEXT", help: "Related issues."),
                            OptionSpec(long: "background", valueName: "TEXT", help: "Why the change was needed."),
                            OptionSpec(long: "work", valueName: "ITEM", help: "A work item (repeat for several).", isRepeating: true),
                            OptionSpec(long: "notes", valueName: "TEXT", help: "Notes for reviewers."),
                            OptionSpec(long: "testing", valueName: "TEXT", help: "How to test."),
                            OptionSpec(long: "url", valueName: "URL", help: "The PR's address."),
                            OptionSpec(long: "branch", valueName: "NAME", help: "The PR's head branch."),
                            GoalCommand.weekOption,
                        ], run: handler(add)),
            CommandSpec(name: "comment", abstract: "Add a reviewer's comment to a PR's review.",
                        arguments: [ArgumentSpec(name: "pr", help: "The PR number (or the review's id prefix)."),
                                    ArgumentSpec(name: "text", help: "The comment.")],
                        options: [byOption], run: handler(comment)),
            CommandSpec(name: "edit", abstract: "Change a review's title, author or description.",
                        arguments: [ArgumentSpec(name: "pr", help: "The PR number (or the review's id prefix).")],
                        options: [OptionSpec(long: "title", valueName: "T", help: "The new title."), byOption, fileOption], run: handler(edit)),
            CommandSpec(name: "list", abstract: "List reviews, oldest first.", options: [GoalCommand.weekOption], run: handler(list)),
            CommandSpec(name: "show", abstract: "Show a review with its sections and comments.",
                        arguments: [ArgumentSpec(name: "pr", help: "The PR number (or the review's id prefix).")], run: handler(show)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let review = try useCases(inv).add(try newReview(inv))
        inv.emit(json: Present.json(review), text: "Added review \(review.shortID) of PR #\(review.pr): \(review.title)"
                    + " (\(review.sections.count) section\(review.sections.count == 1 ? "" : "s"), \(review.comments.count) comment\(review.comments.count == 1 ? "" : "s"))")
    }

    static func comment(_ inv: Invocation) throws {
        let review = try useCases(inv).comment(pr: inv.argument("pr"), text: inv.argument("text"), by: inv.parsed.option("by"))
        inv.emit(json: Present.json(review), text: "Commented on PR #\(review.pr) (\(review.comments.count) comment\(review.comments.count == 1 ? "" : "s"))")
    }

    static func edit(_ inv: Invocation) throws {
        let sections = try inv.parsed.option("from-file").map { try parsedBody(inv, file: $0).sections }
        let review = try useCases(inv).edit(pr: inv.argument("pr"), title: inv.parsed.option("title"),
                                            by: inv.parsed.option("by"), sections: sections)
        inv.emit(json: Present.json(review), text: "Edited review of PR #\(review.pr): \(review.title)")
    }

    static func list(_ inv: Invocation) throws {
        let reviews = try useCases(inv).list(week: inv.parsed.option("week"))
        inv.emit(json: .array(reviews.map(Present.json)),
                 text: reviews.isEmpty ? "No reviews." : reviews.map(Present.line).joined(separator: "\n"))
    }

    static func show(_ inv: Invocation) throws {
        let cases = try useCases(inv)
        let review = try cases.find(inv.argument("pr"))
        inv.emit(json: Present.json(review), text: Present.detail(review, timeZone: cases.session.timeZone))
    }

    static func useCases(_ inv: Invocation) throws -> ReviewUseCases {
        ReviewUseCases(repository: try inv.store(), session: try inv.session())
    }

    /// Builds the review from gh's JSON, a Markdown file, or the section flags.
    static func newReview(_ inv: Invocation) throws -> ReviewUseCases.NewReview {
        let p = inv.parsed
        let week = p.option("week")
        if let json = p.option("from-gh-json") {
            guard p.option("from-file") == nil else {
                throw TeamflowError(.usage, "--from-file and --from-gh-json cannot be combined")
            }
            var new = ReviewUseCases.NewReview(github: try GitHubPullRequest(json: try inv.readInput(json)), week: week)
            if let number = try p.option("pr").map(prNumber) { new.pr = number }
            if let title = p.option("title") { new.title = title }
            if let by = p.option("by") { new.by = by }
            return new
        }
        guard let number = try p.option("pr").map(prNumber) else {
            throw TeamflowError(.usage, "missing --pr N", hints: ["Example: teamflow review add --pr 95 --title \"방 생성\""])
        }
        var sections: [ReviewSection] = []
        var title = p.option("title")
        if let file = p.option("from-file") {
            let body = try parsedBody(inv, file: file)
            sections = body.sections
            if title == nil { title = body.titleLine }
        }
        let flags: [(String, String, String?)] = [
            ("related", "Related issues", p.option("related")),
            ("background", "Background", p.option("background")),
            ("work", "Work", p.options("work").isEmpty ? nil : p.options("work").map { "- " + $0 }.joined(separator: "\n")),
            ("notes", "Review notes", p.option("notes")),
            ("testing", "How to test", p.option("testing")),
        ]
        for (kind, heading, text) in flags {
            if let text { sections.append(ReviewSection(kind: kind, heading: heading, body: text)) }
        }
        guard let title else {
            throw TeamflowError(.usage, "missing --title", hints: ["Give --title T, or a --from-file whose first line is the title."])
        }
        return ReviewUseCases.NewReview(pr: number, title: title, by: p.option("by"), url: p.option("url"),
                                        branch: p.option("branch"), week: week, sections: sections)
    }

    static func prNumber(_ text: String) throws -> Int {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let number = Int(digits), number > 0 else {
            throw TeamflowError(.usage, "invalid PR number '\(text)'", hints: ["Example: --pr 95"])
        }
        return number
    }

    /// Parses a Markdown PR body, warning when no heading was recognised.
    static func parsedBody(_ inv: Invocation, file: String) throws -> PullRequestBody {
        let body = PullRequestBody(parsing: try inv.readText(file))
        if !body.recognised {
            Console.err("warning: no known section heading in \(file); the whole text is kept as the review notes\n")
        }
        return body
    }
}
