import ArgumentParsing
import Foundation
import JSONShapes
import TeamflowCore

/// `teamflow standup`: per member, done since the last working day, in progress, overdue.
enum StandupCommand {
    static let since = OptionSpec(long: "since", valueName: "DATE", help: "A date (YYYY-MM-DD, yesterday, mon, -2d; default: the last working day).")
    static let member = OptionSpec(long: "member", short: "m", valueName: "M", help: "Only this member (name, handle, id prefix or me).",
                                   completion: MemberCommand.completion)
    static let mine = FlagSpec(long: "mine", help: "Only me (same as --member me).")

    static let spec = CommandSpec(
        name: "standup",
        abstract: "Per member: what was done since the last working day, what is in progress, what is overdue.",
        discussion: "\"Done since\" reads the time of the event that made each task done (kept in the state, so no history is replayed), seen in TZ, so it is right "
            + "for a team spread over time zones. Each task is listed once: one in progress and past due is marked overdue on its line. The default start is the last working day before today (Friday on a Monday).",
        examples: ["teamflow standup", "teamflow standup --since yesterday --mine", "teamflow standup --member 건우 --json"],
        options: [since, member],
        flags: [mine],
        validate: { parsed in
            if try parsed[mine], try parsed[member] != nil { throw ValidationError("give --mine or --member, not both") }
        },
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        defer { inv.tellSupersededWrites() }
        let queries = try inv.queries()
        let who = try inv.parsed[mine] ? Session.meWord : inv.parsed[member]
        let standup = try queries.standup(since: inv.parsed[since], member: who)
        inv.emit(json: json(standup), text: text(standup, timeZone: queries.session.timeZone))
    }

    static func json(_ standup: Standup) -> JSON {
        let task: (TeamTask, String?) -> JSON = { EntityJSON.json($0, memberName: $1) }
        return .object([
            ("today", .string(standup.today.description)),
            ("since", .string(standup.since.description)),
            ("members", .array(standup.sections.map { section in
                let name = section.member?.name
                return .object([
                    ("id", .optional(section.member?.id)),
                    ("name", .optional(name)),
                    ("done", .array(section.done.map { item in
                        guard case .object(let pairs) = task(item.task, name) else { return .null }
                        // The task object already has `doneAt`: the standup's is the time of
                        // the event it read, the same moment; one key, never two.
                        return .object(pairs.filter { $0.0 != "doneAt" } + [("doneAt", .string(item.at)), ("doneBy", .string(item.by.name))])
                    })),
                    ("inProgress", .array(section.inProgress.map { EntityJSON.json($0.task, memberName: name, overdue: $0.isOverdue) })),
                    ("overdue", .array(section.overdue.map { task($0, name) })),
                ])
            })),
        ])
    }

    static func text(_ standup: Standup, timeZone: TimeZone) -> String {
        var lines = [Console.styled("Standup \(standup.today)", .bold) + Console.styled("  done since \(standup.since)", .dim)]
        for section in standup.sections {
            let title = section.member.map { Present.oneLine($0.name) + ($0.handle.map { " @\(Present.oneLine($0))" } ?? "") } ?? "Unassigned"
            lines += ["", Console.styled(title, .bold)]
            if section.isEmpty { lines.append("  (nothing to report)"); continue }
            for item in section.done {
                lines.append("  done     \(Present.status(item.task.status)) \(Console.styled(item.task.shortID, .dim))  \(Present.oneLine(item.task.title))"
                             + Console.styled("  \(Present.oneLine(Timestamp.display(item.at, timeZone: timeZone)))", .dim))
            }
            for item in section.inProgress {
                let task = item.task
                // Listed once: an overdue task in progress is marked here, not listed again below.
                lines.append("  doing    \(Present.status(task.status)) \(Console.styled(task.shortID, .dim))  \(Present.oneLine(task.title))"
                             + (item.isOverdue ? "  " + Console.styled("overdue", .red) + " \(task.due.map { String($0.description.dropFirst(5)) } ?? "")" : ""))
            }
            for task in section.overdue {
                lines.append("  " + Console.styled("overdue", .red) + "  \(Present.status(task.status)) \(Console.styled(task.shortID, .dim))  "
                             + "\(Present.oneLine(task.title))  due \(task.due?.description ?? "")")
            }
        }
        return lines.joined(separator: "\n")
    }
}
