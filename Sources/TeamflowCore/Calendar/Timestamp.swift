import Foundation

/// RFC 3339 timestamps as events store them: seconds precision, local offset (`+09:00`, `Z` for UTC).
public enum Timestamp {
    /// Formats `date` in `timeZone`, e.g. `2024-11-18T09:30:00+09:00`.
    public static func format(_ date: Date, timeZone: TimeZone) -> String {
        let (p, offset) = parts(of: date, in: timeZone)
        let zone = offset == 0 ? "Z" : offsetText(offset)
        return "\(p[0].zeroPadded(4))-\(p[1].zeroPadded(2))-\(p[2].zeroPadded(2))T"
            + "\(p[3].zeroPadded(2)):\(p[4].zeroPadded(2)):\(p[5].zeroPadded(2))\(zone)"
    }

    /// A stored timestamp for reading, in `timeZone` with its offset: `2024-11-18 14:03 +09:00`
    /// (UTC reads `+00:00`). Text that is not RFC 3339 is returned as it is.
    public static func display(_ text: String, timeZone: TimeZone) -> String {
        guard let date = parse(text) else { return text }
        let (p, offset) = parts(of: date, in: timeZone)
        return "\(p[0].zeroPadded(4))-\(p[1].zeroPadded(2))-\(p[2].zeroPadded(2)) "
            + "\(p[3].zeroPadded(2)):\(p[4].zeroPadded(2)) \(offsetText(offset))"
    }

    /// Year, month, day, hour, minute, second of `date` in `timeZone`, and the zone's offset then.
    private static func parts(of date: Date, in timeZone: TimeZone) -> ([Int], Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return ([c.year, c.month, c.day, c.hour, c.minute, c.second].map { $0 ?? 0 }, timeZone.secondsFromGMT(for: date))
    }

    /// `+09:00`, `-05:00`, `+00:00`.
    private static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + (minutes / 60).zeroPadded(2) + ":" + (minutes % 60).zeroPadded(2)
    }

    /// Parses an RFC 3339 timestamp with offset (fractional seconds allowed); nil when malformed.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for b in bytes[from..<from + count] {
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116,
              bytes[13] == 58, bytes[16] == 58,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              Day(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        if bytes[index] == 90 || bytes[index] == 122 {
            guard index + 1 == bytes.count else { return nil }
        } else if bytes[index] == 43 || bytes[index] == 45 {
            guard index + 6 == bytes.count, bytes[index + 3] == 58,
                  let oh = number(index + 1, 2), let om = number(index + 4, 2) else { return nil }
            offset = (oh * 60 + om) * 60 * (bytes[index] == 45 ? -1 : 1)
        } else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let base = calendar.date(from: parts) else { return nil }
        return base.addingTimeInterval(fraction - Double(offset))
    }
}
