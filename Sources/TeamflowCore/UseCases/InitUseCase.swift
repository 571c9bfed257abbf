import Foundation

/// `teamflow init [--team NAME]`: records the team's name; optional and idempotent.
public struct InitUseCase {
    /// Where `team.initialized` is appended.
    public let repository: any EventRepository

    /// An init of `repository`.
    public init(repository: any EventRepository) {
        self.repository = repository
    }

    /// What an init did.
    public struct Outcome: Sendable, Equatable {
        /// The team's name after the init (nil when none was ever given).
        public var team: String?
        /// Whether a `team.initialized` event was written.
        public var changed: Bool
    }

    /// Writes `team.initialized` on an empty history, or when `team` renames the team;
    /// otherwise changes nothing. `session` is asked for only when an event is written, so
    /// re-running init needs no author.
    public func initialize(team: String?, session: () throws -> Session) throws -> Outcome {
        let state = try repository.state()
        let needsEvent = state.eventCount == 0 || (team != nil && team != state.teamName)
        if needsEvent {
            let session = try session()
            var data = Fields()
            if let team { data["team"] = .string(try Validate.title(team)) }
            _ = try repository.record([EventDraft(type: EventType.teamInitialized, data: data,
                                                  summary: team.map { "init: team \($0)" } ?? "init")],
                                      session: session)
        }
        return Outcome(team: team ?? state.teamName, changed: needsEvent)
    }
}
