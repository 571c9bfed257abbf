public import Foundation

/// The two environment settings that decide a session's calendar: `TZ` and `TEAMFLOW_NOW`.
///
/// A malformed value is an `.environment` error (exit 64), never a silent fallback: a typo in
/// `TZ` would otherwise file every task under UTC's day and week without a word.
public enum ClockSettings {
    /// The zone `TZ` names.
    ///
    /// - unset: the system's zone (`/etc/localtime`).
    /// - empty: UTC, as the C library reads it.
    /// - a tz database name, with or without POSIX's leading `:` (`Asia/Seoul`, `:Asia/Seoul`,
    ///   `UTC`, `EST5EDT`), or a path to a file under a `zoneinfo/` folder.
    /// - a POSIX zone without daylight saving: a name and its offset west of UTC (`KST-9`,
    ///   `UTC0`, `<+0530>-5:30`): a fixed offset.
    ///
    /// Anything else (an unknown name, a POSIX zone with daylight-saving rules) throws.
    public static func timeZone(fromTZ value: String?) throws -> TimeZone {
        guard let value else { return TimeZone.current }
        guard !value.isEmpty else { return TimeZone(secondsFromGMT: 0) ?? TimeZone.current }
        var name = Substring(value)
        if name.hasPrefix(":") { name = name.dropFirst() }
        if let zone = TimeZone(identifier: String(name)) { return zone }
        if name.hasPrefix("/"), let range = name.range(of: "/zoneinfo/"),
           let zone = TimeZone(identifier: String(name[range.upperBound...])) {
            return zone
        }
        switch POSIXZone(parsing: name) {
        case .fixed(let seconds):
            if let zone = TimeZone(secondsFromGMT: seconds) { return zone }
        case .withDaylightSaving:
            throw TeamflowError(.environment, "TZ='\(value)' has daylight-saving rules, which teamflow does not read",
                                hints: ["Name the zone instead, e.g. TZ=Europe/Berlin, or unset TZ for the system's zone."])
        case nil:
            break
        }
        throw TeamflowError(.environment, "TZ='\(value)' is not a time zone teamflow knows",
                            hints: ["Use a tz database name such as TZ=Asia/Seoul or TZ=UTC, or unset TZ for the system's zone."])
    }

    /// The instant `TEAMFLOW_NOW` names (RFC 3339 with an offset), or `wallClock` when it is unset or empty.
    public static func now(fromTEAMFLOW_NOW value: String?, wallClock: Date) throws -> Date {
        guard let value, !value.isEmpty else { return wallClock }
        guard let date = Timestamp.parse(value) else {
            throw TeamflowError(.environment, "TEAMFLOW_NOW='\(value)' is not an RFC 3339 timestamp",
                                hints: ["Write a date, T, a time and an offset, e.g. TEAMFLOW_NOW=2024-11-18T09:00:00+09:00 (or Z for UTC); unset it to use the clock."])
        }
        return date
    }
}

/// A POSIX `TZ` value such as `KST-9` or `CET-1CEST,M3.5.0,M10.5.0/3`: `std offset [dst [offset][,rule]]`.
enum POSIXZone: Equatable {
    /// No daylight saving: seconds east of UTC.
    case fixed(Int)
    case withDaylightSaving

    init?(parsing text: Substring) {
        var rest = text
        guard POSIXZone.name(&rest), let west = POSIXZone.offset(&rest) else { return nil }
        if rest.isEmpty {
            self = .fixed(-west)
            return
        }
        guard POSIXZone.name(&rest) else { return nil }
        self = .withDaylightSaving
    }

    /// Consumes a zone abbreviation: three or more letters, or `<...>` holding three or more
    /// letters, digits, `+` or `-`.
    private static func name(_ rest: inout Substring) -> Bool {
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return false }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            guard inner.count >= 3, inner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }) else {
                return false
            }
            rest = rest[rest.index(after: close)...]
            return true
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return false }
        rest = rest.dropFirst(letters.count)
        return true
    }

    /// Consumes `[+-]hh[:mm[:ss]]` (hours 0...24) and returns seconds west of UTC.
    private static func offset(_ rest: inout Substring) -> Int? {
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), let value = Int(digits) else { return nil }
            parts.append(value)
            rest = rest.dropFirst(digits.count)
            guard rest.first == ":" else { break }
            rest = rest.dropFirst()
        }
        guard let hours = parts.first, hours <= 24, parts.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let minutes = parts.count > 1 ? parts[1] : 0
        let seconds = parts.count > 2 ? parts[2] : 0
        return sign * (hours * 3600 + minutes * 60 + seconds)
    }
}
