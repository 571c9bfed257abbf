import TeamflowCore
import JSONShapes

/// How a recurring goal looks in JSON and in text.
enum GoalRuleView {
    /// Keys: `id`, `short`, `title`, `every`, `from`, `until` (or null), `stoppedFrom` (the first
    /// week without an instance, or null), `createdBy`, `createdAt`.
    static func json(_ rule: GoalRule) -> JSON {
        .object([
            ("id", .id(rule.id)),
            ("short", .string(rule.shortID)),
            ("title", .string(rule.title)),
            ("every", .string(rule.every)),
            ("from", .string(rule.from)),
            ("until", .optional(rule.until)),
            ("stoppedFrom", .optional(rule.stoppedFrom)),
            ("createdBy", .string(rule.createdBy)),
            ("createdAt", .string(rule.createdAt)),
        ])
    }

    /// `every week from 2024-W47 through 2024-W52`.
    static func span(_ rule: GoalRule) -> String {
        "every \(Present.oneLine(rule.every)) from \(Present.oneLine(rule.from))"
            + (rule.lastWeek.map { " through \($0)" } ?? "")
    }
}
