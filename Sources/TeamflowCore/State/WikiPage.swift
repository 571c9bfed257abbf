import Foundation

/// A wiki page: a body replaced by `wiki save` and dated, authored journal entries added by
/// `wiki append`. Pages are keyed by their title (NFC, case-insensitive), so two clones writing
/// the same title write the same page.
public struct WikiPage: Sendable, Codable, Equatable, Identifiable {
    /// The id of the first event that wrote the page.
    public var id: EntityID<WikiPage>
    /// The title as last written.
    public var title: String
    public var body: String
    /// Journal entries in (clock, id) order; list them by `day` for a journal.
    public var entries: [WikiEntry]
    /// Every change, in order.
    public var history: [WikiRevision]
    public var clock: Int

    public var shortID: String { id.short }

    /// Journal entries oldest first: by day, then by the order they were written.
    public var journal: [WikiEntry] {
        entries.sorted { ($0.day, $0.clock, $0.id) < ($1.day, $1.clock, $1.id) }
    }

    /// `history` oldest first by the time each change was made (18:20 before 18:30, whatever
    /// offsets they were written with and whatever (clock, id) order two clones' changes folded
    /// in); equal times keep that order, and a time that does not parse sorts first.
    public var timeline: [WikiRevision] {
        history.enumerated()
            .map { (time: Timestamp.parse($0.element.at)?.timeIntervalSince1970 ?? -Double.infinity, offset: $0.offset, revision: $0.element) }
            .sorted { ($0.time, $0.offset) < ($1.time, $1.offset) }
            .map(\.revision)
    }
}

/// One dated, authored journal entry ("2021-07-05 by Seok — Step.1 ...").
public struct WikiEntry: Sendable, Codable, Equatable {
    public var id: String
    /// `YYYY-MM-DD`: the day it is about (the event's day unless back-dated).
    public var day: String
    public var author: String
    public var text: String
    public var clock: Int

    public init(id: String, day: String, author: String, text: String, clock: Int) {
        self.id = id
        self.day = day
        self.author = author
        self.text = text
        self.clock = clock
    }
}

/// One change to a page, for `wiki history`.
public struct WikiRevision: Sendable, Codable, Equatable {
    public var id: String
    /// `saved` or `appended`.
    public var action: String
    public var author: String
    public var at: String
    /// Characters of text written.
    public var size: Int

    public init(id: String, action: String, author: String, at: String, size: Int) {
        self.id = id
        self.action = action
        self.author = author
        self.at = at
        self.size = size
    }
}

extension WikiPage {
    /// The key a title is stored under.
    public static func key(_ title: String) -> String { Lookup.normalize(title) }
}

extension TeamState {
    /// The page stored under `title`'s key, or a new empty one started by `event`.
    func page(for title: String, event: Event) -> WikiPage {
        wiki[WikiPage.key(title)]
            ?? WikiPage(id: .init(event.id), title: title, body: "", entries: [], history: [], clock: event.clock)
    }

    /// Wiki pages in the order they were started.
    public var wikiPages: [WikiPage] {
        wiki.values.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Finds a page by title (case-insensitive, NFC) or id prefix.
    public func wikiPage(named text: String) throws -> WikiPage {
        try Lookup.resolve(text, in: wikiPages, kind: .wikiPage, id: \.id, names: { [$0.title] }, label: { $0.title })
    }
}
