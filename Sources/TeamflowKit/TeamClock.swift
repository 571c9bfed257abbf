public import Foundation

/// Where a `Team` reads "now" each time it records or asks about this week.
///
/// A team stays open across many operations, so its clock is read per operation, never once at
/// open time; tests and back-filling scripts fix it instead (`TEAMFLOW_NOW` does the same for
/// the command line).
public struct TeamClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `read()` each time it is asked.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The machine's wall clock.
    public static let system = TeamClock { Date() }

    /// A clock stopped at `date`.
    public static func fixed(_ date: Date) -> TeamClock {
        TeamClock { date }
    }

    /// The current instant by this clock.
    public func now() -> Date { read() }
}
