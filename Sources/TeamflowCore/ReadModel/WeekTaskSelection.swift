/// The tasks a week's board is drawn from (filed in the week, carried out of it, or open and
/// past due on `today`), kept by a long-running reader from one state to the next: after a
/// change only the tasks written since (`WrittenKeys`) are judged again, not every task of
/// the history. The board built from it equals `WeekBoard(state:week:today:)`.
///
/// Whether a task belongs depends on the task alone, so a task no write touched keeps its
/// answer; whether it is live (its ancestors not removed) is judged when the board is built.
public struct WeekTaskSelection: Sendable {
    public let week: ISOWeek
    public let today: Day
    private var generation: UInt64?
    private var seen = 0
    private var ids: Set<String> = []

    /// Scans `state` once.
    public init(week: ISOWeek, today: Day, state: TeamState) {
        self.week = week
        self.today = today
        rescan(state)
    }

    /// Tasks scanned in full since this selection was made (tests look at it).
    public private(set) var scans = 0

    /// Brings the selection up to `state`: from the keys written since, when `state`'s task
    /// table continues the log this selection last read; by a scan otherwise.
    public mutating func update(to state: TeamState) {
        guard let log = state.tasks.writtenKeys, let generation, let start = log.position(after: seen, of: generation) else {
            rescan(state)
            return
        }
        let key = week.description
        for id in log.keys[start...] {
            if let task = state.tasks[id], Self.belongs(task, week: key, today: today) {
                ids.insert(id)
            } else {
                ids.remove(id)
            }
        }
        seen = log.keys.count
        self.generation = log.generation
    }

    private mutating func rescan(_ state: TeamState) {
        let key = week.description
        let today = today
        ids = Set(state.tasks.values { Self.belongs($0, week: key, today: today) }.map(\.id.rawValue))
        generation = state.tasks.writtenKeys?.generation
        seen = state.tasks.writtenKeys?.keys.count ?? 0
        scans += 1
    }

    static func belongs(_ task: TeamTask, week: String, today: Day) -> Bool {
        task.week == week || task.isCarried(outOf: week) || task.isOverdue(today: today)
    }

    /// The selected tasks that are live in `state`, in the order they were added.
    func liveTasks(in state: TeamState) -> [TeamTask] {
        var known: [TeamTask.ID: Bool] = [:]
        return ids.compactMap { state.tasks[$0] }.filter { state.isLive($0, known: &known) }
            .sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }
}

extension WeekBoard {
    /// The board of `selection`'s week, which the caller brought up to `state`
    /// (`WeekTaskSelection.update(to:)`).
    public init(state: TeamState, selection: WeekTaskSelection) {
        self.init(state: state, week: selection.week, today: selection.today, relevant: selection.liveTasks(in: state))
    }
}
