/// `wiki.saved`: replaces a page's body, creating the page. Pages are keyed by title
/// (`WikiPage.key`); the title as last written is kept.
public struct WikiSaved: TeamEvent {
    public static let type = EventType.wikiSaved
    public static let concurrentWrites: ConcurrentWrites = .custom { data in
        // A page is named by its title's key, and only its body is set by last writer wins.
        guard let title = data.string("title"), let body = data["body"] else { return nil }
        return ConcurrentWrites.Writes(kind: "wiki", id: WikiPage.key(title), fields: [("body", body)])
    }
    public static let keys = [EventSchema.r("title"), EventSchema.o("body")]
    public static let bodyKeys: Set<String> = ["body"]

    public var title: String
    /// The catalog lists it as optional (undo needs only the title), but a save without a
    /// body is not folded.
    public var body: String?

    public init(title: String, body: String?) {
        self.title = title
        self.body = body
    }

    public init?(data: Fields) {
        guard let title = data.string("title") else { return nil }
        self.init(title: title, body: data.string("body"))
    }

    public var data: Fields {
        var data: Fields = ["title": .string(title)]
        data.put("body", body)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        guard let body else { return }
        var page = state.page(for: title, event: event)
        page.title = title
        page.body = body
        page.history.append(WikiRevision(id: event.id, action: "saved", author: event.author.name, at: event.at,
                                         size: body.count))
        state.wiki[WikiPage.key(title)] = page
    }

    /// Saving again with the body the page had puts it back (empty for a new page).
    public func inverse(of event: Event, before: TeamState) -> EventDraft? {
        let prior = before.wiki[WikiPage.key(title)]?.body ?? ""
        return EventDraft(WikiSaved(title: title, body: prior), summary: "undo: wiki.saved \(title)")
    }
}

/// `wiki.appended`: a dated, authored journal entry.
public struct WikiAppended: TeamEvent {
    public static let type = EventType.wikiAppended
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.r("title"), EventSchema.r("text"), EventSchema.o("date"), EventSchema.o("by")]
    public static let bodyKeys: Set<String> = ["text"]
    public static let notUndoable: String? = "no event takes a journal entry back; save the page instead"

    public var title: String
    public var text: String
    /// The day it is about (default: the event's day; a malformed date reads as none).
    public var date: Day?
    public var by: String?

    public init(title: String, text: String, date: Day? = nil, by: String? = nil) {
        self.title = title
        self.text = text
        self.date = date
        self.by = by
    }

    public init?(data: Fields) {
        guard let title = data.string("title"), let text = data.string("text") else { return nil }
        self.init(title: title, text: text, date: data.string("date").flatMap(Day.init(parsing:)), by: data.string("by"))
    }

    public var data: Fields {
        var data: Fields = ["title": .string(title), "text": .string(text)]
        data.put("date", date?.description)
        data.put("by", by)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        var page = state.page(for: title, event: event)
        page.entries.append(WikiEntry(id: event.id, day: date?.description ?? event.day, author: by ?? event.author.name,
                                      text: text, clock: event.clock))
        page.history.append(WikiRevision(id: event.id, action: "appended", author: event.author.name, at: event.at,
                                         size: text.count))
        state.wiki[WikiPage.key(title)] = page
    }
}
