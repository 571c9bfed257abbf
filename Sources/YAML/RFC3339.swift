import Foundation

/// RFC 3339 timestamps for `Date` values in Codable.
enum RFC3339 {
    /// `2024-11-18T01:00:00Z`, with fractional seconds only when the date has them.
    static func string(from date: Date) -> String {
        let whole = date.timeIntervalSinceReferenceDate.rounded(.down) == date.timeIntervalSinceReferenceDate
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: !whole, timeZone: TimeZone(identifier: "UTC") ?? .current)
        return date.formatted(style)
    }

    /// Accepts offsets (`+09:00`, `Z`) and optional fractional seconds.
    static func date(from string: String) -> Date? {
        let plain = Date.ISO8601FormatStyle()
        if let date = try? plain.parse(string) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string)
    }
}
