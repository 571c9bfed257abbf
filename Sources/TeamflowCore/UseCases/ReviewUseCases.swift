import Foundation

/// PR review notes: add (from flags, or what the importers read from a Markdown body or gh's
/// JSON), comment, edit, list, show.
public struct ReviewUseCases {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

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

        /// A comment or review summary to record with the review.
        public struct Comment: Sendable, Equatable {
            public var author: String
            public var text: String
            public var at: String?
            /// A review's state, lowercased (`approved`, `changes_requested`, ...); nil for a comment.
            public var state: String?

            public init(author: String, text: String, at: String?, state: String? = nil) {
                self.author = author
                self.text = text
                self.at = at
                self.state = state
            }
        }

        public init(pr: Int, title: String, by: String? = nil, url: String? = nil, branch: String? = nil,
                    openedAt: String? = nil, week: String? = nil, sections: [ReviewSection] = [],
                    comments: [Comment] = []) {
            self.pr = pr
            self.title = title
            self.by = by
            self.url = url
            self.branch = branch
            self.openedAt = openedAt
            self.week = week
            self.sections = sections
            self.comments = comments
        }
    }

    /// Records a review and its comments in one append. One review per PR: a second is a conflict.
    @discardableResult
    public func add(_ new: NewReview) throws -> Review {
        guard new.pr > 0 else { throw TeamflowError(.usage, "the PR number must be a positive integer", hints: ["Example: --pr 95"]) }
        let title = try Validate.text(new.title, what: "review title", example: "teamflow review add --pr 95 --title \"방 생성\"")
        let state = try repository.state()
        if let existing = state.review(pr: new.pr) {
            throw TeamflowError(.conflict, "PR #\(new.pr) already has a review (\(existing.shortID))",
                                hints: ["Use `teamflow review edit \(new.pr)` to change it, or `teamflow review comment \(new.pr) TEXT`."])
        }
        let week = try session.week(new.week).description
        var data: Fields = ["pr": .int(new.pr), "title": .string(title), "week": .string(week)]
        if let by = new.by?.trimmingSpaces, !by.isEmpty { data["by"] = .string(by) }
        if let url = new.url { data["url"] = .string(url) }
        if let branch = new.branch { data["branch"] = .string(branch) }
        if let opened = new.openedAt { data["opened"] = .string(opened) }
        data["sections"] = Review.value(of: new.sections)
        if !new.comments.isEmpty {
            // Carried by the same event so the review and its recorded comments land atomically.
            data["comments"] = .list(new.comments.map { comment in
                var fields: Fields = ["by": .string(comment.author), "text": .string(comment.text)]
                if let at = comment.at { fields["posted"] = .string(at) }
                if let state = comment.state { fields["state"] = .string(state) }
                return .map(fields)
            })
        }
        let added = try repository.record([EventDraft(type: EventType.reviewAdded, data: data,
                                                      summary: "review: add PR #\(new.pr) \"\(title)\"")], session: session)
        guard let id = added.first?.id else { throw TeamflowError(.failure, "the review was not written") }
        return try read(id)
    }

    /// Adds a comment to PR `pr`'s review; `by` names its author when it is not the session's.
    @discardableResult
    public func comment(pr: String, text: String, by: String? = nil) throws -> Review {
        let review = try find(pr)
        let text = text.trimmingSpaces
        guard !text.isEmpty else { throw TeamflowError(.usage, "the comment is empty", hints: ["Example: teamflow review comment 95 \"고생하셨습니다\""]) }
        var data: Fields = ["review": .string(review.id), "text": .string(text)]
        if let by = by?.trimmingSpaces, !by.isEmpty { data["by"] = .string(by) }
        _ = try repository.record([EventDraft(type: EventType.reviewCommented, data: data,
                                              summary: "review: comment on PR #\(review.pr)")], session: session)
        return try read(review.id)
    }

    /// Changes a review's title, author or description (sections replace the old ones).
    @discardableResult
    public func edit(pr: String, title: String? = nil, by: String? = nil, sections: [ReviewSection]? = nil) throws -> Review {
        let review = try find(pr)
        var data: Fields = ["review": .string(review.id)]
        if let title { data["title"] = .string(try Validate.text(title, what: "review title", example: "--title \"방 생성\"")) }
        if let by = by?.trimmingSpaces, !by.isEmpty { data["by"] = .string(by) }
        if let sections { data["sections"] = Review.value(of: sections) }
        guard data.pairs.count > 1 else {
            throw TeamflowError(.usage, "nothing to change", hints: ["Give --title, --by or --from-file."])
        }
        _ = try repository.record([EventDraft(type: EventType.reviewEdited, data: data,
                                              summary: "review: edit PR #\(review.pr)")], session: session)
        return try read(review.id)
    }

    /// Live reviews, oldest first; of one week when given.
    public func list(week: String? = nil) throws -> [Review] {
        let reviews = try repository.state().liveReviews
        guard let week else { return reviews }
        let key = try session.week(week).description
        return reviews.filter { $0.week == key }
    }

    /// Finds a review by PR number (`95` or `#95`) or by id prefix.
    public func find(_ text: String) throws -> Review {
        let state = try repository.state()
        var key = text.trimmingSpaces
        if key.hasPrefix("#") { key.removeFirst() }
        if let number = Int(key), key.count < ShortID.minimumPrefix || state.review(pr: number) != nil {
            guard let review = state.review(pr: number) else {
                throw TeamflowError(.notFound, "no review of PR #\(number)", hints: ["See `teamflow review list`."])
            }
            return review
        }
        return try ShortID.resolve(key, in: state.liveReviews, kind: "review", id: \.id,
                                   label: { "PR #\($0.pr)  \($0.title)" })
    }

    private func read(_ id: String) throws -> Review {
        guard let review = try repository.state().reviews[id] else {
            throw TeamflowError(.failure, "the review was written but could not be read back")
        }
        return review
    }
}
