import Foundation

/// The `date` filter: `{{ d|date:"yyyy-MM-dd" }}` formats a date (a ``TemplateDate``, or a
/// string holding an RFC 3339 timestamp) with a Unicode date pattern, in the environment's
/// zone (``TemplateEnvironment/timeZone``, UTC unless set) or the zone named by a second
/// argument (`{{ d|date:"HH:mm","Asia/Seoul" }}`). Without a pattern it prints RFC 3339 in that zone.
enum DateFilters {
    static let table: [String: FilterFunction] = ["date": .contextual(date)]

    /// A pattern longer than this is refused: its output grows with it, and no real pattern is near.
    static let maximumPatternLength = 256

    static func date(_ value: TemplateValue, _ arguments: [TemplateValue], _ context: RenderContext) throws -> TemplateValue {
        guard arguments.count <= 2 else { throw TemplateError(message: "filter 'date' takes a pattern and a time zone at most") }
        let instant: Date
        switch value {
        case .null:
            return .null
        case .date(let date):
            instant = date.date
        case .string(let text):
            guard let parsed = TemplateDate.rfc3339(text) else {
                throw TemplateError(message: "filter 'date': '\(text.prefix(TemplateDate.maximumLength))' is not a date or an RFC 3339 timestamp")
            }
            instant = parsed.date
        default:
            throw TemplateError(message: "filter 'date' expects a date, got \(value.debugText.prefix(64))")
        }
        var zone = context.environment.timeZone
        if arguments.count == 2 {
            let name = arguments[1].rendered
            guard let named = TimeZone(identifier: name) else {
                throw TemplateError(message: "filter 'date': unknown time zone '\(name.prefix(64))'")
            }
            zone = named
        }
        let pattern = arguments.first.map(\.rendered) ?? "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        guard pattern.count <= maximumPatternLength else {
            throw TemplateError(message: "filter 'date': the pattern is \(pattern.count) characters, more than \(maximumPatternLength)")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return .string(formatter.string(from: instant))
    }
}
