/// A named sprint: a range of days that goals and tasks may belong to instead of a week.
public struct Sprint: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var from: Day
    public var to: Day
    public var removed: Bool
    public var clock: Int

    public var shortID: String { ShortID.of(id) }

    /// Whether the sprint has any day in `week`.
    public func overlaps(_ week: ISOWeek) -> Bool { from <= week.end && to >= week.start }

    public func contains(_ day: Day) -> Bool { from <= day && day <= to }
}

extension Sprint {
    static func foldAdded(_ state: inout TeamState, _ event: Event) {
        guard let name = event.data.string("name"),
              let from = event.data.string("from").flatMap(Day.init(parsing:)),
              let to = event.data.string("to").flatMap(Day.init(parsing:)) else { return }
        state.sprints[event.id] = Sprint(id: event.id, name: name, from: from, to: to, removed: false, clock: event.clock)
    }

    static func foldRemoved(_ state: inout TeamState, _ event: Event, removed: Bool) {
        guard let id = event.data.string("sprint") else { return }
        state.sprints[id]?.removed = removed
    }
}

extension TeamState {
    /// Live sprints by start day, then creation order.
    public var liveSprints: [Sprint] {
        sprints.values { !$0.removed }.sorted { ($0.from, $0.clock, $0.id) < ($1.from, $1.clock, $1.id) }
    }

    /// Finds a live sprint by name (case-insensitive, NFC) or id prefix.
    public func sprint(named text: String) throws -> Sprint {
        try Lookup.resolve(text, in: liveSprints, kind: "sprint", id: \.id, names: { [$0.name] },
                           label: { "\($0.name) (\($0.from) – \($0.to))" })
    }

    /// The sprint holding `day` (the latest-starting one when several do).
    public func sprint(containing day: Day) -> Sprint? {
        liveSprints.last { $0.contains(day) }
    }

    /// The sprint overlapping `week` (the latest-starting one when several do).
    public func sprint(overlapping week: ISOWeek) -> Sprint? {
        liveSprints.last { $0.overlaps(week) }
    }

    /// Live goals of a sprint, matched by the sprint's id (or, for hand-written events, its name).
    public func goals(in sprint: Sprint) -> [Goal] {
        goals.values { goal in
            guard !goal.removed, let key = goal.sprint else { return false }
            return key == sprint.id || Lookup.normalize(key) == Lookup.normalize(sprint.name)
        }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }
}
