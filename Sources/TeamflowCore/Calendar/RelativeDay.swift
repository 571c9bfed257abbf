/// Dates as people type them where a command takes a date (`--due`, `--since`, a sprint's
/// `--from`): `today`, `tomorrow`, `yesterday`, a weekday (`fri`, `friday`), or an offset
/// (`+3d`, `+2w`, `-1d`), besides `YYYY-MM-DD`. Korean words the team uses (`오늘`, `내일`,
/// `어제`, `금`/`금요일`) are read the same way.
///
/// A weekday means the nearest such day on or after today: `fri` typed on a Friday is that
/// Friday (a due date of "this Friday", as Monday's plan means it), not one a week later.
extension Day {
    /// The day `text` names, relative to `today`; nil when it is no date this reads.
    public static func relative(_ text: String, today: Day) -> Day? {
        let word = text.trimmingSpaces.lowercased()
        if let day = Day(parsing: word) { return day }
        switch word {
        case "today", "오늘": return today
        case "tomorrow", "내일": return today.adding(days: 1)
        case "yesterday", "어제": return today.adding(days: -1)
        default: break
        }
        if let weekday = weekdays[word] {
            return today.adding(days: (weekday - today.isoWeekday + 7) % 7)
        }
        return offset(word).map { today.adding(days: $0) }
    }

    /// ISO weekday numbers (Monday 1) by English name, its three-letter form, and Korean.
    private static let weekdays: [String: Int] = {
        let english = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let korean = ["월", "화", "수", "목", "금", "토", "일"]
        var table: [String: Int] = [:]
        for (index, name) in english.enumerated() {
            table[name] = index + 1
            table[String(name.prefix(3))] = index + 1
            table[korean[index]] = index + 1
            table[korean[index] + "요일"] = index + 1
        }
        return table
    }()

    /// `+3d`, `-1d`, `+2w` (also without the sign for a forward offset: `3d`) in days; at most
    /// ten years either way, so a typo cannot name a day outside the calendar.
    private static func offset(_ word: String) -> Int? {
        var rest = Substring(word)
        var sign = 1
        if rest.first == "+" { rest = rest.dropFirst() } else if rest.first == "-" { sign = -1; rest = rest.dropFirst() }
        let digits = rest.dropLast()
        guard let unit = rest.last, unit == "d" || unit == "w", !digits.isEmpty, digits.count <= 5,
              digits.allSatisfy({ ("0"..."9").contains($0) }), let count = Int(digits) else { return nil }
        let days = count * (unit == "w" ? 7 : 1)
        return days <= 3_660 ? sign * days : nil
    }
}
