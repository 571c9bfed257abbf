/// `team.initialized`: written by `teamflow init`, names the team.
public struct TeamInitialized: TeamEvent {
    public static let type = EventType.teamInitialized
    public static let concurrentWrites: ConcurrentWrites = .none
    public static let keys = [EventSchema.o("team")]
    public static let notUndoable: String? = "initialising again with another name renames the team"

    public var team: String?

    public init(team: String?) { self.team = team }

    public init?(data: Fields) { team = data.string("team") }

    public var data: Fields {
        var data = Fields()
        data.put("team", team)
        return data
    }

    public func fold(into state: inout TeamState, event: Event) {
        if let team { state.teamName = team }
    }
}
