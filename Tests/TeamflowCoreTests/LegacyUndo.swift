@testable import TeamflowCore

/// `UndoUseCase.compensation(for:before:)` and `canUndo` as they were before events became
/// typed, copied verbatim but for names, so `TypedFoldsDifferentialTests` can check that the
/// typed inverses write the same compensating events.
enum LegacyUndo {
    static func canUndo(_ type: String) -> Bool {
        type != EventType.teamInitialized && LegacyFolds.folds[type] != nil
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
            for (k, _) in event.data where k != key && k != Event.undoesKey { changes[k] = prior[k] ?? .null }
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
            return draft(EventType.taskAssigned, ["member": task.member.map { Value.string($0.rawValue) } ?? .null])
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
            return ["title": .string(e.title), "project": opt(e.project?.rawValue), "status": .string(e.status.rawValue)]
        case "task":
            guard let t = before.tasks[id] else { return nil }
            return ["title": .string(t.title), "week": .string(t.week), "due": opt(t.due?.description), "epic": opt(t.epic?.rawValue),
                    "parent": opt(t.parent?.rawValue), "sprint": opt(t.sprint)]
        default:
            return nil
        }
    }
}
