@testable import TeamflowCore

/// The folds as they were before events became typed (`TeamState.folds` and the entities'
/// `foldXxx` functions, copied verbatim but for names), kept only so that
/// `TypedFoldsDifferentialTests` can check the typed folds against them on generated histories.
enum LegacyFolds {
    static func derive(from events: [Event]) -> TeamState {
        var state = TeamState()
        for event in events.sorted(by: Event.precedes) {
            state.eventCount += 1
            state.last = EventPosition(event)
            if let fold = folds[event.type] { fold(&state, event) }
        }
        return state
    }

    static let folds: [String: @Sendable (inout TeamState, Event) -> Void] = [
        EventType.teamInitialized: { state, event in
            if let name = event.data.string("team") { state.teamName = name }
        },
        EventType.goalAdded: { state, event in
            goalAdded(&state, event)
            if event.data.bool("done") == true { state.goals[event.id]?.done = true }
        },
        EventType.goalEdited: goalEdited,
        EventType.goalChecked: { state, event in goalDone(&state, event, done: true) },
        EventType.goalUnchecked: { state, event in goalDone(&state, event, done: false) },
        EventType.goalRemoved: goalRemoved,
        EventType.goalRestored: { state, event in
            if let id = event.data.string("goal") { state.goals[id]?.removed = false }
        },
        EventType.memberAdded: memberAdded,
        EventType.memberRenamed: memberRenamed,
        EventType.memberRemoved: { state, event in memberRemoved(&state, event, removed: true) },
        EventType.memberRestored: { state, event in memberRemoved(&state, event, removed: false) },
        EventType.projectAdded: projectAdded,
        EventType.projectEdited: projectEdited,
        EventType.projectMoved: projectMoved,
        EventType.projectRemoved: { state, event in projectRemoved(&state, event, removed: true) },
        EventType.projectRestored: { state, event in projectRemoved(&state, event, removed: false) },
        EventType.epicAdded: epicAdded,
        EventType.epicEdited: epicEdited,
        EventType.epicMoved: epicMoved,
        EventType.epicRemoved: { state, event in epicRemoved(&state, event, removed: true) },
        EventType.epicRestored: { state, event in epicRemoved(&state, event, removed: false) },
        EventType.taskAdded: { state, event in
            taskAdded(&state, event)
            if event.data.bool("done") == true { state.tasks[event.id]?.status = .done }
        },
        EventType.taskEdited: taskEdited,
        EventType.taskChecked: { state, event in taskStatus(&state, event, .done) },
        EventType.taskUnchecked: { state, event in taskStatus(&state, event, .todo) },
        EventType.taskStarted: { state, event in taskStatus(&state, event, .doing) },
        EventType.taskAssigned: taskAssigned,
        EventType.taskRemoved: { state, event in taskRemoved(&state, event, removed: true) },
        EventType.taskRestored: { state, event in taskRemoved(&state, event, removed: false) },
        EventType.sprintAdded: sprintAdded,
        EventType.sprintRemoved: { state, event in sprintRemoved(&state, event, removed: true) },
        EventType.sprintRestored: { state, event in sprintRemoved(&state, event, removed: false) },
        EventType.reviewAdded: reviewAdded,
        EventType.reviewEdited: reviewEdited,
        EventType.reviewCommented: reviewCommented,
        EventType.reviewRemoved: { state, event in reviewRemoved(&state, event, removed: true) },
        EventType.reviewRestored: { state, event in reviewRemoved(&state, event, removed: false) },
        EventType.retroAdded: retroAdded,
        EventType.retroRemoved: { state, event in retroRemoved(&state, event, removed: true) },
        EventType.retroRestored: { state, event in retroRemoved(&state, event, removed: false) },
        EventType.wikiSaved: wikiSaved,
        EventType.wikiAppended: wikiAppended,
    ]

    // MARK: goal

    static func goalAdded(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title"), let week = event.data.string("week") else { return }
        state.goals[event.id] = Goal(
            id: EntityID(event.id), title: title, week: week, sprint: event.data.string("sprint"),
            done: false, removed: false, createdBy: event.author.name, createdAt: event.at, clock: event.clock)
    }

    static func goalEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("goal"), var goal = state.goals[id] else { return }
        if let title = event.data.string("title") { goal.title = title }
        if let week = event.data.string("week") { goal.week = week }
        if let sprint = event.data["sprint"] { goal.sprint = sprint.string }
        state.goals[id] = goal
    }

    static func goalDone(_ state: inout TeamState, _ event: Event, done: Bool) {
        guard let id = event.data.string("goal") else { return }
        state.goals[id]?.done = done
    }

    static func goalRemoved(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("goal") else { return }
        state.goals[id]?.removed = true
    }

    // MARK: member

    static func memberAdded(_ state: inout TeamState, _ event: Event) {
        guard let name = event.data.string("name") else { return }
        state.members[event.id] = Member(id: EntityID(event.id), name: name, handle: event.data.string("handle"),
                                         email: event.data.string("email"), removed: false, clock: event.clock)
    }

    static func memberRenamed(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("member"), var member = state.members[id], !member.removed else { return }
        if let name = event.data.string("name") { member.name = name }
        if let handle = event.data["handle"] { member.handle = handle.string }
        state.members[id] = member
    }

    static func memberRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("member") else { return }
        state.members[id]?.removed = removed
    }

    // MARK: project

    static func projectAdded(_ state: inout TeamState, _ event: Event) {
        guard let name = event.data.string("name") else { return }
        state.projects[event.id] = Project(
            id: EntityID(event.id), name: name, description: event.data.string("description"),
            due: event.data.string("due").flatMap(Day.init(parsing:)), status: .todo, removed: false, clock: event.clock)
    }

    static func projectEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("project"), var project = state.projects[id], !project.removed else { return }
        if let name = event.data.string("name") { project.name = name }
        if let description = event.data["description"] { project.description = description.string }
        if let due = event.data["due"] { project.due = due.string.flatMap(Day.init(parsing:)) }
        state.projects[id] = project
    }

    static func projectMoved(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("project"), state.projects[id]?.removed == false,
              let status = event.data.string("status").flatMap(WorkStatus.init(rawValue:)) else { return }
        state.projects[id]?.status = status
    }

    static func projectRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("project"), state.projects[id] != nil else { return }
        state.projects[id]?.removed = removed
        let epics = event.data["detached"]?.list?.compactMap(\.string) ?? []
        for epicID in epics {
            if removed, state.epics[epicID]?.project?.rawValue == id { state.epics[epicID]?.project = nil }
            if !removed, state.epics[epicID]?.project == nil { state.epics[epicID]?.project = EntityID(id) }
        }
    }

    // MARK: epic

    static func epicAdded(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title") else { return }
        state.epics[event.id] = Epic(id: EntityID(event.id), title: title, project: event.data.string("project").map { EntityID($0) },
                                     status: .todo, removed: false, clock: event.clock)
    }

    static func epicEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("epic"), var epic = state.epics[id], !epic.removed else { return }
        if let title = event.data.string("title") { epic.title = title }
        if let project = event.data["project"] { epic.project = project.string.map { EntityID($0) } }
        state.epics[id] = epic
    }

    static func epicMoved(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("epic"), state.epics[id]?.removed == false,
              let status = event.data.string("status").flatMap(WorkStatus.init(rawValue:)) else { return }
        state.epics[id]?.status = status
    }

    static func epicRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("epic") else { return }
        state.epics[id]?.removed = removed
    }

    // MARK: task

    static func taskAdded(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title"), let week = event.data.string("week") else { return }
        let parent = event.data.string("parent").flatMap { state.wouldCycle(task: EntityID(event.id), parent: EntityID($0)) ? nil : $0 }
        state.tasks[event.id] = TeamTask(
            id: EntityID(event.id), title: title, member: event.data.string("member").map { EntityID($0) }, epic: event.data.string("epic").map { EntityID($0) },
            parent: parent.map { TeamTask.ID($0) }, week: week, sprint: event.data.string("sprint"),
            due: event.data.string("due").flatMap(Day.init(parsing:)), status: .todo, removed: false, clock: event.clock)
    }

    static func taskEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("task"), var task = state.tasks[id], !task.removed else { return }
        if let title = event.data.string("title") { task.title = title }
        if let week = event.data.string("week") { task.week = week }
        if let due = event.data["due"] { task.due = due.string.flatMap(Day.init(parsing:)) }
        if let epic = event.data["epic"] { task.epic = epic.string.map { EntityID($0) } }
        if let sprint = event.data["sprint"] { task.sprint = sprint.string }
        if let parent = event.data["parent"] {
            if let newParent = parent.string {
                if !state.wouldCycle(task: EntityID(id), parent: EntityID(newParent)) { task.parent = EntityID(newParent) }
            } else {
                task.parent = nil
            }
        }
        state.tasks[id] = task
    }

    static func taskStatus(_ state: inout TeamState, _ event: Event, _ status: WorkStatus) {
        guard let id = event.data.string("task"), state.tasks[id]?.removed == false else { return }
        state.tasks[id]?.status = status
    }

    static func taskAssigned(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("task"), state.tasks[id]?.removed == false else { return }
        state.tasks[id]?.member = event.data.string("member").map { EntityID($0) }
    }

    static func taskRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("task") else { return }
        let ids = [id] + (event.data["subtasks"]?.list?.compactMap(\.string) ?? [])
        for taskID in ids { state.tasks[taskID]?.removed = removed }
    }

    // MARK: sprint

    static func sprintAdded(_ state: inout TeamState, _ event: Event) {
        guard let name = event.data.string("name"),
              let from = event.data.string("from").flatMap(Day.init(parsing:)),
              let to = event.data.string("to").flatMap(Day.init(parsing:)) else { return }
        state.sprints[event.id] = Sprint(id: EntityID(event.id), name: name, from: from, to: to, removed: false, clock: event.clock)
    }

    static func sprintRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("sprint") else { return }
        state.sprints[id]?.removed = removed
    }

    // MARK: review

    static func reviewAdded(_ state: inout TeamState, _ event: Event) {
        guard let pr = event.data.int("pr"), let title = event.data.string("title"),
              let week = event.data.string("week") else { return }
        state.reviews[event.id] = Review(
            id: EntityID(event.id), pr: pr, title: title, author: event.data.string("by") ?? event.author.name,
            url: event.data.string("url"), branch: event.data.string("branch"), openedAt: event.data.string("opened"),
            week: week, sections: sections(event.data["sections"]), comments: comments(event), removed: false,
            createdAt: event.at, clock: event.clock)
    }

    static func reviewEdited(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("review"), var review = state.reviews[id], !review.removed else { return }
        if let title = event.data.string("title") { review.title = title }
        if let by = event.data.string("by") { review.author = by }
        if let url = event.data["url"] { review.url = url.string }
        if let branch = event.data["branch"] { review.branch = branch.string }
        if let list = event.data["sections"] { review.sections = sections(list) }
        state.reviews[id] = review
    }

    static func reviewCommented(_ state: inout TeamState, _ event: Event) {
        guard let id = event.data.string("review"), state.reviews[id]?.removed == false,
              let text = event.data.string("text") else { return }
        state.reviews[id]?.comments.append(ReviewComment(
            id: event.id, author: event.data.string("by") ?? event.author.name, text: text,
            at: event.data.string("posted") ?? event.at, clock: event.clock))
    }

    static func reviewRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("review") else { return }
        state.reviews[id]?.removed = removed
    }

    static func sections(_ value: Value?) -> [ReviewSection] {
        (value?.list ?? []).compactMap { item in
            guard let map = item.map, let body = map.string("body") else { return nil }
            return ReviewSection(kind: map.string("kind") ?? "other", heading: map.string("heading") ?? "", body: body)
        }
    }

    static func comments(_ event: Event) -> [ReviewComment] {
        (event.data["comments"]?.list ?? []).enumerated().compactMap { index, item in
            guard let map = item.map, let text = map.string("text") else { return nil }
            return ReviewComment(id: "\(event.id)-\(index)", author: map.string("by") ?? event.author.name, text: text,
                                 at: map.string("posted") ?? event.at, state: map.string("state"), clock: event.clock)
        }
    }

    // MARK: retro

    static func retroAdded(_ state: inout TeamState, _ event: Event) {
        guard let text = event.data.string("text"), let week = event.data.string("week") else { return }
        let kind = event.data.string("kind").flatMap { RetroEntry.kinds.contains($0) ? $0 : nil } ?? "keep"
        state.retros[event.id] = RetroEntry(id: EntityID(event.id), text: text, kind: kind, week: week, author: event.author.name,
                                            createdAt: event.at, removed: false, clock: event.clock)
    }

    static func retroRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("retro") else { return }
        state.retros[id]?.removed = removed
    }

    // MARK: wiki

    static func wikiSaved(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title"), let body = event.data.string("body") else { return }
        var page = page(state, for: title, event: event)
        page.title = title
        page.body = body
        page.history.append(WikiRevision(id: event.id, action: "saved", author: event.author.name, at: event.at,
                                         size: body.count))
        state.wiki[WikiPage.key(title)] = page
    }

    static func wikiAppended(_ state: inout TeamState, _ event: Event) {
        guard let title = event.data.string("title"), let text = event.data.string("text") else { return }
        var page = page(state, for: title, event: event)
        let day = event.data.string("date").flatMap(Day.init(parsing:))?.description ?? event.day
        page.entries.append(WikiEntry(id: event.id, day: day, author: event.data.string("by") ?? event.author.name,
                                      text: text, clock: event.clock))
        page.history.append(WikiRevision(id: event.id, action: "appended", author: event.author.name, at: event.at,
                                         size: text.count))
        state.wiki[WikiPage.key(title)] = page
    }

    static func page(_ state: TeamState, for title: String, event: Event) -> WikiPage {
        state.wiki[WikiPage.key(title)]
            ?? WikiPage(id: EntityID(event.id), title: title, body: "", entries: [], history: [], clock: event.clock)
    }
}
