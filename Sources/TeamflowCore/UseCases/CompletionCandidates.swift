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

    /// The kinds `completionCandidates(_:)` answers.
    public static let candidateKinds = ["tasks", "goals"]

    /// Short ids with titles: this week's tasks or goals (recurring goals' instances included),
    /// then the open ones of other weeks, newest first; at most `limit`, so a large history
    /// keeps the shell responsive.
    public func completionCandidates(_ kind: String, limit: Int = 200) throws -> [Candidate] {
        let state = try repository.state()
        let week = session.currentWeek
        let key = week.description
        switch kind {
        case "tasks":
            let tasks = state.liveTasks { $0.week == key || !$0.done }
            let ordered = tasks.filter { $0.week == key } + tasks.filter { $0.week != key }.reversed()
            return ordered.prefix(limit).map { Candidate(value: $0.shortID, title: $0.title) }
        case "goals":
            let others = state.goals.values { !$0.removed && !$0.done && $0.week != key }
                .sorted { ($0.clock, $0.id) > ($1.clock, $1.id) }
            return (state.goals(in: week) + others).prefix(limit).map { Candidate(value: $0.shortID, title: $0.title) }
        default:
            throw TeamflowError(.usage, "unknown kind '\(kind)'", hints: ["Use one of: \(Self.candidateKinds.joined(separator: ", "))."])
        }
    }
}
