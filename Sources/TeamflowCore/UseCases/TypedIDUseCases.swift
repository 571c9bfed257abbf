// The use cases take what a person types (an id prefix, a title, a part of one); a program
// holding a value read from the state has its typed id, and passes that. A whole id is a prefix
// of itself, so these read as the text forms do, one commit per call as well.

extension TaskUseCases {
    /// Marks a task done.
    @discardableResult
    public func check(_ id: TeamTask.ID) throws -> TeamTask { try check(id.rawValue) }

    /// Marks tasks done, in one commit.
    @discardableResult
    public func check(_ ids: [TeamTask.ID]) throws -> [TeamTask] { try check(ids.map(\.rawValue)) }

    /// Marks a task not done.
    @discardableResult
    public func uncheck(_ id: TeamTask.ID) throws -> TeamTask { try uncheck(id.rawValue) }

    /// Marks a task in progress.
    @discardableResult
    public func start(_ id: TeamTask.ID) throws -> TeamTask { try start(id.rawValue) }

    /// Assigns a task to a member (a name, handle, id prefix or `me`).
    @discardableResult
    public func assign(_ id: TeamTask.ID, to who: String) throws -> TeamTask { try assign(id.rawValue, to: who) }

    /// Edits a task.
    @discardableResult
    public func edit(_ id: TeamTask.ID, _ changes: Changes) throws -> TeamTask { try edit(id.rawValue, changes) }

    /// Removes a task and its sub-tasks.
    @discardableResult
    public func remove(_ id: TeamTask.ID) throws -> TeamTask { try remove(id.rawValue) }

    /// The live task with this id.
    public func find(_ id: TeamTask.ID) throws -> TeamTask { try find(id.rawValue) }
}

extension GoalUseCases {
    /// Marks a goal done.
    @discardableResult
    public func check(_ id: Goal.ID) throws -> Goal { try check(id.rawValue) }

    /// Marks goals done, in one commit.
    @discardableResult
    public func check(_ ids: [Goal.ID]) throws -> [Goal] { try check(ids.map(\.rawValue)) }

    /// Marks a goal not done.
    @discardableResult
    public func uncheck(_ id: Goal.ID) throws -> Goal { try uncheck(id.rawValue) }

    /// Gives a goal an owner (nil: the team's again).
    @discardableResult
    public func assign(_ id: Goal.ID, to who: String?) throws -> Goal { try assign(id.rawValue, to: who) }

    /// Removes a goal.
    @discardableResult
    public func remove(_ id: Goal.ID) throws -> Goal { try remove(id.rawValue) }

    /// The live goal with this id.
    public func find(_ id: Goal.ID) throws -> Goal { try find(id.rawValue) }
}
