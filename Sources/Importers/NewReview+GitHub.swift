public import TeamflowCore

extension ReviewUseCases.NewReview {
    /// A review from gh's JSON: its body parsed into sections, its comments and reviews as comments.
    public init(github pr: GitHubPullRequest, week: String? = nil) {
        self.init(pr: pr.number, title: pr.title, by: pr.author, url: pr.url, branch: pr.branch, openedAt: pr.createdAt,
                  week: week, sections: PullRequestBody(parsing: pr.body).sections,
                  comments: pr.comments, state: pr.state, mergedAt: pr.state == "merged" ? pr.mergedAt : nil)
    }

    /// The review as a sync records or refreshes it: with the body's hash, so the next sync
    /// parses the body again only when it changed (`review add` keeps its events as they were).
    public init(syncing pr: GitHubPullRequest, week: String? = nil) {
        self.init(github: pr, week: week)
        bodyHash = PullRequestBody.hash(pr.body)
    }
}
