import Foundation
import JSONShapes
import TeamflowCore
import TeamflowGit

/// How entities look in text (their JSON is `EntityJSON`, in JSONShapes). Keys follow SPEC section 4.
///
/// Text: every field that is one line on screen (title, name, id, week, author) goes through
/// `oneLine`, so a newline or control character from a teammate's event shows as an escape and
/// cannot fake another line of a board; bodies keep their newlines. `Console` escapes the rest.
enum Present {
    /// A one-line field for text output (see `TerminalText.singleLine`).
    static func oneLine(_ text: String) -> String { TerminalText.singleLine(text) }

    /// A multi-line body for text output: CRLF and lone CR read as line breaks (events written
    /// before `review add` normalised gh's CRLF still show clean lines).
    static func block(_ text: String) -> String { Markdown.normalizingLineEnds(text) }

    /// A board's goal line: `[>]` and the week for a record a carry left behind, the week it
    /// came from when carried in, and the owner.
    static func line(_ line: GoalLine) -> String {
        let box = line.carriedTo != nil ? "[>]" : checkbox(line.goal.done)
        var text = "\(box) \(Console.styled(oneLine(line.goal.shortID), .dim))  \(oneLine(line.goal.title))"
        if let owner = line.ownerName { text += "  " + Console.styled("@" + oneLine(owner), .cyan) }
        if let to = line.carriedTo { text += Console.styled("  → " + oneLine(to), .dim) }
        if let from = line.carriedFrom { text += Console.styled("  ← " + oneLine(from), .dim) }
        return text
    }

    /// `[x]` / `[ ]` when piped (GitHub task-list style), coloured marks on a terminal.
    static func checkbox(_ done: Bool) -> String {
        guard Console.useColor else { return done ? "[x]" : "[ ]" }
        return done ? Console.styled("✔", .green) : Console.styled("○", .dim)
    }

    static func line(_ goal: Goal) -> String {
        "\(checkbox(goal.done)) \(Console.styled(oneLine(goal.shortID), .dim))  \(oneLine(goal.title))"
    }

    /// A store diagnostic whose path (a file name from a teammate's tree) is one escaped line;
    /// its message may quote the file over several lines, escaped by `Console`.
    static func safe(_ diagnostic: Diagnostic) -> Diagnostic {
        var safe = diagnostic
        safe.path = oneLine(diagnostic.path)
        return safe
    }

    static func week(_ board: WeekBoard) -> String {
        "\(board.week) (\(board.start) – \(board.end))"
    }

    static func progress(_ done: Int, _ total: Int) -> String {
        "\(done)/\(total)"
    }

    /// `3/4, 75%` (no percent without a total).
    static func progress(_ done: Int, _ total: Int, percent: Int?) -> String {
        progress(done, total) + (percent.map { ", \($0)%" } ?? "")
    }
}

extension Invocation {
    /// Prints JSON when `--json` was given (a top-level object with its `schema`), else the text.
    func emit(json: @autoclosure () -> JSON, text: @autoclosure () -> String) {
        if self.json {
            raw(json().document.serialized() + "\n")
        } else {
            let body = text()
            out(body.hasSuffix("\n") || body.isEmpty ? body : body + "\n")
        }
    }

    /// `emit(json:text:)` for text laid out in a buffer (a long list), ending in a newline.
    func emit(json: @autoclosure () -> JSON, lines: @autoclosure () -> TextBuffer) {
        if self.json {
            raw(json().document.serialized() + "\n")
        } else {
            let body = lines()
            if let last = body.last, last != 0x0A { body.appendLiteral("\n") }
            output.out(body)
        }
    }
}

// MARK: - Members, projects, epics, tasks, sprints

extension Present {
    static func line(_ member: Member) -> String {
        "\(Console.styled(oneLine(member.shortID), .dim))  \(oneLine(member.name))" + (member.handle.map { "  @\(oneLine($0))" } ?? "")
            + (member.email.map { "  <\(oneLine($0))>" } ?? "")
    }

    static func line(_ project: Project, today: Day) -> String {
        var text = "\(status(project.status)) \(Console.styled(oneLine(project.shortID), .dim))  \(oneLine(project.name))"
        if let due = project.due {
            text += project.isOverdue(today: today) ? "  " + Console.styled("overdue since \(due)", .red) : "  due \(due)"
        }
        return text
    }

    static func line(_ item: EpicProgress) -> String {
        "\(status(item.status)) \(Console.styled(oneLine(item.epic.shortID), .dim))  \(oneLine(item.epic.title))  (\(progress(item.done, item.total, percent: item.percent)))"
            + (item.isDerived && item.status == .done ? "  " + Console.styled("complete", .green) : "")
    }

    /// `[x]` done, `[~]` doing, `[ ]` todo (coloured marks on a terminal).
    static func status(_ status: WorkStatus) -> String {
        switch status {
        case .done: return checkbox(true)
        case .todo: return checkbox(false)
        case .doing: return Console.useColor ? Console.styled("◐", .yellow) : "[~]"
        }
    }

    static func line(_ task: TeamTask, memberName: String?, today: Day? = nil) -> String {
        let line = TextBuffer()
        append(line: 0, of: TaskList(tasks: [task], memberNames: [memberName]), today: today, color: Console.useColor, to: line)
        return line.text
    }

    /// `line` of each task, one a line, in one buffer: a list prints 10,000 of them, and a
    /// string per line, then joined, cost as much again as the lines' text.
    static func lines(_ list: TaskList, today: Day?) -> TextBuffer {
        let color = Console.useColor // once: each look-up reads the run's task-local context
        let text = TextBuffer()
        text.reserveCapacity(list.count * 72)
        for i in list.tasks.indices {
            if i > 0 { text.appendLiteral("\n") }
            append(line: i, of: list, today: today, color: color, to: text)
        }
        return text
    }

    /// Appends the line of `list.tasks[i]`. Each field is read where it lies in the array: passing
    /// the whole task to a function copied it (~300 bytes, a dozen references retained and
    /// released) for every line; only the rare lines with an estimate or a due date still do.
    /// One-line fields are escaped straight into the buffer (`TextBuffer.field`).
    private static func append(line i: Int, of list: TaskList, today: Day?, color: Bool, to line: TextBuffer) {
        let status = list.tasks[i].status
        if color {
            line.append(Self.status(status))
            line.appendLiteral(" ")
            line.shortID(list.tasks[i].id, .dim)
        } else {
            line.appendLiteral(status == .done ? "[x] " : status == .todo ? "[ ] " : "[~] ")
            line.shortID(list.tasks[i].id)
        }
        line.appendLiteral("  ")
        line.field(list.tasks[i].title)
        if list.tasks[i].points != nil || !list.tasks[i].labels.isEmpty { line.append(estimate(list.tasks[i])) }
        if let memberName = list.memberNames[i] {
            line.appendLiteral("  @")
            line.field(memberName)
        }
        line.appendLiteral("  ")
        if color { line.field(list.tasks[i].week, .dim) } else { line.field(list.tasks[i].week) }
        if list.tasks[i].due != nil {
            let task = list.tasks[i]
            line.append(due(task, today: today, overdue: today.map { task.isOverdue(today: $0) } == true))
        }
        if !list.tasks[i].links.isEmpty {
            line.appendLiteral("  ")
            line.append(Console.styled(oneLine(list.tasks[i].links.map(\.label).joined(separator: " ")), .dim))
        }
    }

    static func line(_ sprint: Sprint) -> String {
        "\(Console.styled(oneLine(sprint.shortID), .dim))  \(oneLine(sprint.name))  \(sprint.from) – \(sprint.to)"
    }

    /// The member sections of a board, then unassigned tasks with the progress the board
    /// counted; `today` marks overdue tasks.
    static func memberSections(_ members: [MemberTasks], unassigned: [TaskNode], unassignedProgress: (done: Int, total: Int),
                               today: Day? = nil) -> [String] {
        var lines: [String] = []
        for column in members {
            let handle = column.member.handle.map { " @\(oneLine($0))" } ?? ""
            lines += ["", Console.styled(oneLine(column.member.name), .bold) + handle + " (\(progress(column.done, column.total)))"]
            lines += Self.lines(column.tasks, indent: "  ", today: today)
        }
        if !unassigned.isEmpty {
            lines += ["", Console.styled("Unassigned", .bold) + " (\(progress(unassignedProgress.done, unassignedProgress.total)))"]
            lines += Self.lines(unassigned, indent: "  ", today: today)
        }
        return lines
    }

    static func overdueSection(_ projects: [Project], today: Day) -> [String] {
        guard !projects.isEmpty else { return [] }
        return ["", Console.styled("Overdue projects", .red)] + projects.map { "  " + line($0, today: today) }
    }
}

// MARK: - Reviews, retrospectives, wiki pages

extension Present {
    static func line(_ review: Review) -> String {
        let comments = review.comments.count
        return "\(Console.styled("#\(review.pr)", .bold))  \(Console.styled(oneLine(review.shortID), .dim))  \(oneLine(review.title))"
            + Console.styled("  by \(oneLine(review.author)), \(oneLine(review.week)), \(comments) comment\(comments == 1 ? "" : "s")", .dim)
    }

    /// A review for reading in a terminal: header, sections with their headings, comments with
    /// their verdict (`✅ approved`) and their time in `timeZone` (`2024-11-18 14:03 +09:00`).
    static func detail(_ review: Review, timeZone: TimeZone) -> String {
        var lines = [Console.styled("PR #\(review.pr)  \(oneLine(review.title))", .bold),
                     Console.styled(([review.shortID, "by \(review.author)", review.week] + [review.prState, review.branch, review.url].compactMap { $0 })
                        .map(oneLine).joined(separator: " · "), .dim)]
        for section in review.sections {
            lines.append("")
            if !section.heading.isEmpty { lines.append(Console.styled("## \(oneLine(section.heading))", .cyan)) }
            lines.append(block(section.body))
        }
        lines.append("")
        lines.append(Console.styled("Comments (\(review.comments.count))", .bold))
        for comment in review.comments {
            let verdict = comment.stateLabel.map { " " + oneLine($0) } ?? ""
            let at = oneLine(Timestamp.display(comment.at, timeZone: timeZone))
            lines.append("  \(Console.styled(oneLine(comment.author), .yellow))\(verdict)  \(Console.styled(at, .dim))")
            guard !comment.textRepeatsState else { continue }
            lines.append(contentsOf: Markdown.lines(block(comment.text)).map { "    " + $0 })
        }
        return lines.joined(separator: "\n")
    }

    static func line(_ entry: RetroEntry) -> String {
        "\(Console.styled(oneLine(entry.shortID), .dim))  \(oneLine(entry.week))  \(Console.styled(oneLine(entry.kind) + String(repeating: " ", count: max(0, 7 - entry.kind.count)), .cyan)) \(oneLine(entry.text))"
    }

    static func line(_ page: WikiPage) -> String {
        "\(Console.styled(oneLine(page.shortID), .dim))  \(oneLine(page.title))"
            + Console.styled("  \(page.entries.count) entr\(page.entries.count == 1 ? "y" : "ies")", .dim)
    }

    /// A page for reading: its body, then each journal entry under its date and author.
    static func detail(_ page: WikiPage) -> String {
        var lines = [Console.styled(oneLine(page.title), .bold)]
        let body = block(page.body)
        if !body.isEmpty { lines += ["", body.hasSuffix("\n") ? String(body.dropLast()) : body] }
        for entry in page.journal {
            lines += ["", Console.styled("\(oneLine(entry.day)) by \(oneLine(entry.author))", .cyan), block(entry.text)]
        }
        return lines.joined(separator: "\n")
    }

    static func line(_ revision: WikiRevision) -> String {
        "\(Console.styled(oneLine(ShortID.of(revision.id)), .dim))  \(oneLine(revision.at))  \(oneLine(revision.action) + String(repeating: " ", count: max(0, 8 - revision.action.count))) \(oneLine(revision.author))  (\(revision.size) characters)"
    }
}
