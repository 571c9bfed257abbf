import ArgumentParsing
import Foundation
import Importers
import JSONShapes
import TeamflowCore

/// `teamflow review add|comment|edit|list|show`: PR review notes and reviewers' comments.
enum ReviewCommand {
    static let pr = ArgumentSpec(name: "pr", help: "The PR number (or the review's id prefix).")
    static let text = ArgumentSpec(name: "text", help: "The comment.")
    static let by = OptionSpec(long: "by", valueName: "LOGIN",
                               help: "Who wrote it, when not you (the event's author stays you, as in git).")
    static let fromFile = OptionSpec(long: "from-file", valueName: "F.md", help: "Read the PR description from a Markdown file (- for standard input).",
                                     completion: .file)
    static let fromGitHubJSON = OptionSpec(long: "from-gh-json", valueName: "F.json",
                                           help: "Read everything from `gh pr view N --json number,title,body,author,url,headRefName,createdAt,comments,reviews`.",
                                           completion: .file)
    /// `review add --pr N` (the other subcommands take the PR as the argument `pr`).
    static let number = OptionSpec(long: "pr", valueName: "N", help: "The PR number.")
    static let title = OptionSpec(long: "title", valueName: "T", help: "The PR title (default: the first line of --from-file).")
    static let related = OptionSpec(long: "related", valueName: "TEXT", help: "Related issues.")
    static let background = OptionSpec(long: "background", valueName: "TEXT", help: "Why the change was needed.")
    static let work = OptionSpec(long: "work", valueName: "ITEM", help: "A work item (repeat for several).", isRepeating: true)
    static let notes = OptionSpec(long: "notes", valueName: "TEXT", help: "Notes for reviewers.")
    static let testing = OptionSpec(long: "testing", valueName: "TEXT", help: "How to test.")
    static let url = OptionSpec(long: "url", valueName: "URL", help: "The PR's address.")
    static let branch = OptionSpec(long: "branch", valueName: "NAME", help: "The PR's head branch.")
    static let week = GoalCommand.week
    static let repo = OptionSpec(long: "repo", valueName: "OWNER/NAME", help: "The GitHub repository (default: gh's, from the current folder).")
    static let openPRs = FlagSpec(long: "open", help: "Every open PR (gh pr list), and the recorded ones that were open and are not any more.")
    static let limit = OptionSpec(long: "limit", valueName: "N", help: "With --open: how many open PRs gh lists (default 100).")

    static let spec = CommandSpec(
        name: "review",
        abstract: "Pull-request review notes: background, work, review notes, how to test, comments.",
        discussion: "Sections are recognised by heading words in Korean or English (관련 이슈, 배경, 작업 내역, 완료 및 수정 내역, 리뷰 노트, 테스트 방법; related issues, background, motivation, changes, notes for reviewers, testing), ignoring emoji and case. Unknown sections are kept in order; checklists and code blocks are kept exactly.",
        examples: [
            "teamflow review add --pr 95 --from-file pr.md",
            "gh pr view 95 --json number,title,body,author,url,headRefName,createdAt,comments,reviews > pr.json && teamflow review add --from-gh-json pr.json",
            "teamflow review sync --pr 95",
            "teamflow review sync --open",
            "teamflow review comment 95 \"고생하셨습니다\" --by hsw1920",
            "teamflow review show 95",
        ],
        subcommands: [
            CommandSpec(name: "add", abstract: "Record a PR's review notes.",
                        options: [number, title, by, fromFile, fromGitHubJSON, related, background, work, notes, testing, url, branch, week],
                        run: handler(add)),
            CommandSpec(name: "sync", abstract: "Record or refresh a PR's review from GitHub through gh.",
                        discussion: "Runs gh pr view N --json … with your own gh login (GH_HOST for GitHub Enterprise). A refresh appends only what changed: new comments, edited comment texts, a changed title or description (parsed again only when the body changed), the PR merged or closed; run twice, the second appends nothing. --open syncs every open PR (gh pr list) and the recorded ones that are no longer open.",
                        options: [number.withHelp("The PR number (or --open)."), repo, limit,
                                  fromGitHubJSON.withHelp("Read gh's JSON from a file instead of running gh (offline); with --open, a list as gh pr list prints it."), week],
                        flags: [openPRs], run: handler(sync)),
            CommandSpec(name: "comment", abstract: "Add a reviewer's comment to a PR's review.",
                        arguments: [pr, text], options: [by], run: handler(comment)),
            CommandSpec(name: "edit", abstract: "Change a review's title, author or description.",
                        arguments: [pr], options: [title.withHelp("The new title."), by, fromFile], run: handler(edit)),
            CommandSpec(name: "list", abstract: "List reviews, oldest first.", options: [week], run: handler(list)),
            CommandSpec(name: "show", abstract: "Show a review with its sections and comments.", arguments: [pr], run: handler(show)),
        ]
    )

    static func add(_ inv: Invocation) throws {
        let review = try useCases(inv).add(try newReview(inv))
        inv.emit(json: EntityJSON.json(review), text: "Added review \(review.shortID) of PR #\(review.pr): \(review.title)"
                    + " (\(review.sections.count) section\(review.sections.count == 1 ? "" : "s"), \(review.comments.count) comment\(review.comments.count == 1 ? "" : "s"))")
    }

    static func sync(_ inv: Invocation) throws {
        let p = inv.parsed
        if try p[openPRs] { return try syncOpen(inv) }
        guard let text = try p[number] else {
            throw TeamflowError(.usage, "missing PR number", reason: .missing(.pr, of: .review))
        }
        let wanted = try ReviewRequest.prNumber(text)
        let pr: GitHubPullRequest
        if let file = try p[fromGitHubJSON] {
            if try p[repo] != nil { throw TeamflowError(.usage, "--repo and --from-gh-json cannot be combined") }
            pr = try GitHubPullRequest(json: try inv.readInput(file))
        } else {
            pr = try GitHubCLI(runner: GitHubProcess(environment: inv.environment)).pullRequest(wanted, repo: try p[repo])
        }
        guard pr.number == wanted else {
            throw TeamflowError(.failure, "gh's JSON is of PR #\(pr.number), not #\(wanted)")
        }
        let result = try useCases(inv).sync(ReviewUseCases.NewReview(syncing: pr, week: try p[week]))
        let review = result.review
        let what = result.added ? "Recorded review \(review.shortID) of" : result.appended == 0 ? "Nothing new on" : "Refreshed"
        let count = result.added || result.appended == 0 ? "" : " (\(result.appended) event\(result.appended == 1 ? "" : "s"))"
        inv.emit(json: EntityJSON.json(review), text: "\(what) PR #\(review.pr): \(review.title)\(count)")
    }

    /// `review sync --open`: every open PR, then each recorded PR last seen open that gh no
    /// longer lists, asked for by number. Everything is read from gh before anything is written.
    static func syncOpen(_ inv: Invocation) throws {
        let p = inv.parsed
        if try p[number] != nil { throw TeamflowError(.usage, "--pr and --open contradict each other", reason: .contradicting(.pr, .open)) }
        let cases = try useCases(inv)
        var prs: [GitHubPullRequest]
        var recheck: [Review]
        if let file = try p[fromGitHubJSON] {
            if try p[repo] != nil { throw TeamflowError(.usage, "--repo and --from-gh-json cannot be combined") }
            prs = try GitHubPullRequest.list(json: try inv.readInput(file))
            recheck = try cases.reviewsToRecheck(open: prs.map(\.number))
            // Offline there is no one to ask about them: they are reported, not changed.
            for review in recheck { inv.err("warning: PR #\(review.pr) is not in the list; run online to see whether it merged\n") }
            recheck = []
        } else {
            let text = try p[limit] ?? "100"
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text) else {
                throw TeamflowError(.usage, "invalid limit '\(text)'")
            }
            let gh = GitHubCLI(runner: GitHubProcess(environment: inv.environment))
            prs = try gh.openPullRequests(limit: count, repo: try p[repo])
            recheck = try cases.reviewsToRecheck(open: prs.map(\.number))
            prs += try recheck.map { try gh.pullRequest($0.pr, repo: try p[repo]) }
        }
        let wanted = try p[week]
        let results = try cases.syncAll(prs.map { ReviewUseCases.NewReview(syncing: $0, week: wanted) })
        let lines = results.map { result in
            let review = result.review
            let what = result.added ? "Recorded" : result.appended == 0 ? "Nothing new on" : "Refreshed"
            return "\(what) PR #\(review.pr): \(Present.oneLine(review.title))"
        }
        inv.emit(json: .array(results.map { EntityJSON.json($0.review) }),
                 text: lines.isEmpty ? "No open PRs." : lines.joined(separator: "\n"))
    }

    static func comment(_ inv: Invocation) throws {
        let review = try useCases(inv).comment(pr: inv.argument(pr), text: inv.argument(text), by: inv.parsed[by])
        inv.emit(json: EntityJSON.json(review), text: "Commented on PR #\(review.pr) (\(review.comments.count) comment\(review.comments.count == 1 ? "" : "s"))")
    }

    static func edit(_ inv: Invocation) throws {
        let sections = try inv.parsed[fromFile].map { try bodySections(inv, file: $0) }
        let review = try useCases(inv).edit(pr: inv.argument(pr), title: inv.parsed[title], by: inv.parsed[by], sections: sections)
        inv.emit(json: EntityJSON.json(review), text: "Edited review of PR #\(review.pr): \(review.title)")
    }

    static func list(_ inv: Invocation) throws {
        let reviews = try useCases(inv).list(week: inv.parsed[week])
        inv.emit(json: .array(reviews.map(EntityJSON.json)),
                 text: reviews.isEmpty ? "No reviews." : reviews.map(Present.line).joined(separator: "\n"))
    }

    static func show(_ inv: Invocation) throws {
        let cases = try useCases(inv)
        let review = try cases.find(inv.argument(pr))
        inv.emit(json: EntityJSON.json(review), text: Present.detail(review, timeZone: cases.session.timeZone))
    }

    static func useCases(_ inv: Invocation) throws -> ReviewUseCases {
        ReviewUseCases(repository: try inv.store(), session: try inv.session())
    }

    /// The command line as a `ReviewRequest`; the library combines it into a review.
    static func newReview(_ inv: Invocation) throws -> ReviewUseCases.NewReview {
        let p = inv.parsed
        var request = ReviewRequest()
        (request.pr, request.title, request.by) = try (p[number], p[title], p[by])
        (request.url, request.branch, request.week) = try (p[url], p[branch], p[week])
        (request.related, request.background, request.work) = try (p[related], p[background], p.values(work))
        (request.notes, request.testing) = try (p[notes], p[testing])
        switch try (p[fromGitHubJSON], p[fromFile]) {
        case (.some, .some): throw TeamflowError(.usage, "--from-file and --from-gh-json cannot be combined")
        case (.some(let json), nil): request.source = .githubJSON(try inv.readInput(json))
        case (nil, .some(let file)): request.source = .markdown(try inv.readText(file), name: file)
        case (nil, nil): request.source = .flags
        }
        let (review, warnings) = try request.newReview()
        for warning in warnings { inv.err("warning: \(warning)\n") }
        return review
    }

    /// The sections of a Markdown PR body, warning when no heading was recognised.
    static func bodySections(_ inv: Invocation, file: String) throws -> [ReviewSection] {
        let (sections, warnings) = ReviewRequest.sections(ofMarkdown: try inv.readText(file), name: file)
        for warning in warnings { inv.err("warning: \(warning)\n") }
        return sections
    }
}
