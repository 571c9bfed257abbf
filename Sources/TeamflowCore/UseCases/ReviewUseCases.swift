import Foundation

/// PR review notes: add (from flags, or what the importers read from a Markdown body or gh's
/// JSON), comment, edit, list, show.
public struct ReviewUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// What `review add` knows about a PR.
    public struct NewReview: Sendable {
        public var pr: Int
        public var title: String
        /// The PR's author when it is not the one recording it.
        public var by: String?
        public var url: String?
        public var branch: String?
        public var openedAt: String?
        public var week: String?
        public var sections: [ReviewSection]
        /// Comments recorded with the review (from gh), each with its own author and time.
        public var comments: [Comment]
        /// The PR's state on GitHub, lowercased (`open`, `merged`, `closed`), and when it merged.
        public var state: String?
        public var mergedAt: String?
        /// A hash of the PR body `sections` were parsed from (from gh); a sync replaces a
        /// review's sections only when it differs from the one kept.
        public var bodyHash: String? = nil

        /// A comment or review summary to record with the review.
        public struct Comment: Sendable, Equatable {
            public var author: String
            public var text: String
            public var at: String?
            /// A review's state, lowercased (`approved`, `changes_requested`, ...); nil for a comment.
            public var state: String?
            /// Its id on GitHub, so a later sync recognises it (and sees it edited).
            public var github: String?

            public init(author: String, text: String, at: String?, state: String? = nil, github: String? = nil) {
                self.author = author
                self.text = text
                self.at = at
                self.state = state
                self.github = github
            }
        }

        public init(pr: Int, title: String, by: String? = nil, url: String? = nil, branch: String? = nil,
                    openedAt: String? = nil, week: String? = nil, sections: [ReviewSection] = [],
                    comments: [Comment] = [], state: String? = nil, mergedAt: String? = nil) {
            self.pr = pr
            self.title = title
            self.by = by
            self.url = url
            self.branch = branch
            self.openedAt = openedAt
            self.week = week
            self.sections = sections
            self.comments = comments
            self.state = state
            self.mergedAt = mergedAt
        }
    }

    /// Records a review and its comments in one append. One review per PR: a second is a conflict.
    @discardableResult
    public func add(_ new: NewReview) throws -> Review {
        let added = try context.record([try addDraft(new)])
        guard let id = added.first?.id else { throw TeamflowError(.failure, "the review was not written") }
        return try read(.init(id))
    }

    /// The event that records `new`, checked against the state (one review per PR).
    func addDraft(_ new: NewReview) throws -> EventDraft {
        guard new.pr > 0 else {
            throw TeamflowError(.usage, "the PR number must be a positive integer", reason: .invalidValue(.pr, text: String(new.pr)))
        }
        let title = try Validate.text(new.title, field: .title, of: .review)
        let state = try repository.state()
        if let existing = state.review(pr: new.pr) {
            throw TeamflowError(.conflict, "PR #\(new.pr) already has a review (\(existing.shortID))",
                                hints: ["Edit that review or comment on it instead."], reason: .duplicate(.review, name: "#\(new.pr)"))
        }
        let week = try session.week(new.week).description
        let by = new.by?.trimmingSpaces
        // The comments ride in the same event so the review and its recorded comments land atomically.
        var review = ReviewAdded(pr: new.pr, title: title, week: week, by: by?.isEmpty == false ? by : nil, url: new.url,
                                 branch: new.branch, opened: new.openedAt, sections: new.sections,
                                 comments: new.comments.map {
                                     ReviewAdded.Comment(by: $0.author, text: $0.text, posted: $0.at, state: $0.state, github: $0.github)
                                 },
                                 state: new.state, merged: new.mergedAt)
        review.bodyHash = new.bodyHash
        return EventDraft(review, summary: "review: add PR #\(new.pr) \"\(title)\"")
    }

    /// Adds a comment to PR `pr`'s review; `by` names its author when it is not the session's.
    @discardableResult
    public func comment(pr: String, text: String, by: String? = nil) throws -> Review {
        let review = try find(pr)
        let text = text.trimmingSpaces
        guard !text.isEmpty else { throw TeamflowError(.usage, "the comment is empty", reason: .invalidText(.text, of: .review)) }
        let by = by?.trimmingSpaces
        let comment = ReviewCommented(review: review.id, text: text, by: by?.isEmpty == false ? by : nil)
        _ = try context.record([EventDraft(comment, summary: "review: comment on PR #\(review.pr)")])
        return try read(review.id)
    }

    /// Changes a review's title, author or description (sections replace the old ones).
    @discardableResult
    public func edit(pr: String, title: String? = nil, by: String? = nil, sections: [ReviewSection]? = nil) throws -> Review {
        let review = try find(pr)
        var edit = ReviewEdited(review: review.id, sections: sections)
        if let title { edit.title = try Validate.text(title, field: .title, of: .review) }
        if let by = by?.trimmingSpaces, !by.isEmpty { edit.by = by }
        guard edit.data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give a title, an author or a body."],
                                reason: .nothingToChange([.title, .member, .body]))
        }
        _ = try context.record([EventDraft(edit, summary: "review: edit PR #\(review.pr)")])
        return try read(review.id)
    }

    /// Live reviews, oldest first; of one week when given.
    public func list(week: String? = nil) throws -> [Review] {
        let reviews = try repository.state().liveReviews
        guard let week else { return reviews }
        let key = try session.week(week).description
        return reviews.filter { $0.week == key }
    }

    /// Finds a review by PR number (`95` or `#95`), id prefix, title or a unique part of one.
    public func find(_ text: String) throws -> Review {
        let state = try repository.state()
        var key = text.trimmingSpaces
        if key.hasPrefix("#") { key.removeFirst() }
        if let number = Int(key), key.count < ShortID.minimumPrefix || state.review(pr: number) != nil {
            guard let review = state.review(pr: number) else {
                throw TeamflowError(.notFound, "no review of PR #\(number)", reason: .notFound(.review, text: "#\(number)", nearest: []))
            }
            return review
        }
        return try Lookup.resolve(key, in: state.liveReviews, kind: .review, id: \.id, names: { [$0.title] },
                                  label: { "PR #\($0.pr)  \($0.title)" })
    }

    func read(_ id: Review.ID) throws -> Review {
        guard let review = try repository.state().reviews[id] else {
            throw TeamflowError(.failure, "the review was written but could not be read back")
        }
        return review
    }
}
