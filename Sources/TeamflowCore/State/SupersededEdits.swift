/// A field that two clones set concurrently, and whose value on one side lost to the other's
/// when their histories merged (last writer by (clock, id) wins: docs/EVENTS.md).
public struct SupersededEdit: Sendable, Equatable {
    /// One side's last write of the field.
    public struct Write: Sendable, Equatable {
        /// The value as a user reads it: names for ids of members, epics, tasks, sprints and
        /// projects; `none` for a cleared field.
        public var value: String
        /// The event's author name.
        public var author: String
        /// The event's author email: whom a notice of a lost write is for.
        public var email: String = ""
        /// When the event was written (RFC 3339, as written).
        public var at: String = ""
        /// The event's id.
        public var event: String
        /// Whether it came from the remote side.
        public var remote: Bool
    }

    /// `task`, `goal`, `project`, `epic`, `member`, `wiki` or `rule` (a recurring goal).
    public var kind: String
    /// The thing's id (a wiki page's title key).
    public var id: String
    public var field: String
    public var lost: Write
    public var won: Write
    /// The thing's title or name in the merged state (its short id when unknown).
    public var label: String = ""

    public var shortID: String { ShortID.of(id) }
}

/// Finds the superseded edits of a merge: same thing, same field, written on both sides.
///
/// An event only one side has was written without seeing any event only the other side has
/// (sync's union never drops an event, so whatever a writer had seen is on its side), so
/// every such pair is concurrent. Per side only the last write of a field counts (earlier
/// ones were superseded by their own author); the two differ or nothing is reported.
public enum ConcurrentEdits {
    /// The superseded edits between the events only the local side has and those only the
    /// remote side has; values of ids are resolved to names in `state` (the merged one).
    public static func superseded(local: [Event], remote: [Event], in state: TeamState) -> [SupersededEdit] {
        let shared = Set(local.map(\.id)).intersection(remote.map(\.id))
        let mine = lastWrites(local.filter { !shared.contains($0.id) })
        let theirs = lastWrites(remote.filter { !shared.contains($0.id) })
        var found: [(Event, SupersededEdit)] = []
        for (slot, ours) in mine {
            guard let other = theirs[slot], ours.value != other.value else { continue }
            let oursWins = Event.precedes(other.event, ours.event)
            let (winner, loser) = oursWins ? (ours, other) : (other, ours)
            func write(_ side: (event: Event, value: Value), remote: Bool) -> SupersededEdit.Write {
                .init(value: display(side.value, field: slot.field, in: state), author: side.event.author.name,
                      email: side.event.author.email, at: side.event.at, event: side.event.id, remote: remote)
            }
            let edit = SupersededEdit(kind: slot.kind, id: slot.id, field: slot.field,
                                      lost: write(loser, remote: oursWins), won: write(winner, remote: !oursWins),
                                      label: label(kind: slot.kind, id: slot.id, in: state))
            found.append((winner.event, edit))
        }
        // In the order the winning writes fold, so the list reads like the history.
        return found.sorted { Event.precedes($0.0, $1.0) || ($0.0 == $1.0 && $0.1.field < $1.1.field) }.map(\.1)
    }

    struct Slot: Hashable {
        var kind: String
        var id: String
        var field: String
    }

    /// Each field's last write on one side, with the event that wrote it.
    static func lastWrites(_ events: [Event]) -> [Slot: (event: Event, value: Value)] {
        var last: [Slot: (event: Event, value: Value)] = [:]
        for raw in events.sorted(by: Event.precedes) {
            // Values and authors as the state shows them: a synced 50 MB title is reported cut.
            let event = FieldLimits.fitted(raw)
            guard let written = writes(of: event) else { continue }
            for (field, value) in written.fields {
                last[Slot(kind: written.kind, id: written.id, field: field)] = (event, value)
            }
        }
        return last
    }

    /// The fields an event sets, on which thing, as its type declares
    /// (`TeamEvent.concurrentWrites`); nil for events that set no field by last writer wins.
    static func writes(of event: Event) -> ConcurrentWrites.Writes? {
        EventCatalog.byType[event.type]?.concurrentWrites.writes(event.payload)
    }

    /// The thing's title or name as `state` has it.
    static func label(kind: String, id: String, in state: TeamState) -> String {
        switch kind {
        case "task": return state.tasks[id]?.title ?? ShortID.of(id)
        case "goal": return state.goals[id]?.title ?? ShortID.of(id)
        case "project": return state.projects[id]?.name ?? ShortID.of(id)
        case "epic": return state.epics[id]?.title ?? ShortID.of(id)
        case "member": return state.members[id]?.name ?? ShortID.of(id)
        case "rule": return state.goalRules[id]?.title ?? ShortID.of(id)
        case "wiki": return state.wiki[id]?.title ?? id
        default: return ShortID.of(id)
        }
    }

    /// A value as a user reads it.
    static func display(_ value: Value, field: String, in state: TeamState) -> String {
        guard let text = value.string else {
            switch value {
            case .null: return "none"
            case .int(let number): return String(number)
            case .bool(let flag): return flag ? "true" : "false"
            default: return "(\(field))"
            }
        }
        switch field {
        case "member": return state.members[text]?.name ?? ShortID.of(text)
        case "epic": return state.epics[text]?.title ?? ShortID.of(text)
        case "parent": return state.tasks[text]?.title ?? ShortID.of(text)
        case "sprint": return state.sprints[text]?.name ?? text
        case "project": return state.projects[text]?.name ?? ShortID.of(text)
        case "body":
            // A page body is long: its first line says which version it was.
            let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            return first.count > 40 ? String(first.prefix(40)) + "…" : first
        default: return text
        }
    }
}
