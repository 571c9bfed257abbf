extension ReviewUseCases {
    /// What a sync did: the review as it now stands and how many events it appended (0 when
    /// the PR was unchanged since the last sync).
    public struct SyncResult: Sendable {
        public var review: Review
        public var appended: Int
        /// Whether the review was recorded by this sync (rather than refreshed).
        public var added: Bool
    }

    /// Records PR `new.pr` as GitHub sees it, or brings its review up to date: new comments are
    /// appended, comments edited on GitHub get their new text, a changed title, address,
    /// branch or description is edited, and a state change (merged, closed, reopened) is
    /// recorded. Running it again with the same PR appends nothing.
    ///
    /// Comments are recognised by their GitHub id; those recorded without one (by an earlier
    /// import) by their author, time and text, so they are not recorded twice.
    public func sync(_ new: NewReview) throws -> SyncResult {
        let state = try repository.state()
        guard let existing = state.review(pr: new.pr) else {
            let events = try context.record([try addDraft(new)] + mergeChecks(new, state: state, wasMerged: false))
            guard let id = events.first?.id else { throw TeamflowError(.failure, "the review was not written") }
            return SyncResult(review: try read(.init(id)), appended: events.count, added: true)
        }
        let drafts = try refreshDrafts(existing, new) + mergeChecks(new, state: state, wasMerged: existing.prState == "merged")
        guard !drafts.isEmpty else { return SyncResult(review: existing, appended: 0, added: false) }
        let events = try context.record(drafts)
        return SyncResult(review: try read(existing.id), appended: events.count, added: false)
    }

    /// When the PR is merged now and was not at the last sync, a check of each open task linked
    /// to it, saying why. Nothing else: a reopened PR never unchecks a task.
    func mergeChecks(_ new: NewReview, state: TeamState, wasMerged: Bool) -> [EventDraft] {
        guard new.state == "merged", !wasMerged else { return [] }
        return state.liveTasks.filter { !$0.done && $0.linkedPullRequests.contains(new.pr) }.map { task in
            EventDraft(TaskChecked(task: task.id, source: "github", pr: new.pr, merged: new.mergedAt),
                       summary: "task: check \"\(task.title)\" (PR #\(new.pr) merged)")
        }
    }

    /// The events that bring `review` to what `new` says, in the order they should fold.
    func refreshDrafts(_ review: Review, _ new: NewReview) throws -> [EventDraft] {
        var drafts: [EventDraft] = []
        var edit = ReviewEdited(review: review.id)
        let title = try Validate.text(new.title, field: .title, of: .review)
        if title != review.title { edit.title = title }
        if let url = new.url, url != review.url { edit.url = .set(url) }
        if let branch = new.branch, branch != review.branch { edit.branch = .set(branch) }
        // The body is parsed into sections again only when it changed on GitHub (its hash
        // differs from the one kept), so sections edited here survive a sync of an unchanged
        // body. A review with no hash yet (recorded by `add`, or before hashes were kept) is
        // compared by its sections, and takes the hash with the first change it needs, so a
        // sync of an unchanged PR still appends nothing.
        switch (new.bodyHash, review.bodyHash) {
        case (let hash?, let kept?):
            if hash != kept {
                if new.sections != review.sections { edit.sections = new.sections }
                edit.bodyHash = hash
            }
        case (let hash, _):
            if new.sections != review.sections {
                edit.sections = new.sections
                edit.bodyHash = hash
            }
        }
        if edit.data.pairs.count > 1 { drafts.append(EventDraft(edit, summary: "review: sync PR #\(review.pr)")) }

        var byGitHub: [String: ReviewComment] = [:]
        for comment in review.comments { if let id = comment.github { byGitHub[id] = comment } }
        for comment in new.comments {
            if let id = comment.github, let known = byGitHub[id] {
                if known.text != comment.text {
                    drafts.append(EventDraft(ReviewReworded(review: review.id, comment: known.id, text: comment.text),
                                             summary: "review: comment edited on PR #\(review.pr)"))
                }
                continue
            }
            let recorded = review.comments.contains { old in
                old.github == nil && old.author == comment.author && old.text == comment.text && (comment.at == nil || old.at == comment.at)
            }
            if recorded { continue }
            drafts.append(EventDraft(ReviewCommented(review: review.id, text: comment.text, by: comment.author, posted: comment.at,
                                                     state: comment.state, github: comment.github),
                                     summary: "review: comment on PR #\(review.pr)"))
        }

        if let state = new.state, state != (review.prState ?? "open") || (state == "merged" && review.mergedAt != new.mergedAt) {
            drafts.append(EventDraft(ReviewStateChanged(review: review.id, state: state, merged: new.mergedAt),
                                     summary: "review: PR #\(review.pr) \(state)"))
        }
        return drafts
    }
}

extension ReviewUseCases {
    /// The recorded reviews a sync of every open PR must ask about one by one: those last seen
    /// open whose PR is not among `open` (merged or closed since, or beyond the list's limit).
    public func reviewsToRecheck(open: [Int]) throws -> [Review] {
        let listed = Set(open)
        return try repository.state().liveReviews.filter { $0.prState == "open" && !listed.contains($0.pr) }
    }

    /// Syncs each PR in turn (see `sync(_:)`), every one already read from GitHub, so a gh
    /// failure leaves the history untouched. Each PR is its own append.
    public func syncAll(_ reviews: [NewReview]) throws -> [SyncResult] {
        var seen = Set<Int>()
        return try reviews.filter { seen.insert($0.pr).inserted }.map(sync)
    }
}
