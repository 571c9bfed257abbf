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

    /// Whether the sprint holds a working day (Monday to Friday) of `week`: that week's tasks
    /// belong to the sprint. A sprint starting on a Saturday does not claim the week before.
    public func holdsWorkingDay(of week: ISOWeek) -> Bool {
        from <= week.start.adding(days: 4) && to >= week.start
    }

    /// Whether a stored `sprint` key (an id, or a name in a hand-written event) names this sprint.
    public func isNamed(by key: String) -> Bool {
        key == id || Lookup.normalize(key) == Lookup.normalize(name)
    }

    /// Working days (Monday to Friday) from `today`, or from the start when that is later, to
    /// the last day, both included: 0 once the sprint is over.
    public func workingDaysLeft(today: Day) -> Int {
        Day.workingDays(from: max(today, from), through: to)
    }
}

extension Day {
    /// Monday-to-Friday days from `first` through `last` (0 when `last` is earlier).
    /// Arithmetic, not a walk: a hand-written sprint may span thousands of years.
    static func workingDays(from first: Day, through last: Day) -> Int {
        let start = first.dayNumber, end = last.dayNumber
        guard start <= end else { return 0 }
        let span = end - start + 1
        var count = span / 7 * 5
        var number = start + span / 7 * 7
        while number <= end {
            if Day.isoWeekday(dayNumber: number) <= 5 { count += 1 }
            number += 1
        }
        return count
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
            return sprint.isNamed(by: key)
        }.sorted { ($0.clock, $0.id) < ($1.clock, $1.id) }
    }

    /// Live tasks of a sprint, in the order they were added. A task filed in a sprint belongs
    /// to it; one filed in none follows its nearest ancestor filed in one, and otherwise belongs
    /// to the sprint when its week, or an ancestor's, has a working day inside the sprint (so a
    /// parent brings its sub-tasks along).
    public func tasks(in sprint: Sprint) -> [TeamTask] {
        liveTasks { task in
            var current: TeamTask? = task
            var steps = 0, weekInside = false
            // Bounded: folds never form a cycle, but a damaged state must not hang the board.
            while let item = current, steps <= tasks.count {
                if let key = item.sprint { return sprint.isNamed(by: key) }
                if !weekInside { weekInside = ISOWeek(parsing: item.week).map(sprint.holdsWorkingDay) ?? false }
                current = item.parent.flatMap { tasks[$0] }
                steps += 1
            }
            return weekInside
        }
    }
}
