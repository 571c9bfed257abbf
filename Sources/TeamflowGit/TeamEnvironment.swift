public import Foundation
internal import Git
public import TeamflowCore

/// The settings a teamflow session takes from its process's environment, read in this one
/// place by the command line and by library clients alike:
///
/// - `TEAMFLOW_NOW` (RFC 3339 with an offset) replaces the wall clock, so scripts and tests
///   back-fill and reproduce histories;
/// - `TZ` decides the local calendar: which day, and so which ISO week, "now" falls in (the
///   forms are listed at `ClockSettings.timeZone(fromTZ:)`);
/// - `TEAMFLOW_AUTHOR` (`Name <email>`) is the author of new events, before git's `user.name`
///   and `user.email`.
///
/// Values are read when asked for, not when the environment is captured, so a malformed one
/// fails only what needs it (`--version` needs no calendar). A malformed `TZ` or
/// `TEAMFLOW_NOW` throws a `TeamflowError` of kind `.environment`; a malformed
/// `TEAMFLOW_AUTHOR` one of kind `.failure`. Nothing falls back silently.
///
/// ```swift
/// let store = try GitEventStore.open(at: path)
/// let session = try TeamEnvironment.current(from: ProcessInfo.processInfo.environment).session(for: store)
/// ```
public struct TeamEnvironment: Sendable, Equatable {
    /// `TEAMFLOW_NOW` as set (nil or empty: the wall clock).
    public var now: String?
    /// `TZ` as set (nil: the system's zone; empty: UTC).
    public var tz: String?
    /// `TEAMFLOW_AUTHOR` as set (nil or empty: git's config).
    public var author: String?

    /// The settings given one by one (a client that keeps them elsewhere than the environment).
    public init(now: String? = nil, tz: String? = nil, author: String? = nil) {
        self.now = now
        self.tz = tz
        self.author = author
    }

    /// The settings in `variables`, a process environment such as
    /// `ProcessInfo.processInfo.environment`; other variables are ignored.
    public static func current(from variables: [String: String]) -> TeamEnvironment {
        TeamEnvironment(now: variables["TEAMFLOW_NOW"], tz: variables["TZ"], author: variables["TEAMFLOW_AUTHOR"])
    }

    /// The instant `TEAMFLOW_NOW` names; nil when it is unset or empty (the wall clock rules).
    public func fixedNow() throws -> Date? {
        guard let now, !now.isEmpty else { return nil }
        return try ClockSettings.now(fromTEAMFLOW_NOW: now, wallClock: Date(timeIntervalSince1970: 0))
    }

    /// `TEAMFLOW_NOW`'s instant, else `wallClock`.
    public func now(wallClock: Date) throws -> Date {
        try ClockSettings.now(fromTEAMFLOW_NOW: now, wallClock: wallClock)
    }

    /// The zone `TZ` names.
    public func timeZone() throws -> TimeZone {
        try ClockSettings.timeZone(fromTZ: tz)
    }

    /// The author of new events: `explicit` when given (the command line's `--author`, a
    /// client's own choice), else `TEAMFLOW_AUTHOR`, else git's `user.name`/`user.email` in
    /// `store`'s repository (local, global or system config); nil when none is set, and writes
    /// then fail with `TeamflowError.noAuthor()`.
    public func author(explicit: Author? = nil, store: GitEventStore?) throws -> Author? {
        if let explicit { return explicit }
        if let value = author, !value.isEmpty {
            guard let parsed = Author(parsing: value) else {
                throw TeamflowError(.failure, "TEAMFLOW_AUTHOR is '\(value)', not \"Name <email>\"",
                                    hints: ["export TEAMFLOW_AUTHOR=\"Name <email>\""])
            }
            return parsed
        }
        guard let repository = store?.repository,
              let name = try? repository.config("user.name"), !name.isEmpty,
              let email = try? repository.config("user.email"), !email.isEmpty else { return nil }
        return Author(name: name, email: email)
    }

    /// The session every teamflow command runs with in `store`'s repository: the author (see
    /// `author(explicit:store:)`), now (`TEAMFLOW_NOW`, else `wallClock`), the zone (`TZ`) and
    /// who `me` is (`GitEventStore.callerIdentity()`). Read in that order, so when several
    /// settings are malformed the author's is the one reported.
    public func session(for store: GitEventStore, author explicit: Author? = nil, wallClock: Date = Date()) throws -> Session {
        let author = try author(explicit: explicit, store: store)
        return Session(author: author, now: try now(wallClock: wallClock), timeZone: try timeZone(settings: store.settings()),
                       identity: store.callerIdentity())
    }

    /// The zone `TZ` names when it is set, else the team's `teamflow.zone` (the same forms),
    /// else the system's.
    public func timeZone(settings: TeamSettings) throws -> TimeZone {
        guard tz == nil, let zone = settings.zone else { return try timeZone() }
        do {
            return try ClockSettings.timeZone(fromTZ: zone)
        } catch let error as TeamflowError {
            throw TeamflowError(.environment, "git config teamflow.zone is '\(zone)': " + error.message.replacingOccurrences(of: "TZ='\(zone)' ", with: ""),
                                hints: ["Use an IANA zone or a fixed offset, e.g. git config teamflow.zone Asia/Seoul."])
        }
    }
}
