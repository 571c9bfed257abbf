/// The week's board: what `teamflow week` shows. Later features add members' tasks.
public struct WeekBoard: Sendable, Equatable {
    public var week: ISOWeek
    public var start: Day
    public var end: Day
    public var goals: [Goal]

    public var doneCount: Int { goals.filter(\.done).count }
}

extension WeekBoard {
    /// Builds the board of `week` from a state.
    public init(state: TeamState, week: ISOWeek) {
        self.init(week: week, start: week.start, end: week.end, goals: state.goals(in: week))
    }
}
