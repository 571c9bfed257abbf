public import Foundation
import Timestamps

/// RFC 3339 timestamps as events store them: seconds precision, local offset (`+09:00`, `Z` for UTC).
/// The reading and writing is the `Timestamps` module's `RFC3339`, the project's one implementation.
public enum Timestamp {
    /// Formats `date` in `timeZone`, e.g. `2024-11-18T09:30:00+09:00`.
    public static func format(_ date: Date, timeZone: TimeZone) -> String {
        RFC3339.format(date, timeZone: timeZone)
    }

    /// A stored timestamp for reading, in `timeZone` with its offset: `2024-11-18 14:03 +09:00`
    /// (UTC reads `+00:00`). Text that is not RFC 3339 is returned as it is.
    public static func display(_ text: String, timeZone: TimeZone) -> String {
        guard let date = parse(text) else { return text }
        let offset = timeZone.secondsFromGMT(for: date)
        let p = RFC3339.Parts(date, offset: offset)
        return "\(p.year.zeroPadded(4))-\(p.month.zeroPadded(2))-\(p.day.zeroPadded(2)) "
            + "\(p.hour.zeroPadded(2)):\(p.minute.zeroPadded(2)) \(RFC3339.offsetText(offset))"
    }

    /// `display(_:timeZone:)` in `timeZone`, or with no zone in the offset it was written with
    /// (`2024-11-12 14:12 +09:00` either way for a Seoul author read in Seoul): every page shows
    /// a time with its offset, never a bare clock reading.
    public static func display(_ text: String, in timeZone: TimeZone?) -> String {
        if let timeZone { return display(text, timeZone: timeZone) }
        guard parse(text) != nil else { return text }
        let suffix = text.hasSuffix("Z") || text.hasSuffix("z") ? "+00:00" : String(text.suffix(6))
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " " + suffix
    }

    /// Parses an RFC 3339 timestamp with offset (fractional seconds allowed); nil when malformed.
    public static func parse(_ text: String) -> Date? {
        RFC3339.parse(text)
    }
}
