// Every field of each state type, for a storage layer in another module of this package
// (`StateSnapshot`, the cache codec) that rebuilds entities it stored. The memberwise
// initialisers are internal and a `package` one of the same signature would clash with them,
// hence the `restoring:` label on the id.

extension Goal {
    package init(restoring id: Goal.ID, title: String, week: String, sprint: String?, done: Bool, removed: Bool,
                 createdBy: String, createdAt: String, clock: Int,
                 doneAt: String?, removedAt: String?, note: String? = nil, member: Member.ID? = nil, carries: [TaskCarry] = []) {
        self.init(id: id, title: title, week: week, sprint: sprint, done: done, removed: removed, createdBy: createdBy,
                  createdAt: createdAt, clock: clock,
                  doneAt: doneAt, removedAt: removedAt, note: note, member: member, carries: carries)
    }
}

extension GoalRule {
    package init(restoring id: GoalRule.ID, title: String, every: String, from: String, until: String?, stoppedFrom: String?,
                 createdBy: String, createdAt: String, clock: Int) {
        self.init(id: id, title: title, every: every, from: from, until: until, stoppedFrom: stoppedFrom,
                  createdBy: createdBy, createdAt: createdAt, clock: clock)
    }
}

extension Member {
    package init(restoring id: Member.ID, name: String, handle: String?, email: String?, removed: Bool, clock: Int) {
        self.init(id: id, name: name, handle: handle, email: email, removed: removed, clock: clock)
    }
}

extension Project {
    package init(restoring id: Project.ID, name: String, description: String?, due: Day?, status: WorkStatus,
                 removed: Bool, clock: Int) {
        self.init(id: id, name: name, description: description, due: due, status: status, removed: removed, clock: clock)
    }
}

extension Epic {
    package init(restoring id: Epic.ID, title: String, project: Project.ID?, status: WorkStatus, removed: Bool, clock: Int) {
        self.init(id: id, title: title, project: project, status: status, removed: removed, clock: clock)
    }
}

extension TeamTask {
    package init(restoring id: TeamTask.ID, title: String, member: Member.ID?, epic: Epic.ID?, parent: TeamTask.ID?, week: String,
                 sprint: String?, due: Day?, status: WorkStatus, removed: Bool, clock: Int,
                 createdAt: String, doneAt: String?, removedAt: String?, doneBy: Author? = nil, note: String? = nil,
                 points: Int? = nil, labels: [String] = [], carries: [TaskCarry] = [], links: [TaskLink] = []) {
        self.init(id: id, title: title, member: member, epic: epic, parent: parent, week: week, sprint: sprint, due: due,
                  status: status, removed: removed, clock: clock, carries: carries,
                  createdAt: createdAt, doneAt: doneAt, removedAt: removedAt, doneBy: doneBy, note: note,
                  points: points, labels: labels, links: links)
    }
}

extension Sprint {
    package init(restoring id: Sprint.ID, name: String, from: Day, to: Day, removed: Bool, clock: Int) {
        self.init(id: id, name: name, from: from, to: to, removed: removed, clock: clock)
    }
}

extension Review {
    package init(restoring id: Review.ID, pr: Int, title: String, author: String, url: String?, branch: String?,
                 openedAt: String?, week: String, sections: [ReviewSection], comments: [ReviewComment], removed: Bool,
                 createdAt: String, clock: Int, prState: String?, mergedAt: String?, bodyHash: String? = nil) {
        self.init(id: id, pr: pr, title: title, author: author, url: url, branch: branch, openedAt: openedAt, week: week,
                  sections: sections, comments: comments, removed: removed, createdAt: createdAt, clock: clock,
                  prState: prState, mergedAt: mergedAt, bodyHash: bodyHash)
    }
}

extension RetroEntry {
    package init(restoring id: RetroEntry.ID, text: String, kind: String, week: String, author: String, createdAt: String,
                 removed: Bool, clock: Int) {
        self.init(id: id, text: text, kind: kind, week: week, author: author, createdAt: createdAt, removed: removed,
                  clock: clock)
    }
}

extension WikiPage {
    package init(restoring id: WikiPage.ID, title: String, body: String, entries: [WikiEntry], history: [WikiRevision],
                 clock: Int) {
        self.init(id: id, title: title, body: body, entries: entries, history: history, clock: clock)
    }
}

extension TeamState {
    /// Sets what folding counts (`eventCount`, `last`), for a state rebuilt from storage.
    package mutating func restore(eventCount: Int, last: EventPosition?) {
        self.eventCount = eventCount
        self.last = last
    }
}
