/// The shape of each known event type's `data`: which keys it needs and what kind of value
/// each holds (see `docs/EVENTS.md`). Folds ignore an event whose data does not fit; `doctor`
/// uses this table to say so instead of staying silent. Unknown types and keys are not checked.
public enum EventSchema {
    /// What a `data` value must be.
    public enum Kind: Sendable {
        case string, int, bool, list

        func admits(_ value: Value) -> Bool {
            switch (self, value) {
            case (.string, .string), (.int, .int), (.bool, .bool), (.list, .list): return true
            default: return false
            }
        }

        var noun: String {
            switch self {
            case .string: return "a string"
            case .int: return "an integer"
            case .bool: return "true or false"
            case .list: return "a list"
            }
        }
    }

    /// One key: required keys must be present and not null; optional ones may be null (undo
    /// writes `null` for "there was none").
    public struct Key: Sendable {
        public var name: String
        public var kind: Kind
        public var required: Bool
    }

    /// What is wrong with `event`'s data, one sentence per problem; empty when it fits (or
    /// the type is unknown).
    public static func problems(in event: Event) -> [String] {
        guard let keys = table[event.type] else { return [] }
        var problems: [String] = []
        for key in keys + [Key(name: EventType.undoesKey, kind: .string, required: false)] {
            guard let value = event.data[key.name], value != .null else {
                if key.required { problems.append("\(event.type) needs data.\(key.name) (\(key.kind.noun))") }
                continue
            }
            if !key.kind.admits(value) { problems.append("data.\(key.name) of \(event.type) must be \(key.kind.noun)") }
        }
        return problems
    }

    static func r(_ name: String, _ kind: Kind = .string) -> Key { Key(name: name, kind: kind, required: true) }
    static func o(_ name: String, _ kind: Kind = .string) -> Key { Key(name: name, kind: kind, required: false) }

    /// The catalog, type by type.
    public static let table: [String: [Key]] = {
        var table: [String: [Key]] = [
            EventType.teamInitialized: [o("team")],
            EventType.goalAdded: [r("title"), r("week"), o("sprint"), o("done", .bool)],
            EventType.goalEdited: [r("goal"), o("title"), o("week"), o("sprint")],
            EventType.memberAdded: [r("name"), o("handle"), o("email")],
            EventType.memberRenamed: [r("member"), o("name"), o("handle"), o("email")],
            EventType.projectAdded: [r("name"), o("due"), o("description")],
            EventType.projectEdited: [r("project"), o("name"), o("due"), o("description")],
            EventType.projectMoved: [r("project"), r("status")],
            EventType.projectRemoved: [r("project"), o("detached", .list)],
            EventType.projectRestored: [r("project"), o("detached", .list)],
            EventType.epicAdded: [r("title"), o("project")],
            EventType.epicEdited: [r("epic"), o("title"), o("project")],
            EventType.epicMoved: [r("epic"), r("status")],
            EventType.taskAdded: [r("title"), r("week"), o("member"), o("epic"), o("parent"), o("due"), o("sprint"), o("done", .bool)],
            EventType.taskEdited: [r("task"), o("title"), o("week"), o("due"), o("epic"), o("parent"), o("sprint")],
            EventType.taskAssigned: [r("task"), o("member")],
            EventType.taskRemoved: [r("task"), o("subtasks", .list)],
            EventType.taskRestored: [r("task"), o("subtasks", .list)],
            EventType.sprintAdded: [r("name"), r("from"), r("to")],
            EventType.reviewAdded: [r("pr", .int), r("title"), o("week"), o("by"), o("url"), o("branch"), o("opened"),
                                    o("sections", .list), o("comments", .list)],
            EventType.reviewEdited: [r("review"), o("title"), o("by"), o("url"), o("branch"), o("sections", .list)],
            EventType.reviewCommented: [r("review"), r("text"), o("by"), o("posted")],
            EventType.retroAdded: [r("text"), o("kind"), o("week")],
            EventType.wikiSaved: [r("title"), o("body")],
            EventType.wikiAppended: [r("title"), r("text"), o("date"), o("by")],
        ]
        for type in [EventType.goalChecked, EventType.goalUnchecked, EventType.goalRemoved, EventType.goalRestored] {
            table[type] = [r("goal")]
        }
        for type in [EventType.memberRemoved, EventType.memberRestored] { table[type] = [r("member")] }
        for type in [EventType.epicRemoved, EventType.epicRestored] { table[type] = [r("epic")] }
        for type in [EventType.taskChecked, EventType.taskUnchecked, EventType.taskStarted] { table[type] = [r("task")] }
        for type in [EventType.sprintRemoved, EventType.sprintRestored] { table[type] = [r("sprint")] }
        for type in [EventType.reviewRemoved, EventType.reviewRestored] { table[type] = [r("review")] }
        for type in [EventType.retroRemoved, EventType.retroRestored] { table[type] = [r("retro")] }
        return table
    }()
}
