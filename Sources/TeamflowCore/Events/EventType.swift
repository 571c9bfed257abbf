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
    public static let goalRestored = "goal.restored"
    public static let goalAssigned = "goal.assigned"
    public static let goalCarried = "goal.carried"
    public static let goalUncarried = "goal.uncarried"
    // Recurring goals
    public static let goalRepeated = "goal.repeated"
    public static let goalStopped = "goal.stopped"
    public static let goalInstantiated = "goal.instantiated"

    public static let memberAdded = "member.added"
    public static let memberRenamed = "member.renamed"
    public static let memberEdited = "member.edited"
    public static let memberRemoved = "member.removed"
    public static let memberRestored = "member.restored"

    public static let projectAdded = "project.added"
    public static let projectEdited = "project.edited"
    public static let projectMoved = "project.moved"
    public static let projectRemoved = "project.removed"
    public static let projectRestored = "project.restored"

    public static let epicAdded = "epic.added"
    public static let epicEdited = "epic.edited"
    public static let epicMoved = "epic.moved"
    public static let epicRemoved = "epic.removed"
    public static let epicRestored = "epic.restored"

    public static let taskAdded = "task.added"
    public static let taskEdited = "task.edited"
    public static let taskChecked = "task.checked"
    public static let taskUnchecked = "task.unchecked"
    public static let taskStarted = "task.started"
    public static let taskAssigned = "task.assigned"
    public static let taskRemoved = "task.removed"
    public static let taskRestored = "task.restored"
    public static let taskCarried = "task.carried"
    public static let taskUncarried = "task.uncarried"
    public static let taskLinked = "task.linked"
    public static let taskUnlinked = "task.unlinked"

    public static let sprintAdded = "sprint.added"
    public static let sprintRemoved = "sprint.removed"
    public static let sprintRestored = "sprint.restored"

    public static let reviewAdded = "review.added"
    public static let reviewEdited = "review.edited"
    public static let reviewCommented = "review.commented"
    public static let reviewReworded = "review.reworded"
    public static let reviewStateChanged = "review.state"
    public static let reviewRemoved = "review.removed"
    public static let reviewRestored = "review.restored"

    public static let retroAdded = "retro.added"
    public static let retroRemoved = "retro.removed"
    public static let retroRestored = "retro.restored"

    public static let wikiSaved = "wiki.saved"
    public static let wikiAppended = "wiki.appended"
}
