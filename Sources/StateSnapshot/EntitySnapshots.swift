public import TeamflowCore

// The snapshot form of each state type: fields in declaration order. Adding a field means
// adding it here (the memberwise init will not compile without it) and bumping
// `TeamState.snapshotFormat`.

extension Goal: SnapshotTitled {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(week); w.write(sprint); w.write(done); w.write(removed)
        w.write(createdBy); w.write(createdAt); w.write(clock)
        w.write(doneAt); w.write(removedAt) // history
        w.write(note); w.write(member); w.write(carries)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), title: try r.read(), week: try r.read(), sprint: try r.read(), done: try r.read(),
                  removed: try r.read(), createdBy: try r.read(), createdAt: try r.read(), clock: try r.read(),
                  doneAt: try r.read(), removedAt: try r.read(), note: try r.read(), member: try r.read(), carries: try r.read())
    }
}

extension Member: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(name); w.write(handle); w.write(email); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), name: try r.read(), handle: try r.read(), email: try r.read(), removed: try r.read(),
                  clock: try r.read())
    }
}

extension Project: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(name); w.write(description); w.write(due); w.write(status); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), name: try r.read(), description: try r.read(), due: try r.read(), status: try r.read(),
                  removed: try r.read(), clock: try r.read())
    }
}

extension Epic: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(project); w.write(status); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), title: try r.read(), project: try r.read(), status: try r.read(), removed: try r.read(),
                  clock: try r.read())
    }
}

extension TeamTask: SnapshotTitled {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(member); w.write(epic); w.write(parent); w.write(week); w.write(sprint)
        w.write(due); w.write(status); w.write(removed); w.write(clock)
        w.write(createdAt); w.write(doneAt); w.write(removedAt) // history
        w.write(carries)
        w.write(doneBy.map(\.name)); w.write(doneBy.map(\.email))
        w.write(note); w.write(points); w.write(labels)
        w.write(links)
    }

    public init(from r: inout SnapshotReader) throws {
        // Every field read first, then one initialiser (setting fields of an initialised task
        // may copy the whole record).
        let id: TeamTask.ID = try r.read(), title: String = try r.read(), member: Member.ID? = try r.read()
        let epic: Epic.ID? = try r.read(), parent: TeamTask.ID? = try r.read(), week: String = try r.read()
        let sprint: String? = try r.read(), due: Day? = try r.read(), status: WorkStatus = try r.read()
        let removed: Bool = try r.read(), clock: Int = try r.read()
        let createdAt: String = try r.read(), doneAt: String? = try r.read(), removedAt: String? = try r.read() // history
        let carries: [TaskCarry] = try r.read()
        let name: String? = try r.read(), email: String? = try r.read()
        let note: String? = try r.read(), points: Int? = try r.read(), labels: [String] = try r.read()
        let links: [TaskLink] = try r.read()
        self.init(restoring: id, title: title, member: member, epic: epic, parent: parent, week: week, sprint: sprint, due: due,
                  status: status, removed: removed, clock: clock, createdAt: createdAt, doneAt: doneAt, removedAt: removedAt,
                  doneBy: name.map { Author(name: $0, email: email ?? "") }, note: note, points: points, labels: labels,
                  carries: carries, links: links)
    }
}

extension TaskLink: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(kind); w.write(ref)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(kind: try r.read(), ref: try r.read())
    }
}

extension TaskCarry: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(from); w.write(to); w.write(at)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(from: try r.read(), to: try r.read(), at: try r.read())
    }
}

extension Sprint: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(name); w.write(from); w.write(to); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), name: try r.read(), from: try r.read(), to: try r.read(), removed: try r.read(),
                  clock: try r.read())
    }
}

extension Review: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(pr); w.write(title); w.write(author); w.write(url); w.write(branch); w.write(openedAt)
        w.write(week); w.write(sections); w.write(comments); w.write(removed); w.write(createdAt); w.write(clock)
        w.write(prState); w.write(mergedAt); w.write(bodyHash)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), pr: try r.read(), title: try r.read(), author: try r.read(), url: try r.read(),
                  branch: try r.read(), openedAt: try r.read(), week: try r.read(), sections: try r.read(),
                  comments: try r.read(), removed: try r.read(), createdAt: try r.read(), clock: try r.read(),
                  prState: try r.read(), mergedAt: try r.read(), bodyHash: try r.read())
    }
}

extension ReviewSection: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(kind); w.write(heading); w.write(body)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(kind: try r.read(), heading: try r.read(), body: try r.read())
    }
}

extension ReviewComment: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(author); w.write(text); w.write(at); w.write(state); w.write(clock); w.write(github)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), author: try r.read(), text: try r.read(), at: try r.read(), state: try r.read(),
                  clock: try r.read(), github: try r.read())
    }
}

extension RetroEntry: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(text); w.write(kind); w.write(week); w.write(author); w.write(createdAt); w.write(removed)
        w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), text: try r.read(), kind: try r.read(), week: try r.read(), author: try r.read(),
                  createdAt: try r.read(), removed: try r.read(), clock: try r.read())
    }
}

extension WikiPage: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(body); w.write(entries); w.write(history); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), title: try r.read(), body: try r.read(), entries: try r.read(), history: try r.read(),
                  clock: try r.read())
    }
}

extension WikiEntry: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(day); w.write(author); w.write(text); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), day: try r.read(), author: try r.read(), text: try r.read(), clock: try r.read())
    }
}

extension WikiRevision: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(action); w.write(author); w.write(at); w.write(size)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), action: try r.read(), author: try r.read(), at: try r.read(), size: try r.read())
    }
}

extension GoalRule: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(every); w.write(from); w.write(until); w.write(stoppedFrom)
        w.write(createdBy); w.write(createdAt); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(restoring: try r.read(), title: try r.read(), every: try r.read(), from: try r.read(), until: try r.read(),
                  stoppedFrom: try r.read(), createdBy: try r.read(), createdAt: try r.read(), clock: try r.read())
    }
}

extension EventPosition: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(clock); w.write(id)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(clock: try r.read(), id: try r.read())
    }
}

extension TeamState: SnapshotCodable {
    /// Bump whenever any state type's fields change: older caches are then rebuilt.
    /// 5: tasks carry their carries, goals' recurrence rules.
    /// 6: tasks and goals gained their history (`createdAt`, `doneAt`, `removedAt`).
    /// 9: tasks keep their estimate and labels, goals their owner and carries, items their note.
    /// 10: reviews keep the PR's state and their comments' GitHub ids; tasks their links.
    /// 11: reviews keep the hash of the PR body their sections came from.
    /// 12: each table ends with lists of its entries by week, member and sprint (`SnapshotLists`).
    public static let snapshotFormat = 12

    public func write(to w: inout SnapshotWriter) {
        w.write(teamName); w.write(goals); w.write(members); w.write(projects); w.write(epics); w.write(tasks)
        w.write(sprints); w.write(reviews); w.write(retros); w.write(wiki); w.write(eventCount); w.write(last)
        // Format 5: recurring goals.
        w.write(goalRules)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init()
        teamName = try r.read()
        goals = try r.read()
        members = try r.read()
        projects = try r.read()
        epics = try r.read()
        tasks = try r.read()
        sprints = try r.read()
        reviews = try r.read()
        retros = try r.read()
        wiki = try r.read()
        restore(eventCount: try r.read(), last: try r.read())
        goalRules = try r.read()
    }
}
