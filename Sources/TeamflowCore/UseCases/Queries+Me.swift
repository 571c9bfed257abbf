/// `--mine`: the views narrowed to the caller's member (see `Session.me(in:)`).
extension Queries {
    /// The week's board with only my tasks: my column, no other member's, no unassigned ones.
    public func myWeekBoard(_ week: String?) throws -> WeekBoard {
        let me = try session.me(in: repository.state())
        var board = try weekBoard(week)
        board.members = board.members.filter { $0.member.id == me.id }
        board.unassigned = []
        // The team's goals everyone shares, and the ones I own; not those others own.
        let mine = { (goal: Goal) in goal.member == nil || goal.member == me.id }
        board.goals = board.goals.filter(mine)
        board.goalLines = board.goalLines.filter { mine($0.goal) }
        board.sprintGoals = board.sprintGoals.filter(mine)
        board.sprintGoalLines = board.sprintGoalLines.filter { mine($0.goal) }
        return board
    }

    /// The member `me` names, for a header ("Standup of 건우").
    public func me() throws -> Member { try session.me(in: repository.state()) }
}
