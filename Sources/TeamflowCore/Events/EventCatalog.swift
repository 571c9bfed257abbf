/// Every event type this teamflow knows, once. The fold table, `EventSchema.table` (doctor's
/// checks, docs/EVENTS.md) and undo all derive from this list; a type missing here is an
/// unknown type: kept in history, ignored by folds.
public enum EventCatalog {
    /// The types in catalog order.
    public static let types: [any TeamEvent.Type] = [
        TeamInitialized.self,
        GoalAdded.self, GoalEdited.self, GoalChecked.self, GoalUnchecked.self, GoalRemoved.self, GoalRestored.self,
        MemberAdded.self, MemberRenamed.self, MemberRemoved.self, MemberRestored.self,
        ProjectAdded.self, ProjectEdited.self, ProjectMoved.self, ProjectRemoved.self, ProjectRestored.self,
        EpicAdded.self, EpicEdited.self, EpicMoved.self, EpicRemoved.self, EpicRestored.self,
        TaskAdded.self, TaskEdited.self, TaskChecked.self, TaskUnchecked.self, TaskStarted.self, TaskAssigned.self,
        TaskRemoved.self, TaskRestored.self,
        SprintAdded.self, SprintRemoved.self, SprintRestored.self,
        ReviewAdded.self, ReviewEdited.self, ReviewCommented.self, ReviewRemoved.self, ReviewRestored.self,
        RetroAdded.self, RetroRemoved.self, RetroRestored.self,
        WikiSaved.self, WikiAppended.self,
    ]

    /// One type, erased: what the store, the folds and undo need without knowing the type.
    public struct Entry: Sendable {
        public let type: String
        public let keys: [EventSchema.Key]
        /// Why undo cannot take it back; nil when it can.
        public let notUndoable: String?
        /// Decodes and folds; an event whose data does not decode is ignored.
        let fold: @Sendable (inout TeamState, Event) -> Void
        /// The compensating event; nil when the data does not decode or the state lacks the thing.
        let inverse: @Sendable (Event, TeamState) -> EventDraft?
        /// Whether `data` decodes as this type.
        let decodes: @Sendable (Fields) -> Bool

        init<E: TeamEvent>(_ event: E.Type) {
            type = E.type
            keys = E.keys
            notUndoable = E.notUndoable
            fold = { state, event in E(data: event.data)?.fold(into: &state, event: event) }
            inverse = { event, before in E(data: event.data)?.inverse(of: event, before: before) }
            decodes = { E(data: $0) != nil }
        }
    }

    /// The entries in catalog order.
    public static let entries: [Entry] = types.map { Entry($0) }

    /// The entries by type name.
    public static let byType: [String: Entry] = Dictionary(entries.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })

    /// Whether `teamflow undo` can take back events of `type` (a known type with an inverse).
    public static func isUndoable(_ type: String) -> Bool {
        byType[type].map { $0.notUndoable == nil } ?? false
    }
}
