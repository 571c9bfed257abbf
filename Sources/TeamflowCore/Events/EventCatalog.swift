/// Every event type this teamflow knows, once. The fold table, `EventSchema.table` (doctor's
/// checks, docs/EVENTS.md) and undo all derive from this list; a type missing here is an
/// unknown type: kept in history, ignored by folds.
public enum EventCatalog {
    /// The entries in catalog order. Each is made from its concrete type (not from a list of
    /// metatypes) so that the compiler specializes its fold and decoding: folds run for every
    /// event of a rebuild.
    public static let entries: [Entry] = [
        Entry(TeamInitialized.self),
        Entry(GoalAdded.self), Entry(GoalEdited.self), Entry(GoalChecked.self), Entry(GoalUnchecked.self), Entry(GoalRemoved.self),
        Entry(GoalRestored.self),
        Entry(GoalRepeated.self), Entry(GoalStopped.self), Entry(GoalInstantiated.self),
        Entry(MemberAdded.self), Entry(MemberRenamed.self), Entry(MemberRemoved.self), Entry(MemberRestored.self),
        Entry(MemberEdited.self),
        Entry(ProjectAdded.self), Entry(ProjectEdited.self), Entry(ProjectMoved.self), Entry(ProjectRemoved.self),
        Entry(ProjectRestored.self),
        Entry(EpicAdded.self), Entry(EpicEdited.self), Entry(EpicMoved.self), Entry(EpicRemoved.self), Entry(EpicRestored.self),
        Entry(TaskAdded.self), Entry(TaskEdited.self), Entry(TaskChecked.self), Entry(TaskUnchecked.self), Entry(TaskStarted.self),
        Entry(TaskAssigned.self), Entry(TaskRemoved.self), Entry(TaskRestored.self),
        Entry(TaskCarried.self), Entry(TaskUncarried.self), Entry(TaskLinked.self), Entry(TaskUnlinked.self),
        Entry(GoalAssigned.self), Entry(GoalCarried.self), Entry(GoalUncarried.self),
        Entry(SprintAdded.self), Entry(SprintRemoved.self), Entry(SprintRestored.self),
        Entry(ReviewAdded.self), Entry(ReviewEdited.self), Entry(ReviewCommented.self), Entry(ReviewReworded.self),
        Entry(ReviewStateChanged.self), Entry(ReviewRemoved.self),
        Entry(ReviewRestored.self),
        Entry(RetroAdded.self), Entry(RetroRemoved.self), Entry(RetroRestored.self),
        Entry(WikiSaved.self), Entry(WikiAppended.self),
    ]

    /// The types in catalog order.
    public static var types: [any TeamEvent.Type] { entries.map(\.eventType) }

    /// One type, erased: what the store, the folds and undo need without knowing the type.
    public struct Entry: Sendable {
        public let type: String
        public let keys: [EventSchema.Key]
        /// Why undo cannot take it back; nil when it can.
        public let notUndoable: String?
        /// The keys holding Markdown bodies (`FieldLimits`).
        public let bodyKeys: Set<String>
        /// The fields it sets by last writer wins (`TeamEvent.concurrentWrites`).
        public let concurrentWrites: ConcurrentWrites
        /// The Swift type.
        public let eventType: any TeamEvent.Type
        /// Decodes, validates and folds the event with its fields cut to `FieldLimits`; an
        /// event whose data does not decode, or that breaks a rule of its type, is ignored.
        let fold: @Sendable (inout TeamState, Event) -> Void
        /// The compensating event; nil when the data does not decode, the event is invalid or
        /// the state lacks the thing.
        let inverse: @Sendable (Event, TeamState) -> EventDraft?
        /// Whether `data` decodes as this type.
        let decodes: @Sendable (Fields) -> Bool
        /// Why data that decodes breaks a rule of the type (`TeamEvent.invalidReason`); nil
        /// when it is valid or does not decode (`EventSchema` reports that).
        public let invalidReason: @Sendable (Fields) -> String?

        init<E: TeamEvent>(_ event: E.Type) {
            type = E.type
            keys = E.keys
            notUndoable = E.notUndoable
            bodyKeys = E.bodyKeys
            concurrentWrites = E.concurrentWrites
            eventType = E.self
            fold = { state, event in
                let event = FieldLimits.fitted(event, bodies: E.bodyKeys)
                guard let typed = E(data: event.data), typed.invalidReason == nil else { return }
                typed.fold(into: &state, event: event)
            }
            inverse = { event, before in
                let event = FieldLimits.fitted(event, bodies: E.bodyKeys)
                guard let typed = E(data: event.data), typed.invalidReason == nil else { return nil }
                return typed.inverse(of: event, before: before)
            }
            decodes = { E(data: $0) != nil }
            invalidReason = { E(data: $0)?.invalidReason }
        }
    }

    /// The entries by type name.
    public static let byType: [String: Entry] = Dictionary(entries.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })

    /// The folds by type name: only the closure, so folding an event copies nothing else.
    static let folds: [String: @Sendable (inout TeamState, Event) -> Void] = byType.mapValues(\.fold)

    /// Refuses drafts that must not be written (wrong usage, exit 64, nothing written): a field
    /// over `FieldLimits`, or data that breaks a rule of its type (`TeamEvent.invalidReason`).
    /// Every write of a use case and the git store's append check here, so no command needs
    /// its own copy of the rules.
    public static func requireValid(_ drafts: [EventDraft], author: Author) throws {
        try FieldLimits.requireFit(drafts, author: author)
        for draft in drafts {
            if let reason = byType[draft.type]?.invalidReason(draft.data) {
                throw TeamflowError(.usage, "\(draft.type): \(reason)", hints: ["Nothing was written."])
            }
        }
    }

    /// Whether `teamflow undo` can take back events of `type` (a known type with an inverse).
    public static func isUndoable(_ type: String) -> Bool {
        byType[type].map { $0.notUndoable == nil } ?? false
    }
}
