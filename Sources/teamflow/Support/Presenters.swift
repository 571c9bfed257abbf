import TeamflowCore

/// How entities look in JSON and in text. Keys follow SPEC section 4.
enum Present {
    static func json(_ goal: Goal) -> JSON {
        .object([
            ("id", .string(goal.id)),
            ("short", .string(goal.shortID)),
            ("title", .string(goal.title)),
            ("done", .bool(goal.done)),
            ("week", .string(goal.week)),
            ("sprint", .optional(goal.sprint)),
            ("createdBy", .string(goal.createdBy)),
            ("createdAt", .string(goal.createdAt)),
        ])
    }

    /// `[x]` / `[ ]` when piped (GitHub task-list style), coloured marks on a terminal.
    static func checkbox(_ done: Bool) -> String {
        guard Console.useColor else { return done ? "[x]" : "[ ]" }
        return done ? Console.styled("✔", .green) : Console.styled("○", .dim)
    }

    static func line(_ goal: Goal) -> String {
        "\(checkbox(goal.done)) \(Console.styled(goal.shortID, .dim))  \(goal.title)"
    }

    static func week(_ board: WeekBoard) -> String {
        "\(board.week) (\(board.start) – \(board.end))"
    }

    static func progress(_ done: Int, _ total: Int) -> String {
        "\(done)/\(total)"
    }
}

extension Invocation {
    /// Prints JSON when `--json` was given, else the text.
    func emit(json: @autoclosure () -> JSON, text: @autoclosure () -> String) {
        if self.json {
            Console.out(json().serialized() + "\n")
        } else {
            let body = text()
            Console.out(body.hasSuffix("\n") || body.isEmpty ? body : body + "\n")
        }
    }
}
