import TeamflowCore

/// What `teamflow doctor` reports: the readable events and every problem found.
public struct CheckupReport: Sendable {
    /// How many events are readable.
    public var events: Int
    /// Corrupt or duplicate events, clock anomalies, a shallow history, a stale cache.
    public var problems: [Diagnostic]
}

extension GitEventStore {
    /// Runs `doctor()` and counts the readable events (as its replay passes them). The
    /// problems are returned, not also sent to `onDiagnostic`, so each is reported once.
    public func checkup() throws -> CheckupReport {
        onDiagnostic = { _ in }
        let (problems, events) = try examine()
        return CheckupReport(events: events, problems: problems)
    }
}
