/// Review notes of one pull request: its structured description and the reviewers' comments.
public struct Review: Sendable, Codable, Equatable, Identifiable {
    public var id: EntityID<Review>
    /// The pull request's number.
    public var pr: Int
    public var title: String
    /// Who opened the PR (a login or a name); the event's author unless `--by` named someone else.
    public var author: String
    public var url: String?
    public var branch: String?
    /// When the PR was opened (RFC 3339), when known (from gh).
    public var openedAt: String?
    /// ISO week the review was recorded in, e.g. `2024-W47`.
    public var week: String
    /// The description's sections in their original order.
    public var sections: [ReviewSection]
    /// Comments in (clock, id) order.
    public var comments: [ReviewComment]
    public var removed: Bool
    /// When it was recorded (RFC 3339) and the clock of the adding event.
    public var createdAt: String
    public var clock: Int
    /// The PR's state on GitHub as last synced (`open`, `merged`, `closed`); nil when never synced.
    public var prState: String? = nil
    /// When the PR was merged (RFC 3339), as gh reported it.
    public var mergedAt: String? = nil
    /// A hash of the PR body the sections were last parsed from (by a sync), so a sync parses
    /// them again only when the body changed on GitHub; nil when never synced.
    public var bodyHash: String? = nil

    public var shortID: String { id.short }
}

/// One section of a PR description: its heading as written and its Markdown body, byte for byte.
public struct ReviewSection: Sendable, Codable, Equatable {
    /// What the heading means: `related`, `background`, `work`, `notes`, `testing`, or `other`.
    public var kind: String
    /// The heading text as written (emoji kept); empty for text before the first heading.
    public var heading: String
    public var body: String

    public init(kind: String, heading: String, body: String) {
        self.kind = kind
        self.heading = heading
        self.body = body
    }

    /// The checklist items of the body (`- [x] text` / `- [ ] text`) in order.
    public var checklist: [ChecklistItem] { Markdown.checklist(in: body) }
}

/// A reviewer's comment (or a review's summary) on a PR.
public struct ReviewComment: Sendable, Codable, Equatable {
    public var id: String
    /// Who wrote it: a login or a name.
    public var author: String
    public var text: String
    /// When it was written (RFC 3339): the original time from gh, else the event's time.
    public var at: String
    /// A review's verdict from gh, lowercased (`approved`, `changes_requested`, `commented`,
    /// `dismissed`, `pending`); nil for a plain comment and for events written before it was kept.
    public var state: String?
    public var clock: Int
    /// The comment's or review's id on GitHub (gh's node id), so a refresh recognises it; nil
    /// for comments written here.
    public var github: String?

    public init(id: String, author: String, text: String, at: String, state: String? = nil, clock: Int,
                github: String? = nil) {
        self.id = id
        self.author = author
        self.text = text
        self.at = at
        self.state = state
        self.clock = clock
        self.github = github
    }

    /// How a verdict reads: `✅ approved`, `✋ changes requested`, `💬 commented`, `🚫 dismissed`,
    /// `⏳ pending`; another state as its words. Nil without a state.
    public var stateLabel: String? {
        guard let state, !state.isEmpty else { return nil }
        let words = ReviewComment.words(forState: state)
        switch state {
        case "approved": return "✅ " + words
        case "changes_requested": return "✋ " + words
        case "commented": return "💬 " + words
        case "dismissed": return "🚫 " + words
        case "pending": return "⏳ " + words
        default: return words
        }
    }

    /// Whether the text only repeats the state (a review submitted without a body).
    public var textRepeatsState: Bool {
        state.map { text == ReviewComment.words(forState: $0) } ?? false
    }

    /// A state in words: `changes_requested` reads `changes requested`.
    public static func words(forState state: String) -> String {
        state.lowercased().replacingOccurrences(of: "_", with: " ")
    }
}

extension Review {
    /// The event form of sections.
    public static func value(of sections: [ReviewSection]) -> Value {
        .list(sections.map { .map(["kind": .string($0.kind), "heading": .string($0.heading), "body": .string($0.body)]) })
    }
}

extension TeamState {
    /// Live reviews, oldest first.
    public var liveReviews: [Review] {
        reviews.values { !$0.removed }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// The live review of PR `number` (the earliest, if two clones recorded it).
    public func review(pr number: Int) -> Review? {
        liveReviews.first { $0.pr == number }
    }
}
