/// The event types this teamflow writes and folds. `docs/EVENTS.md` is the catalog.
///
/// Unknown types are kept in the history and ignored by the folds.
public enum EventType {
    public static let teamInitialized = "team.initialized"

    public static let goalAdded = "goal.added"
    public static let goalEdited = "goal.edited"
    public static let goalChecked = "goal.checked"
    public static let goalUnchecked = "goal.unchecked"
    public static let goalRemoved = "goal.removed"
}
