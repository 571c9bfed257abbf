/// Ids with titles for shell completion after `task check|uncheck|show`, `goal check|uncheck`.
extension Queries {
    /// A completion candidate: the value to insert, and the title a shell may show beside it.
    public struct Candidate: Sendable, Equatable {
        public var value: String
        public var title: String

        public init(value: String, title: String) {
            self.value = value
            self.title = title
        }
    }

    /// Which items to offer by their checkmark: after `check` only open ones are worth
    /// offering, after `uncheck` only done ones; anywhere else (`show`, `edit`) any.
    public enum CandidateState: String, Sendable, CaseIterable {
        /// This week's items whatever their state, then the open ones of other weeks.
        case any
        /// Items not done: this week's, then other weeks'.
        case open
        /// Items done: this week's, then other weeks'.
        case done
    }

    /// The kinds `completionCandidates(_:state:limit:)` answers.
    public static let candidateKinds = ["tasks", "goals"]

    /// Short ids with titles: this week's tasks or goals (recurring goals' instances included),
    /// then those of other weeks, newest first (with `.any`, only their open ones: a done
    /// item of an old week is rarely what is typed next); at most `limit`, so a large history
    /// keeps the shell responsive.
    public func completionCandidates(_ kind: String, state: CandidateState = .any, limit: Int = 200) throws -> [Candidate] {
        let teamState = try repository.state()
        let week = session.currentWeek
        let key = week.description
        // This week's items pass when they match the state; other weeks' when they match it,
        // with `.any` reading as `.open` there.
        let here: (Bool) -> Bool = { done in state == .any || done == (state == .done) }
        let elsewhere: (Bool) -> Bool = { done in done == (state == .done) }
        switch kind {
        case "tasks":
            let tasks = teamState.liveTasks { $0.week == key ? here($0.done) : elsewhere($0.done) }
            let ordered = tasks.filter { $0.week == key } + tasks.filter { $0.week != key }.reversed()
            return ordered.prefix(limit).map { Candidate(value: $0.shortID, title: $0.title) }
        case "goals":
            let others = teamState.goals.values { !$0.removed && $0.week != key && elsewhere($0.done) }
                .sorted { ($0.clock, $0.id) > ($1.clock, $1.id) }
            let current = teamState.goals(in: week).filter { here($0.done) }
            return (current + others).prefix(limit).map { Candidate(value: $0.shortID, title: $0.title) }
        default:
            throw TeamflowError(.usage, "unknown kind '\(kind)'", hints: ["Use one of: \(Self.candidateKinds.joined(separator: ", "))."])
        }
    }
}
