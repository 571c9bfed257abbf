import Foundation
import TeamflowCore
import Templates

/// The values each layout sees. Every page gets `t` (headings), `team`, `lang` and `site`
/// (links to every page); then its own object (`week`, `review`, `project` or `page`).
struct WikiContext {
    let site: WikiSite
    let labels: [String: String]
    let language: WikiLanguage
    var timeZone: TimeZone? = nil
    var teamFallback: String? = nil

    func base() -> [String: TemplateValue] {
        [
            "t": .dictionary(labels.mapValues(TemplateValue.string)),
            "lang": .string(language.rawValue),
            "team": .string(Inline.text(site.state.teamName ?? teamFallback ?? labels["team"] ?? "Team")),
            "site": siteValue,
        ]
    }

    private var siteValue: TemplateValue {
        .dictionary([
            "home": link(WikiSite.home, labels["home"] ?? "Home"),
            "currentWeek": site.currentWeek.flatMap { week in site.weekNames[week].map { link($0, week) } } ?? .null,
            "weeks": .array(site.weeks.compactMap { week in site.weekNames[week].map { link($0, week) } }),
            "reviews": .array(site.reviews.compactMap { review in
                site.reviewNames[review.id].map { link($0, "PR #\(review.pr) \(review.title)") }
            }),
            "projects": .array(site.projects.compactMap { project in
                site.projectNames[project.id].map { name -> TemplateValue in
                    var value = projectSummary(project)
                    value["link"] = .string(name)
                    return .dictionary(value)
                }
            }),
            "pages": .array(site.pages.compactMap { page in site.pageNames[page.id].map { link($0, page.title) } }),
        ])
    }

    /// A link to a page; `text` is raw and escaped here, once.
    private func link(_ name: String, _ text: String) -> TemplateValue {
        .dictionary(["link": .string(name), "text": .string(Inline.linkText(text))])
    }

    // MARK: Weeks

    /// A week page renders the week's `WeekBoard` (the one `teamflow week` prints), with
    /// overdue judged on the week's last day so a page does not change with the day it is exported.
    func week(_ key: String) -> TemplateValue {
        guard let parsed = ISOWeek(parsing: key) else { return .null }
        let board = site.boards.board(parsed, asOf: parsed.end)
        let retros = site.retrosByWeek[key] ?? []
        let unassigned = board.unassignedProgress
        return .dictionary([
            "name": .string(key),
            "start": .string(board.start.description),
            "end": .string(board.end.description),
            "goals": .array(board.goalLines.map(goalItem)),
            "doneGoals": .int(board.goalProgress.done),
            "sprint": board.sprint.map { sprint in
                .dictionary(["name": .string(Inline.text(sprint.name)), "from": .string(sprint.from.description),
                             "to": .string(sprint.to.description),
                             "goals": .array(board.sprintGoalLines.map(goalItem)),
                             "doneGoals": .int(board.sprintDoneCount)])
            } ?? .null,
            "members": .array(board.members.map { column in
                .dictionary(["name": .string(Inline.text(column.member.name)), "done": .int(column.done),
                             "total": .int(column.total), "tasks": .array(flatten(column.tasks))])
            }),
            "unassigned": .array(flatten(board.unassigned)),
            "unassignedDone": .int(unassigned.done), "unassignedTotal": .int(unassigned.total),
            "retro": .dictionary(Dictionary(uniqueKeysWithValues: RetroEntry.kinds.map { kind in
                (kind, TemplateValue.array(retros.filter { $0.kind == kind }.map { entry in
                    .dictionary(["text": .string(Inline.text(entry.text)), "author": .string(Inline.text(entry.author))])
                }))
            })),
            "hasRetro": .bool(!retros.isEmpty),
            "reviews": .array((site.reviewsByWeek[key] ?? []).compactMap { review in
                site.reviewNames[review.id].map { name in
                    .dictionary(["link": .string(name), "pr": .int(review.pr), "title": .string(Inline.linkText(review.title)),
                                 "author": .string(Inline.text(review.author)), "comments": .int(review.comments.count)])
                }
            }),
        ])
    }

    /// Task trees as flat lines with an indent, so a layout writes nested task lists simply. A
    /// line a carry left behind is open with `carriedTo`; `doing` marks work in progress;
    /// `overdue` is an open task past due on the board's day. All of it comes from the board.
    private func flatten(_ nodes: [TaskNode], depth: Int = 0) -> [TemplateValue] {
        nodes.flatMap { node -> [TemplateValue] in
            let task = node.task, here = node.carriedTo == nil
            var fields = itemFields(task.title, done: node.countsDone, depth: depth)
            fields["id"] = .string(task.shortID)
            fields["doing"] = .bool(node.isDoing)
            // Weeks come from events as written: one line each, like every other text here.
            fields["carriedTo"] = node.carriedTo.map { .string(Inline.text($0)) } ?? .null
            fields["carriedFrom"] = here ? node.carriedFrom.map { .string(Inline.text($0)) } ?? .null : .null
            fields["overdue"] = .bool(node.isOverdue)
            fields["due"] = task.due.map { .string($0.description) } ?? .null
            // `#95`, or a Markdown link to the PR when its address is known.
            fields["links"] = .string(node.links.map { view in
                " " + (view.url.map { "[\(Inline.text(view.link.label))](\($0))" } ?? Inline.text(view.link.label))
            }.joined())
            fields["points"] = task.points.map { .int($0) } ?? .null
            fields["labels"] = .array(task.labels.map { .string(Inline.text($0)) })
            let estimate = (task.points.map { ["\($0)pt"] } ?? []) + task.labels.map { "#" + Inline.text($0) }
            fields["marks"] = .string((estimate.isEmpty ? "" : " " + estimate.joined(separator: " ")) + marks(doing: node.isDoing, carriedTo: node.carriedTo,
                                            carriedFrom: here ? node.carriedFrom : nil,
                                            overdueSince: node.isOverdue ? task.due : nil))
            return [.dictionary(fields)] + flatten(node.subtasks, depth: depth + 1)
        }
    }

    /// What follows a task's text, in the page's language: ` (in progress)`, ` (carried → W)`,
    /// ` (carried ← W)`, ` (Due D, overdue)`. Also given field by field, for layouts of one's own.
    func marks(doing: Bool, carriedTo: String? = nil, carriedFrom: String? = nil, overdueSince due: Day? = nil) -> String {
        var parts: [String] = []
        if doing { parts.append(labels["inProgress"] ?? "in progress") }
        if let carriedTo { parts.append("\(labels["carriedTo"] ?? "carried →") \(Inline.text(carriedTo))") }
        if let carriedFrom { parts.append("\(labels["carriedFrom"] ?? "carried ←") \(Inline.text(carriedFrom))") }
        if let due { parts.append("\(labels["due"] ?? "Due") \(due), \(labels["overdue"] ?? "overdue")") }
        return parts.map { " (\($0))" }.joined()
    }

    /// A goal line: `owner` and `marks` (carried to or from a week), as tasks have them.
    private func goalItem(_ line: GoalLine) -> TemplateValue {
        var fields = itemFields(line.goal.title, done: line.countsDone, depth: 0)
        fields["id"] = .string(line.goal.shortID)
        fields["owner"] = line.ownerName.map { .string(Inline.text($0)) } ?? .null
        fields["carriedTo"] = line.carriedTo.map { .string(Inline.text($0)) } ?? .null
        fields["carriedFrom"] = line.carriedFrom.map { .string(Inline.text($0)) } ?? .null
        let owner = line.ownerName.map { " @" + Inline.text($0) } ?? ""
        fields["marks"] = .string(owner + marks(doing: false, carriedTo: line.carriedTo, carriedFrom: line.carriedFrom))
        return .dictionary(fields)
    }

    private func item(_ text: String, done: Bool, depth: Int) -> TemplateValue {
        .dictionary(itemFields(text, done: done, depth: depth))
    }

    private func itemFields(_ text: String, done: Bool, depth: Int) -> [String: TemplateValue] {
        ["text": .string(Inline.text(text)), "done": .bool(done), "check": .string(done ? "x" : " "),
         "indent": .string(String(repeating: "  ", count: depth))]
    }
}
