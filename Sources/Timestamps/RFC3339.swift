public import Foundation

/// RFC 3339 timestamps (`2024-11-18T09:30:00+09:00`): the one reader and writer of the
/// project. Events store their time this way, `TEAMFLOW_NOW` is read this way, and the YAML
/// module codes `Date` values this way.
public enum RFC3339 {
    /// Parses a timestamp with an offset (`Z`, `z`, `+09:00`, `-05:30`); `T` may be `t`;
    /// fractional seconds of any length are allowed, a leap second (`:60`) is read as `:59`
    /// plus one second. Nil when malformed or outside years 0001...9999.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// `parse` over UTF-8 bytes, without building a `String`.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let count = bytes.count
        func number(_ from: Int, _ width: Int) -> Int? {
            guard from + width <= count else { return nil }
            var value = 0
            for index in from..<from + width {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116,
              bytes[13] == 58, bytes[16] == 58,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              CivilDate.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < count else { return nil }
        var offset = 0
        switch bytes[index] {
        case 90, 122: // Z z
            guard index + 1 == count else { return nil }
        case 43, 45: // + -
            guard index + 6 == count, bytes[index + 3] == 58,
                  let hours = number(index + 1, 2), let minutes = number(index + 4, 2), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let days = CivilDate.dayNumber(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Writes `date` as seen in `timeZone`: `2024-11-18T09:30:00+09:00`, `Z` when the offset
    /// is zero. Seconds precision unless `fractionalSeconds`, which adds milliseconds when the
    /// date has a fraction. Dates outside years 0001...9999 are clamped to those ends.
    public static func format(_ date: Date, timeZone: TimeZone, fractionalSeconds: Bool = false) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let parts = Parts(date, offset: offset)
        var text = "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
        if fractionalSeconds, parts.milliseconds > 0 { text += "." + pad(parts.milliseconds, 3) }
        return text + (offset == 0 ? "Z" : offsetText(offset))
    }

    /// UTC, for writers that store instants rather than local times.
    public static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.gmt

    /// `+09:00`, `-05:00`, `+00:00`.
    public static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }

    /// The wall-clock fields of a date at a fixed offset from UTC.
    public struct Parts: Sendable, Equatable {
        public var year, month, day, hour, minute, second, milliseconds: Int

        /// Splits `date` shifted by `offset` seconds; clamped to 0001-01-01...9999-12-31 so no
        /// date (not even `.distantFuture` or a NaN interval) can trap the arithmetic.
        public init(_ date: Date, offset: Int) {
            let lowest = Double(CivilDate.dayNumber(year: 1, month: 1, day: 1) * 86_400)
            let highest = Double(CivilDate.dayNumber(year: 10_000, month: 1, day: 1) * 86_400 - 1)
            var local = date.timeIntervalSince1970 + Double(offset)
            if !(local >= lowest) { local = lowest } // also NaN
            if local > highest { local = highest }
            let whole = local.rounded(.down)
            let total = Int(whole)
            let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
            let secondOfDay = total - days * 86_400
            (year, month, day) = CivilDate.civil(dayNumber: days)
            hour = secondOfDay / 3_600
            minute = secondOfDay / 60 % 60
            second = secondOfDay % 60
            milliseconds = min(999, Int(((local - whole) * 1000).rounded(.down)))
        }
    }

    /// The decimal digits, left-padded with zeros to `width`.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
