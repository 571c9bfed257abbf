/// Retrospective entries: keep, problem, try.
public struct RetroUseCases: UseCase {
    public let context: UseCaseContext

    public init(context: UseCaseContext) { self.context = context }

    /// Adds an entry to a week (default: the current one); `kind` defaults to `keep`.
    @discardableResult
    public func add(text: String, kind: String? = nil, week: String? = nil) throws -> RetroEntry {
        let text = text.trimmingSpaces
        guard !text.isEmpty else {
            throw TeamflowError(.usage, "the retrospective entry is empty", reason: .invalidText(.text, of: nil))
        }
        let kind = kind?.lowercased() ?? "keep"
        guard RetroEntry.kinds.contains(kind) else {
            throw TeamflowError(.usage, "unknown kind '\(kind)'", hints: ["Use keep, problem or try."])
        }
        let week = try session.week(week).description
        let (event, state) = try context.append(RetroAdded(text: text, kind: kind, week: week), summary: "retro: \(kind) (\(week))")
        return try readBack(state.retros[event.id], "entry")
    }

    /// Entries oldest first; of one week when given.
    public func list(week: String? = nil) throws -> [RetroEntry] {
        let key = try week.map { try session.week($0).description }
        return try repository.state().retros(in: key)
    }
}
