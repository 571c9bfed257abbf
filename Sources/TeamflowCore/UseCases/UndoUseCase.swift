/// `teamflow undo`: appends the compensating event for a change; history is never rewritten.
///
/// The compensation restores what the event changed to its value just before the event (in
/// (clock, id) order). It carries `undoes: <id>`, so a plain `undo` skips changes already undone
/// and other undos: repeating it walks back through the caller's changes.
public struct UndoUseCase {
    public let repository: EventRepository
    public let session: Session

    public init(repository: EventRepository, session: Session) {
        self.repository = repository
        self.session = session
    }

    /// What an undo did: the event it undid and the compensating event it wrote.
    public struct Outcome: Sendable {
        public var undone: Event
        public var written: Event
    }

    /// Undoes the event with id prefix `idPrefix`, or else the caller's most recent change.
    @discardableResult
    public func undo(_ idPrefix: String? = nil) throws -> Outcome {
        let events = try repository.events()
        let undone = Set(events.compactMap { $0.data.string(EventType.undoesKey) })
        let target: Event
        if let idPrefix {
            target = try ShortID.resolve(idPrefix, in: events, kind: "event", id: \.id, label: { "\($0.type)  \($0.at)" })
            if undone.contains(target.id) {
                throw TeamflowError(.conflict, "event \(ShortID.of(target.id)) (\(target.type)) is already undone",
                                    hints: ["Nothing was changed. `teamflow log` shows the history."])
            }
        } else {
            let me = try session.requireAuthor().email.lowercased()
            guard let last = events.reversed().first(where: { event in
                event.author.email.lowercased() == me && event.data[EventType.undoesKey] == nil
                    && !undone.contains(event.id) && Self.canUndo(event.type)
            }) else {
                throw TeamflowError(.notFound, "nothing of yours to undo", hints: ["`teamflow log` shows the history; `teamflow undo ID` undoes any event."])
            }
            target = last
        }
        let before = TeamState.derive(from: events.filter { Event.precedes($0, target) })
        guard var draft = Self.compensation(for: target, before: before) else {
            throw TeamflowError(.conflict, "event \(ShortID.of(target.id)) (\(target.type)) cannot be undone")
        }
        draft.data[EventType.undoesKey] = .string(target.id)
        let written = try repository.record([draft], session: session)
        guard let event = written.first else { throw TeamflowError(.failure, "the undo was not written") }
        return Outcome(undone: target, written: event)
    }

    static func canUndo(_ type: String) -> Bool {
        type != EventType.teamInitialized && TeamState.folds[type] != nil
    }

    /// The event that puts back what `event` changed, given the state just before it.
    public static func compensation(for event: Event, before: TeamState) -> EventDraft? {
        // A wiki page is named by its title; saving again with the body it had puts it back.
        if event.type == EventType.wikiSaved, let title = event.data.string("title") {
            let prior = before.wiki[WikiPage.key(title)]?.body ?? ""
            return EventDraft(type: EventType.wikiSaved, data: ["title": .string(title), "body": .string(prior)],
                              summary: "undo: wiki.saved \(title)")
        }
        let kind = String(event.type.prefix { $0 != "." })
        let action = String(event.type.drop { $0 != "." }.dropFirst())
        let key = kind
        let target = action == "added" ? event.id : event.data.string(key)
        guard let id = target else { return nil }
        func draft(_ type: String, _ extra: Fields = Fields()) -> EventDraft {
            var data: Fields = [key: .string(id)]
            for (k, v) in extra { data[k] = v }
            return EventDraft(type: type, data: data, summary: "undo: \(event.type) \(ShortID.of(id))")
        }
        let listKeys = ["detached", "subtasks"]
        func carried() -> Fields { Fields(listKeys.compactMap { k in event.data[k].map { (k, $0) } }) }
        switch action {
        case "added": return draft("\(kind).removed")
        case "removed": return draft("\(kind).restored", carried())
        case "restored": return draft("\(kind).removed", carried())
        case "edited", "renamed":
            guard let prior = priorFields(kind: kind, id: id, before: before) else { return nil }
            var changes = Fields()
            for (k, _) in event.data where k != key && k != EventType.undoesKey { changes[k] = prior[k] ?? .null }
            return draft(event.type, changes)
        case "moved":
            guard let prior = priorFields(kind: kind, id: id, before: before)?["status"] else { return nil }
            return draft(event.type, ["status": prior])
        case "checked", "unchecked", "started":
            if kind == "goal" {
                guard let goal = before.goals[id] else { return nil }
                return draft(goal.done ? EventType.goalChecked : EventType.goalUnchecked)
            }
            guard let task = before.tasks[id] else { return nil }
            switch task.status {
            case .done: return draft(EventType.taskChecked)
            case .todo: return draft(EventType.taskUnchecked)
            case .doing: return draft(EventType.taskStarted)
            }
        case "assigned":
            guard let task = before.tasks[id] else { return nil }
            return draft(EventType.taskAssigned, ["member": task.member.map(Value.string) ?? .null])
        default:
            return nil
        }
    }

    /// The editable fields of an entity as event values, as they were before.
    static func priorFields(kind: String, id: String, before: TeamState) -> Fields? {
        func opt(_ s: String?) -> Value { s.map(Value.string) ?? .null }
        switch kind {
        case "goal":
            guard let g = before.goals[id] else { return nil }
            return ["title": .string(g.title), "week": .string(g.week), "sprint": opt(g.sprint)]
        case "member":
            guard let m = before.members[id] else { return nil }
            return ["name": .string(m.name), "handle": opt(m.handle)]
        case "project":
            guard let p = before.projects[id] else { return nil }
            return ["name": .string(p.name), "description": opt(p.description), "due": opt(p.due?.description),
                    "status": .string(p.status.rawValue)]
        case "epic":
            guard let e = before.epics[id] else { return nil }
            return ["title": .string(e.title), "project": opt(e.project), "status": .string(e.status.rawValue)]
        case "task":
            guard let t = before.tasks[id] else { return nil }
            return ["title": .string(t.title), "week": .string(t.week), "due": opt(t.due?.description), "epic": opt(t.epic),
                    "parent": opt(t.parent), "sprint": opt(t.sprint)]
        default:
            return nil
        }
    }
}
