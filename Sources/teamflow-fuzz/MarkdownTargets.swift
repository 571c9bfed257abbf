import Foundation
import Importers
import TeamflowCore

/// The importers: a PR body (`review add --from-file`), a weekly page (`import markdown`)
/// and gh's JSON (`review add --from-gh-json`).
enum MarkdownTargets {
    static let pullRequestBody = FuzzTarget(
        name: "pr-body",
        summary: "PullRequestBody(parsing:) and the Markdown helpers it uses"
    ) { bytes in
        let source = text(bytes)
        let body = PullRequestBody(parsing: source)
        for section in body.sections { _ = PullRequestBody.kind(ofHeading: section.heading) }
        _ = Markdown.checklist(in: source)
        _ = Markdown.endsInsideFence(source)
        _ = Markdown.words(source)
    }

    static let weeklyPage = FuzzTarget(
        name: "weekly-page",
        summary: "WeeklyPage(parsing:) and the ISO week it names"
    ) { bytes in
        let page = WeeklyPage(parsing: text(bytes))
        if let label = page.week, let week = ISOWeek(parsing: label) {
            _ = (week.description, week.start, week.end)
        }
        for (name, tasks, parents) in page.members { _ = (name.count, tasks.count, parents.count) }
    }

    static let githubJSON = FuzzTarget(
        name: "gh-json",
        summary: "GitHubPullRequest(json:) and the review it becomes (body sections, comments)"
    ) { bytes in
        do {
            let pr = try GitHubPullRequest(json: Data(bytes))
            let review = ReviewUseCases.NewReview(github: pr)
            _ = (review.sections.count, review.comments.count)
        } catch let error as TeamflowError {
            _ = error.description
        } catch {
            require(false, "GitHubPullRequest threw a non-TeamflowError: \(error)")
        }
    }
}
