public import Foundation
public import TeamflowCore

/// What `review add` was asked to record, before it becomes a `NewReview`: the PR number as
/// typed, optional overrides, and at most one source of the description (gh's JSON, a Markdown
/// body, or section flags). Keeps the rules of combining them out of the command line layer.
public struct ReviewRequest: Sendable {
    /// Where the description comes from; the caller has read the bytes already.
    public enum Source: Sendable {
        /// Section flags only (`--related`, `--background`, `--work`, `--notes`, `--testing`).
        case flags
        /// A Markdown PR body; `name` is what to call it in warnings (a path, or `-`).
        case markdown(String, name: String)
        /// The output of `gh pr view N --json …`.
        case githubJSON(Data)
    }

    public var pr: String?
    public var title: String?
    public var by: String?
    public var url: String?
    public var branch: String?
    public var week: String?
    public var source: Source = .flags
    public var related: String?
    public var background: String?
    /// Work items, each becoming a `- item` line of the Work section.
    public var work: [String] = []
    public var notes: String?
    public var testing: String?

    public init() {}

    /// The review to record, and warnings to show (e.g. a body without a known heading).
    /// Usage errors: a missing or invalid `pr`, a missing title.
    public func newReview() throws -> (review: ReviewUseCases.NewReview, warnings: [String]) {
        let number = try pr.map(Self.prNumber)
        if case .githubJSON(let data) = source {
            var new = ReviewUseCases.NewReview(github: try GitHubPullRequest(json: data), week: week)
            if let number { new.pr = number }
            if let title { new.title = title }
            if let by { new.by = by }
            if let url { new.url = url }
            if let branch { new.branch = branch }
            return (new, [])
        }
        guard let number else {
            throw TeamflowError(.usage, "missing PR number", reason: .missing(.pr, of: .review))
        }
        var sections: [ReviewSection] = []
        var title = self.title
        var warnings: [String] = []
        if case .markdown(let text, let name) = source {
            let body = Self.body(text, name: name, warnings: &warnings)
            sections = body.sections
            if title == nil { title = body.titleLine }
        }
        let flags: [(kind: String, heading: String, text: String?)] = [
            ("related", "Related issues", related),
            ("background", "Background", background),
            ("work", "Work", work.isEmpty ? nil : work.map { "- " + $0 }.joined(separator: "\n")),
            ("notes", "Review notes", notes),
            ("testing", "How to test", testing),
        ]
        for flag in flags {
            if let text = flag.text { sections.append(ReviewSection(kind: flag.kind, heading: flag.heading, body: text)) }
        }
        guard let title else {
            throw TeamflowError(.usage, "missing title", hints: ["Give a title, or a body whose first line is the title."],
                                reason: .missing(.title, of: .review))
        }
        let review = ReviewUseCases.NewReview(pr: number, title: title, by: by, url: url, branch: branch,
                                              week: week, sections: sections)
        return (review, warnings)
    }

    /// The sections of a Markdown body for `review edit --from-file`, with the same warning.
    public static func sections(ofMarkdown text: String, name: String) -> (sections: [ReviewSection], warnings: [String]) {
        var warnings: [String] = []
        let body = body(text, name: name, warnings: &warnings)
        return (body.sections, warnings)
    }

    /// `95` or `#95`; anything else (zero, negative, not a number) is a usage error.
    public static func prNumber(_ text: String) throws -> Int {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let number = Int(digits), number > 0 else {
            throw TeamflowError(.usage, "invalid PR number '\(text)'", reason: .invalidValue(.pr, text: text))
        }
        return number
    }

    private static func body(_ text: String, name: String, warnings: inout [String]) -> PullRequestBody {
        let body = PullRequestBody(parsing: text)
        if !body.recognised {
            warnings.append("no known section heading in \(name); the whole text is kept as the review notes")
        }
        return body
    }
}
