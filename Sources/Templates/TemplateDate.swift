public import Foundation

/// A point in time in a template context: what a YAML 1.1 timestamp (`2018-05-05T03:39:26Z`,
/// `2018-05-05`) in a `--data` file, or a JSON `{"$date": "..."}` object, becomes.
///
/// It prints as its RFC 3339 text (in the offset it was written with), exposes
/// `timeIntervalSinceReferenceDate` and `timeIntervalSince1970` as templates written for
/// SwiftGen expect of a `Date`, and is what the `date` filter formats.
public struct TemplateDate: Sendable, Hashable {
    /// The instant.
    public let date: Date
    /// Seconds east of UTC the timestamp was written in; it prints back in that offset.
    public let offset: Int
    /// True when the timestamp had a fraction of a second (printed with milliseconds).
    public let hasFraction: Bool

    /// A date printed in `offset` (seconds east of UTC, default UTC).
    public init(date: Date, offset: Int = 0, hasFraction: Bool = false) {
        self.date = date
        self.offset = offset
        self.hasFraction = hasFraction
    }

    /// RFC 3339: `2018-05-05T03:39:26Z`, `2018-05-05T12:39:26+09:00`, `...26.100Z`.
    public var text: String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)
        formatter.formatOptions = hasFraction ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The longest text read as a timestamp; anything longer is a plain string without being scanned.
    static let maximumLength = 64

    /// A YAML 1.1 timestamp (the `tag:yaml.org,2002:timestamp` forms): `2001-12-14`,
    /// `2001-12-14t21:59:43.10-05:00`, `2001-12-14 21:59:43.10 -5`, `2001-12-15T02:59:43.1Z`.
    /// A time without a zone is UTC. Nil when `text` is not one (or names no real day or time).
    public static func yaml11(_ text: String) -> TemplateDate? {
        guard text.utf8.count <= maximumLength else { return nil }
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.digits(4, 4), scanner.take("-"), let month = scanner.digits(1, 2), scanner.take("-"),
              let day = scanner.digits(1, 2) else { return nil }
        if scanner.atEnd {
            // The date-only form needs two-digit month and day.
            guard text.utf8.count == 10 else { return nil }
            return make(year, month, day, 0, 0, 0, fraction: nil, offset: 0)
        }
        guard scanner.take("T") || scanner.take("t") || scanner.skipSpaces() > 0 else { return nil }
        guard let hour = scanner.digits(1, 2), scanner.take(":"), let minute = scanner.digits(2, 2), scanner.take(":"),
              let second = scanner.digits(2, 2) else { return nil }
        var fraction: Double?
        if scanner.take(".") {
            let start = scanner.index
            scanner.skipDigits()
            fraction = Double("0." + String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self)) ?? 0
        }
        _ = scanner.skipSpaces()
        var offset = 0
        if scanner.take("Z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(1, 2) else { return nil }
            var minutes = 0
            if scanner.take(":") {
                guard let parsed = scanner.digits(2, 2) else { return nil }
                minutes = parsed
            }
            guard hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.atEnd else { return nil }
        return make(year, month, day, hour, minute, second, fraction: fraction, offset: offset)
    }

    /// An RFC 3339 timestamp (`2018-05-05T03:39:26Z`, with `T` and a zone) or full date (`2018-05-05`).
    public static func rfc3339(_ text: String) -> TemplateDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || (bytes.count > 19 && (bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"))),
              bytes.count == 10 || bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z")
                || bytes.dropLast(5).last == UInt8(ascii: "+") || bytes.dropLast(5).last == UInt8(ascii: "-")
        else { return nil }
        return yaml11(text.replacingOccurrences(of: "z", with: "Z"))
    }

    private static func make(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
                             fraction: Double?, offset: Int) -> TemplateDate? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let seconds = Double(daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset)
        return TemplateDate(date: Date(timeIntervalSince1970: seconds + (fraction ?? 0)), offset: offset, hasFraction: fraction != nil)
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Reads the digits and punctuation of a timestamp, byte by byte.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    /// Between `minimum` and `maximum` ASCII digits as a number; nil (nothing consumed) when fewer.
    mutating func digits(_ minimum: Int, _ maximum: Int) -> Int? {
        var value = 0
        var count = 0
        while count < maximum, index + count < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + count]) {
            value = value * 10 + Int(bytes[index + count] - UInt8(ascii: "0"))
            count += 1
        }
        guard count >= minimum else { return nil }
        index += count
        return value
    }

    /// Skips any number of ASCII digits (a fraction's, not turned into a number).
    mutating func skipDigits() {
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Skips spaces and tabs; how many.
    mutating func skipSpaces() -> Int {
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index - start
    }

    /// `+1` or `-1` for a sign, consumed; nil otherwise.
    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }
}
