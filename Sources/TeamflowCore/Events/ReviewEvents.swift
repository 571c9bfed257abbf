/// `review.added`: the review notes of one pull request, with the comments recorded from gh.
public struct ReviewAdded: TeamEvent {
    public static let type = EventType.reviewAdded
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("pr", .int), EventSchema.r("title"), EventSchema.o("week"), EventSchema.o("by"),
                              EventSchema.o("url"), EventSchema.o("branch"), EventSchema.o("opened"),
                              EventSchema.o("sections", .list), EventSchema.o("comments", .list),
                              EventSchema.o("state"), EventSchema.o("merged"), EventSchema.o("bodyHash")]
    public static let bodyKeys: Set<String> = ["sections.body", "comments.text"]

    /// A comment recorded with the review.
    public struct Comment: Sendable, Equatable {
        public var by: String?
        public var text: String
        public var posted: String?
        public var state: String?
        /// Its id on GitHub, so a later sync recognises it.
        public var github: String?

        public init(by: String?, text: String, posted: String? = nil, state: String? = nil, github: String? = nil) {
            self.by = by
            self.text = text
            self.posted = posted
            self.state = state
            self.github = github
        }
    }

    public var pr: Int
    public var title: String
    /// The catalog lists it as optional, but a review without a week is not folded.
    public var week: String?
    public var by: String?
    public var url: String?
    public var branch: String?
    public var opened: String?
    public var sections: [ReviewSection]
    /// Comment ids are `<event id>-<index in the list>`, so a malformed item (nil) keeps its place.
    public var comments: [Comment?]
    /// The PR's state on GitHub when recorded by a sync (`open`, `merged`, `closed`) and when it merged.
    public var state: String?
    public var merged: String?
    /// A hash of the PR body `sections` were parsed from (by a sync).
    public var bodyHash: String?

    public init(pr: Int, title: String, week: String?, by: String? = nil, url: String? = nil, branch: String? = nil,
                opened: String? = nil, sections: [ReviewSection] = [], comments: [Comment?] = [],
                state: String? = nil, merged: String? = nil) {
        self.pr = pr
        self.title = title
        self.week = week
        self.by = by
        self.url = url
        self.branch = branch
        self.opened = opened
        self.sections = sections
        self.comments = comments
        self.state = state
        self.merged = merged
    }

    public init?(data: Fields) {
        guard let pr = data.int("pr"), let title = data.string("title") else { return nil }
        let comments = (data["comments"]?.list ?? []).map { item -> Comment? in
            guard let map = item.map, let text = map.string("text") else { return nil }
            return Comment(by: map.string("by"), text: text, posted: map.string("posted"), state: map.string("state"),
                           github: map.string("github"))
        }
        self.init(pr: pr, title: title, week: data.string("week"), by: data.string("by"), url: data.string("url"),
                  branch: data.string("branch"), opened: data.string("opened"),
                  sections: ReviewSections.read(data["sections"]), comments: comments,
                  state: data.string("state"), merged: data.string("merged"))
        bodyHash = data.string("bodyHash")
    }

    public var data: Fields {
        var data: Fields = ["pr": .int(pr), "title": .string(title)]
        data.put("week", week)
        data.put("by", by)
        data.put("url", url)
        data.put("branch", branch)
        data.put("opened", opened)
        data["sections"] = Review.value(of: sections)
        if !comments.isEmpty {
            data["comments"] = .list(comments.map { comment in
                guard let comment else { return .null }
                var fields: Fields = [:]
                fields.put("by", comment.by)
                fields["text"] = .string(comment.text)
                fields.put("posted", comment.posted)
                fields.put("state", comment.state)
                fields.put("github", comment.github)
                return .map(fields)
            })
        }
        data.put("state", state)
        data.put("merged", merged)
        data.put("bodyHash", bodyHash)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard let week else { return }
        let comments = comments.enumerated().compactMap { index, comment in
            comment.map { ReviewComment(id: "\(event.id)-\(index)", author: $0.by ?? event.author.name, text: $0.text,
                                        at: $0.posted ?? event.at, state: $0.state, clock: event.clock,
                                        github: $0.github) }
        }
        state.reviews[event.id as String] = Review(id: .init(event.id), pr: pr, title: title, author: by ?? event.author.name, url: url,
                                         branch: branch, openedAt: opened, week: week, sections: sections,
                                         comments: comments, removed: false, createdAt: event.at, clock: event.clock,
                                         prState: self.state, mergedAt: merged, bodyHash: bodyHash)
    }

    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        Compensation.draft(ReviewRemoved.type, key: "review", id: event.id, undoing: event)
    }
}

/// `review.edited`: replaces the keys it carries; `sections` replaces the whole description.
public struct ReviewEdited: TeamEvent {
    public static let type = EventType.reviewEdited
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "review") // the sections are replaced whole
    public static let keys = [EventSchema.r("review"), EventSchema.o("title"), EventSchema.o("by"), EventSchema.o("url"),
                              EventSchema.o("branch"), EventSchema.o("sections", .list), EventSchema.o("bodyHash")]
    public static let bodyKeys: Set<String> = ["sections.body"]
    public static let notUndoable: String? = "a review keeps no earlier description to put back; edit it again"

    public var review: EntityID<Review>
    public var title: String?
    public var by: String?
    public var url: Patch<String>
    public var branch: Patch<String>
    /// Present (even malformed, which reads as no sections) replaces them all.
    public var sections: [ReviewSection]?
    /// The hash of the PR body a sync read (the sections are parsed from it only when it changed).
    public var bodyHash: String?

    public init(review: EntityID<Review>, title: String? = nil, by: String? = nil, url: Patch<String> = .unchanged,
                branch: Patch<String> = .unchanged, sections: [ReviewSection]? = nil) {
        self.review = review
        self.title = title
        self.by = by
        self.url = url
        self.branch = branch
        self.sections = sections
    }

    public init?(data: Fields) {
        guard let review: EntityID<Review> = data.id("review") else { return nil }
        self.init(review: review, title: data.string("title"), by: data.string("by"), url: data.patch("url"),
                  branch: data.patch("branch"), sections: data["sections"].map { ReviewSections.read($0) })
        bodyHash = data.string("bodyHash")
    }

    public var data: Fields {
        var data: Fields = ["review": .string(review.rawValue)]
        data.put("title", title)
        data.put("by", by)
        data.put("url", url)
        data.put("branch", branch)
        if let sections { data["sections"] = Review.value(of: sections) }
        data.put("bodyHash", bodyHash)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.reviews[review], !item.removed else { return }
        if let title { item.title = title }
        if let by { item.author = by }
        url.apply(to: &item.url)
        branch.apply(to: &item.branch)
        if let sections { item.sections = sections }
        if let bodyHash { item.bodyHash = bodyHash }
        state.reviews[review] = item
    }
}

/// `review.commented`: appends a comment; ignored when the review is removed.
public struct ReviewCommented: TeamEvent {
    public static let type = EventType.reviewCommented
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("review"), EventSchema.r("text"), EventSchema.o("by"), EventSchema.o("posted"),
                              EventSchema.o("state"), EventSchema.o("github")]
    public static let bodyKeys: Set<String> = ["text"]
    public static let notUndoable: String? = "no event takes a comment back"

    public var review: EntityID<Review>
    public var text: String
    /// Who wrote it (default: the event's author) and when (default: the event's time).
    public var by: String?
    public var posted: String?
    /// A GitHub review's state (as on `review.added` comments) and the comment's id on GitHub.
    public var state: String?
    public var github: String?

    public init(review: EntityID<Review>, text: String, by: String? = nil, posted: String? = nil, state: String? = nil,
                github: String? = nil) {
        self.review = review
        self.text = text
        self.by = by
        self.posted = posted
        self.state = state
        self.github = github
    }

    public init?(data: Fields) {
        guard let review: EntityID<Review> = data.id("review"), let text = data.string("text") else { return nil }
        self.init(review: review, text: text, by: data.string("by"), posted: data.string("posted"),
                  state: data.string("state"), github: data.string("github"))
    }

    public var data: Fields {
        var data: Fields = ["review": .string(review.rawValue), "text": .string(text)]
        data.put("by", by)
        data.put("posted", posted)
        data.put("state", state)
        data.put("github", github)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard state.reviews.contains(review, where: { !$0.removed }) else { return }
        state.reviews[review]?.comments.append(ReviewComment(id: event.id, author: by ?? event.author.name, text: text,
                                                             at: posted ?? event.at, state: self.state, clock: event.clock,
                                                             github: github))
    }
}

/// `review.reworded`: a comment's new text (a comment edited on GitHub, seen by a sync).
public struct ReviewReworded: TeamEvent {
    public static let type = EventType.reviewReworded
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "comment", skipping: ["review"])
    public static let keys = [EventSchema.r("review"), EventSchema.r("comment"), EventSchema.r("text")]
    public static let bodyKeys: Set<String> = ["text"]
    public static let notUndoable: String? = "the earlier text is not kept; the next sync writes GitHub's text again"

    public var review: EntityID<Review>
    /// The comment's id in the review.
    public var comment: String
    public var text: String

    public init(review: EntityID<Review>, comment: String, text: String) {
        self.review = review
        self.comment = comment
        self.text = text
    }

    public init?(data: Fields) {
        guard let review: EntityID<Review> = data.id("review"), let comment = data.string("comment"), let text = data.string("text") else {
            return nil
        }
        self.init(review: review, comment: comment, text: text)
    }

    public var data: Fields { ["review": .string(review.rawValue), "comment": .string(comment), "text": .string(text)] }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.reviews[review], !item.removed,
              let index = item.comments.firstIndex(where: { $0.id == comment }) else { return }
        item.comments[index].text = text
        state.reviews[review] = item
    }
}

/// `review.state`: the PR's state on GitHub changed (`open`, `merged`, `closed`), seen by a sync.
public struct ReviewStateChanged: TeamEvent {
    public static let type = EventType.reviewStateChanged
    public static let concurrentWrites: ConcurrentWrites = .fields(of: "review")
    public static let keys = [EventSchema.r("review"), EventSchema.r("state"), EventSchema.o("merged")]
    public static let notUndoable: String? = "it records what GitHub said; the next sync writes it again"

    public var review: EntityID<Review>
    public var state: String
    /// When it merged (RFC 3339), for `merged`.
    public var merged: String?

    public init(review: EntityID<Review>, state: String, merged: String? = nil) {
        self.review = review
        self.state = state
        self.merged = merged
    }

    public init?(data: Fields) {
        guard let review: EntityID<Review> = data.id("review"), let state = data.string("state") else { return nil }
        self.init(review: review, state: state, merged: data.string("merged"))
    }

    public var data: Fields {
        var data: Fields = ["review": .string(review.rawValue), "state": .string(state)]
        data.put("merged", merged)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard var item = state.reviews[review], !item.removed else { return }
        item.prState = self.state
        item.mergedAt = merged
        state.reviews[review] = item
    }
}

/// `review.removed`: hides a review.
public struct ReviewRemoved: RemovalEvent {
    public static let type = EventType.reviewRemoved
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "review", removes = true, opposite = EventType.reviewRestored
    public var id: Review.ID
    public init(id: Review.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Review.ID, removed: Bool) { state.reviews[id]?.removed = removed }
}

/// `review.restored`: shows it again.
public struct ReviewRestored: RemovalEvent {
    public static let type = EventType.reviewRestored
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let idKey = "review", removes = false, opposite = EventType.reviewRemoved
    public var id: Review.ID
    public init(id: Review.ID) { self.id = id }
    public static func mark(_ state: inout TeamState, id: Review.ID, removed: Bool) { state.reviews[id]?.removed = removed }
}

enum ReviewSections {
    /// Reads `sections` (a list of `{kind, heading, body}` maps); malformed entries are skipped.
    static func read(_ value: Value?) -> [ReviewSection] {
        (value?.list ?? []).compactMap { item in
            guard let map = item.map, let body = map.string("body") else { return nil }
            return ReviewSection(kind: map.string("kind") ?? "other", heading: map.string("heading") ?? "", body: body)
        }
    }
}
