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
