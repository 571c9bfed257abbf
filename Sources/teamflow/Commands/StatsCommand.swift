import ArgumentParsing
import Charts
import Foundation
import Insights
import JSONShapes
import TeamflowCore

/// `teamflow stats [--weeks N] [--member M]`: velocity (items done per week) as a terminal
/// chart; also the `--burndown` of `week` and `sprint`, which share its chart printing.
enum StatsCommand {
    static let weeks = OptionSpec(long: "weeks", valueName: "N", help: "How many weeks, ending with this week (default: 8; never before the team's first week).")
    static let member = OptionSpec(long: "member", short: "m", valueName: "M", help: "Only this member's tasks (name, handle or id prefix).",
                                   completion: MemberCommand.completion)
    /// `--by items|points`, of `stats` and of `week`/`sprint --burndown`.
    static let by = OptionSpec(long: "by", valueName: "WHAT", help: "Count items (tasks and goals) or the tasks' points (default: items).",
                               allowedValues: Measure.allCases.map(\.rawValue))
    /// The `--burndown` flag of `week` and `sprint`.
    static let burndown = FlagSpec(long: "burndown", help: "Show open items at each day's end against the ideal line and the scope instead of the board.")

    static let spec = CommandSpec(
        name: "stats",
        abstract: "Velocity: tasks and goals done per week, for the team and each member, with the average.",
        discussion: "Bars on a terminal (coloured as --color says), plain numbers when piped; --json prints the series (docs/CHARTS.md). Weeks and days are those of TZ.",
        examples: ["teamflow stats", "teamflow stats --weeks 12 --member minsu", "teamflow stats --json"],
        options: [weeks, member, by],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let count = try inv.parsed.int(weeks, in: 1...Insights.maxWeeks) ?? 8
        let only = try inv.parsed[member]
        let measure = try measure(inv)
        let series = try inv.queries().velocity(weeks: count, member: only, by: measure)
        if inv.json { return inv.raw(json(series).document.serialized() + "\n") }
        var options = chartOptions(inv)
        // One member's bars would repeat the team's: the name goes into the title instead
        // (plain numbers keep the member's column, which names them).
        if only != nil, options.style == .bars, let name = series.members.first {
            options.showMembers = false
            options.labels.velocityTitle += " · " + name
        }
        if measure == .points { options.labels.velocityTitle += " (points)" }
        inv.raw(TextChart.velocity(series, options: options))
    }

    /// `week [W] --burndown`.
    static func weekBurndown(_ inv: Invocation) throws {
        let measure = try measure(inv)
        let burndown = try inv.queries().weekBurndown(inv.parsed[WeekCommand.week], by: measure)
        let week = burndown.week
        printBurndown(inv, burndown.series, heading: "Week \(week) (\(week.start) – \(week.end))" + (measure == .points ? " · points" : ""))
    }

    /// `sprint [NAME] --burndown`.
    static func sprintBurndown(_ inv: Invocation) throws {
        let measure = try measure(inv)
        let burndown = try inv.queries().sprintBurndown(inv.parsed[SprintCommand.name], by: measure)
        let sprint = burndown.sprint
        printBurndown(inv, burndown.series, heading: "Sprint \(Present.oneLine(sprint.name)) (\(sprint.from) – \(sprint.to))"
                        + (measure == .points ? " · points" : ""))
    }

    /// What `--by` says to count (the parser has checked the word).
    static func measure(_ inv: Invocation) throws -> Measure {
        try inv.parsed[by].flatMap(Measure.init(rawValue:)) ?? .items
    }

    static func printBurndown(_ inv: Invocation, _ series: BurndownSeries, heading: String) {
        if inv.json { return inv.raw(json(series).document.serialized() + "\n") }
        inv.out(inv.styled(heading, .bold) + "\n")
        // The chart escapes its own labels; `inv.out` would escape its colour codes too.
        inv.raw(TextChart.burndown(series, options: chartOptions(inv)))
    }

    /// Bars on a terminal, plain numbers when piped; colour as the rest of the output has it
    /// (`--color`), and bars also when piped under `--color always`, or the colour would have
    /// nothing to show on; as wide as `COLUMNS` says (80 otherwise).
    static func chartOptions(_ inv: Invocation) -> TextChartOptions {
        let width = inv.environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return TextChartOptions(width: width, color: inv.output.useColor, style: inv.output.isTerminal || inv.output.colorForced ? .bars : .plain)
    }

    /// The keys of docs/CHARTS.md, in its order.
    static func json(_ series: VelocitySeries) -> JSON {
        .object([
            ("periods", .array(series.periods.map { period in
                .object([("label", .string(period.label)), ("done", .int(period.done)), ("byMember", .array(period.byMember.map(JSON.int)))])
            })),
            ("members", .array(series.members.map(JSON.string))),
            ("average", .number(series.average)),
        ])
    }

    /// The baseline is `scope`; `total` is the same number under its older name, for scripts
    /// written before the scope line.
    static func json(_ series: BurndownSeries) -> JSON {
        .object([
            ("scope", .int(series.scope)),
            ("total", .int(series.scope)),
            ("added", .int(series.added)),
            ("removed", .int(series.removed)),
            ("days", .array(series.days.map { day in
                .object([("day", .string(day.day)), ("open", day.open.map(JSON.int) ?? .null), ("ideal", .number(day.ideal)),
                         ("working", .bool(day.working)), ("scope", day.scope.map(JSON.int) ?? .null),
                         ("added", .int(day.added)), ("removed", .int(day.removed))])
            })),
            ("today", .optional(series.today)),
        ])
    }
}
