/// Wiki pages: save (replace the body), append (a dated, authored journal entry), list, show, history.
public struct WikiUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Replaces a page's body, creating the page when the title is new.
    @discardableResult
    public func save(title: String, body: String) throws -> WikiPage {
        let title = try Validate.text(title, field: .title, of: .wikiPage)
        return try write(WikiSaved(title: try existingTitle(title), body: body), summary: "wiki: save \"\(title)\"", title: title)
    }

    /// Adds a journal entry dated `date` (default: today) by `by` (default: the session's author).
    @discardableResult
    public func append(title: String, text: String, date: String? = nil, by: String? = nil) throws -> WikiPage {
        let title = try Validate.text(title, field: .title, of: .wikiPage)
        let text = text.trimmingSpaces
        guard !text.isEmpty else {
            throw TeamflowError(.usage, "the entry is empty", hints: ["Give the entry's text."], reason: .invalidText(.body, of: .wikiPage))
        }
        let stored = try existingTitle(title)
        let by = by?.trimmingSpaces
        let entry = WikiAppended(title: stored, text: text, date: try date.map(session.day) ?? session.today,
                                 by: by?.isEmpty == false ? by : nil)
        return try write(entry, summary: "wiki: append to \"\(title)\"", title: title)
    }

    public func list() throws -> [WikiPage] { try repository.state().wikiPages }

    /// Finds a page by title or id prefix.
    public func page(_ text: String) throws -> WikiPage {
        do {
            return try repository.state().wikiPage(named: text)
        } catch let error as TeamflowError where error.kind == .notFound {
            throw TeamflowError(.notFound, "no wiki page '\(text)'", hints: error.hints, candidates: error.candidates,
                                reason: .notFound(.wikiPage, text: text, nearest: error.candidates))
        }
    }

    /// A page's title as already stored (so case and normalisation stay as first written).
    private func existingTitle(_ title: String) throws -> String {
        try repository.state().wiki[WikiPage.key(title)]?.title ?? title
    }

    private func write<E: TeamEvent>(_ event: E, summary: String, title: String) throws -> WikiPage {
        let (_, state) = try context.append(event, summary: summary)
        return try readBack(state.wiki[WikiPage.key(title)], "page")
    }
}
