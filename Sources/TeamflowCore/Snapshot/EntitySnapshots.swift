// The snapshot form of each state type: fields in declaration order. Adding a field means
// adding it here (the memberwise init will not compile without it) and bumping
// `TeamState.snapshotFormat`.

extension Goal: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(week); w.write(sprint); w.write(done); w.write(removed)
        w.write(createdBy); w.write(createdAt); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), title: try r.read(), week: try r.read(), sprint: try r.read(), done: try r.read(),
                  removed: try r.read(), createdBy: try r.read(), createdAt: try r.read(), clock: try r.read())
    }
}

extension Member: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(name); w.write(handle); w.write(email); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), name: try r.read(), handle: try r.read(), email: try r.read(), removed: try r.read(),
                  clock: try r.read())
    }
}

extension Project: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(name); w.write(description); w.write(due); w.write(status); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), name: try r.read(), description: try r.read(), due: try r.read(), status: try r.read(),
                  removed: try r.read(), clock: try r.read())
    }
}

extension Epic: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(project); w.write(status); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), title: try r.read(), project: try r.read(), status: try r.read(), removed: try r.read(),
                  clock: try r.read())
    }
}

extension TeamTask: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(title); w.write(member); w.write(epic); w.write(parent); w.write(week); w.write(sprint)
        w.write(due); w.write(status); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), title: try r.read(), member: try r.read(), epic: try r.read(), parent: try r.read(),
                  week: try r.read(), sprint: try r.read(), due: try r.read(), status: try r.read(), removed: try r.read(),
                  clock: try r.read())
    }
}

extension Sprint: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(id); w.write(name); w.write(from); w.write(to); w.write(removed); w.write(clock)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(id: try r.read(), name: try r.read(), from: try r.read(), to: try r.read(), removed: try r.read(),
                  clock: try r.read())
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
    public static let snapshotFormat = 1

    public func write(to w: inout SnapshotWriter) {
        w.write(teamName); w.write(goals); w.write(members); w.write(projects); w.write(epics); w.write(tasks)
        w.write(sprints); w.write(eventCount); w.write(last)
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
        eventCount = try r.read()
        last = try r.read()
    }
}
