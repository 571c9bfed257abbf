public import TeamflowCore

/// A week's page as teams paste it from Notion, Google Docs or Slack: a goals list (an item
/// ending or starting with ✅, ☑️ or ✔️, written `[x]` or struck `~~…~~` is done), then each
/// member's tasks under a heading or a line naming the member, or nested under a list item
/// naming the member. A task item indented under another is its sub-task, at any depth
/// (`parents`); lines that belong to an item (`⇒ …`, `→ …`, text indented under a bullet) are
/// its note. Lists may use `-`, `*`, `+`, `•`, `◦`, `▪` or numbers (`1.`, `1)`), indented by
/// spaces or tabs. Code blocks, tables, prose and headings that name no member are skipped and
/// reported (`skipped`), never silently dropped.
public struct WeeklyPage: Sendable, Equatable {
    /// The week written on the page (`2024-W47`, or a date in it as `YYYY-MM-DD`), if any.
    public var week: String?
    /// A date without a year on the page (`11 18 팀 현황 …`, `11/18`): the importer picks the year.
    public var monthDay: MonthDay?
    public var goals: [ChecklistItem]
    /// `goalNotes[i]` is the note kept under `goals[i]` (nil: none).
    public var goalNotes: [String?] = []
    /// Members in the order they appear, with their tasks. `parents[i]` is the position in
    /// `tasks` of the item `tasks[i]` is nested under (nil: top level); a parent always comes first.
    public var members: [(name: String, tasks: [ChecklistItem], parents: [Int?])]
    /// `taskNotes[m][i]` is the note kept under `members[m].tasks[i]`.
    public var taskNotes: [[String?]] = []
    /// Lines left out, with why (1-based line numbers).
    public var skipped: [SkippedLine] = []
    /// Lines kept as an item's note (1-based).
    public var keptAsNotes: [Int] = []

    /// A month and day without a year.
    public struct MonthDay: Sendable, Equatable {
        public var month: Int
        public var day: Int
    }

    /// A line the page holds that imports as nothing.
    public struct SkippedLine: Sendable, Equatable {
        public enum Reason: String, Sendable, Equatable {
            /// Inside a fenced code block (the fences too).
            case code
            /// A table row.
            case table
            /// A heading or short line that is neither a label, a member nor the title.
            case notes
            /// A long paragraph.
            case prose
            /// A list item with no member to belong to (in the members' part, before any member).
            case unplaced
        }
        public var line: Int
        public var reason: Reason
        /// The line's text (trimmed), for "the first lines it could not place".
        public var text: String
    }

    public static func == (lhs: WeeklyPage, rhs: WeeklyPage) -> Bool {
        lhs.week == rhs.week && lhs.monthDay == rhs.monthDay && lhs.goals == rhs.goals && lhs.goalNotes == rhs.goalNotes
            && lhs.members.count == rhs.members.count && lhs.taskNotes == rhs.taskNotes && lhs.skipped == rhs.skipped
            && zip(lhs.members, rhs.members).allSatisfy { $0.name == $1.name && $0.tasks == $1.tasks && $0.parents == $1.parents }
    }

    private enum Phase { case start, goals, members }

    /// The item a note line or indented text belongs to.
    private enum Target { case goal(Int), task(member: Int, index: Int) }

    /// Parses `text`. `isMember` says whether a name is one of the team's (the importer knows
    /// the team; without it, a list item with items below it is a member, and so is a short
    /// label after the goals). With `guessesMembers`,
    /// a short unknown label followed by items is still taken for a member (so the importer can
    /// report it as unknown); without it (`--members` given), only `isMember` names members and
    /// every other heading or line in the members' part is a note.
    public init(parsing text: String, isMember known: ((String) -> Bool)? = nil, guessesMembers: Bool = true) {
        let isMember = { (name: String) in known?(name) ?? false }
        week = nil
        goals = []
        members = []
        let lines = Markdown.lines(text)
        var fence = Markdown.FenceTracker()
        var phase = Phase.start
        var member: String?
        var header: (name: String, indent: Int)?
        var memberIndex: [String: Int] = [:]
        var nesting = Nesting()
        var last: (target: Target, indent: Int)?
        // Labels taken for members by their shape alone: reported as notes if they get no task.
        var guessedAt: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if fence.feed(line) {
                skip(number, .code, line)
                continue
            }
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("|") {
                skip(number, .table, line)
                continue
            }
            let pasted = WeeklyPage.listItem(line)
            // `⇒ 결과`, `→ 이유` (as a line or as an item) and text indented under an item are the item's.
            let noteText = pasted.map { WeeklyPage.noteMarked(String($0.content)) } ?? WeeklyPage.noteMarked(trimmed)
            let indentedText = pasted == nil && Markdown.heading(line) == nil && WeeklyPage.indent(of: line) > (last?.indent ?? Int.max)
            if let target = last?.target, noteText != nil || indentedText {
                note(noteText ?? trimmed, to: target)
                keptAsNotes.append(number)
                continue
            }
            if let (indent, content) = pasted {
                if let current = header, indent > current.indent {
                    last = add(item(content), indent: indent, to: current.name, &memberIndex, &nesting).map { ($0, indent) }
                    continue
                }
                header = nil
                // An item with items below it names a member (`- 건우` with the tasks nested
                // below), unless under a member's heading it is no member: a task with sub-tasks.
                let name = WeeklyPage.name(String(content))
                let isHeader = WeeklyPage.checkbox(content) == nil && nextIsNested(lines, after: index, than: indent)
                    && (member == nil ? (isMember(name) || guessesMembers) : (known?(name) ?? true))
                if (phase == .start || phase == .goals) && !isHeader {
                    phase = .goals
                    let goal = item(content)
                    if !goal.text.isEmpty {
                        goals.append(goal)
                        goalNotes.append(nil)
                        last = (.goal(goals.count - 1), indent)
                    }
                } else if isHeader {
                    phase = .members
                    header = (name, indent)
                    ensure(name, &memberIndex)
                    nesting = Nesting()
                    last = nil
                } else if let member {
                    last = add(item(content), indent: indent, to: member, &memberIndex, &nesting).map { ($0, indent) }
                } else {
                    skip(number, .unplaced, line)
                    last = nil
                }
                continue
            }
            header = nil
            last = nil
            // A line that is no list item ends any nesting: the next item starts at the top.
            nesting = Nesting()
            let heading = Markdown.heading(line)
            let label = heading?.text ?? trimmed
            if week == nil && monthDay == nil, let found = WeeklyPage.findDate(label) {
                switch found {
                case .full(let text): week = text
                case .monthDay(let value): monthDay = value
                }
                continue
            }
            let words = Markdown.words(label)
            let name = WeeklyPage.name(label)
            if !name.isEmpty, isMember(name) {
                phase = .members
                member = name
                ensure(name, &memberIndex)
            } else if WeeklyPage.isMembersLabel(words) {
                phase = .members
                member = nil
            } else if WeeklyPage.isGoalsLabel(words) && phase != .members {
                phase = .goals
                member = nil
            } else if guessesMembers, phase != .start, WeeklyPage.looksLikeName(label) {
                // A short label no member answers to: taken for a member so the importer can
                // say it is unknown, rather than filing its tasks under the member before it.
                phase = .members
                member = name
                ensure(name, &memberIndex)
                if guessedAt[name] == nil { guessedAt[name] = number }
            } else {
                skip(number, label.count > 80 ? .prose : .notes, line)
            }
        }
        // Members named but given no task are dropped with their (empty) note lists; a label
        // taken for a member only by its shape was a note after all.
        for member in members where member.tasks.isEmpty {
            if let line = guessedAt[member.name] {
                skipped.append(SkippedLine(line: line, reason: .notes, text: member.name))
            }
        }
        skipped.sort { $0.line < $1.line }
        let kept = members.indices.filter { !members[$0].tasks.isEmpty }
        members = kept.map { members[$0] }
        taskNotes = kept.map { taskNotes[$0] }
    }

    private mutating func skip(_ line: Int, _ reason: SkippedLine.Reason, _ text: Substring) {
        skipped.append(SkippedLine(line: line, reason: reason, text: String(text.trimmingSpaces.prefix(120))))
    }

    private mutating func note(_ text: String, to target: Target) {
        func join(_ old: String?) -> String { old.map { $0 + "\n" + text } ?? text }
        switch target {
        case .goal(let index): goalNotes[index] = join(goalNotes[index])
        case .task(let member, let index): taskNotes[member][index] = join(taskNotes[member][index])
        }
    }

    /// The member's position in `members`, added if new. `index` maps names to positions: a
    /// search of `members` per line was quadratic (20,000 members: ~50 s; found while fuzzing).
    @discardableResult
    private mutating func ensure(_ name: String, _ index: inout [String: Int]) -> Int {
        if let position = index[name] { return position }
        members.append((name, [], []))
        taskNotes.append([])
        index[name] = members.count - 1
        return members.count - 1
    }

    /// Adds a task under the nearest earlier item of the same member indented less than it.
    private mutating func add(_ task: ChecklistItem, indent: Int, to name: String, _ index: inout [String: Int],
                              _ nesting: inout Nesting) -> Target? {
        guard !task.text.isEmpty else { return nil }
        let position = ensure(name, &index)
        if nesting.member != position { nesting = Nesting(member: position) }
        while let last = nesting.open.last, last.indent >= indent { nesting.open.removeLast() }
        members[position].parents.append(nesting.open.last?.task)
        members[position].tasks.append(task)
        taskNotes[position].append(nil)
        nesting.open.append((indent, members[position].tasks.count - 1))
        return .task(member: position, index: members[position].tasks.count - 1)
    }

    /// The items a following, deeper item can nest under: one member's, by indentation.
    private struct Nesting {
        var member: Int?
        var open: [(indent: Int, task: Int)] = []
    }

    /// The bullets pasted pages use besides Markdown's `-`, `*`, `+`: Notion's and Google
    /// Docs' `•`, `◦`, `▪`, and their cousins.
    static let bullets: Set<Character> = ["•", "◦", "▪", "●", "○", "■", "□", "‣", "⁃", "▫", "·"]

    /// A list item's indentation (a tab counts 4) and content: Markdown's items and `•`-style ones.
    static func listItem(_ line: Substring) -> (indent: Int, content: Substring)? {
        if let item = Markdown.listItem(line) { return item }
        let rest = line.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first, bullets.contains(first) else { return nil }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return (indent(of: line), after.drop { $0 == " " || $0 == "\t" })
    }

    /// Leading spaces and tabs, a tab counting 4.
    static func indent(of line: Substring) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
    }

    /// The arrows that start a line saying what came of an item (`⇒ 배포 완료`).
    static let noteMarks = ["⇒", "→", "=>", "->", "➔", "➜", "↳", "⟹"]

    /// The line's text when it starts with a note arrow (kept with the arrow), else nil.
    static func noteMarked(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces
        return noteMarks.contains { trimmed.hasPrefix($0) } ? trimmed : nil
    }

    /// `[x] text` / `[ ] text` in an item's content.
    static func checkbox(_ content: Substring) -> ChecklistItem? { Markdown.checklistItem("- " + content) }

    /// An item's text and state: `[x]`, ✅ (or ✔️ / ☑️) before or after the text, or the
    /// whole text struck through (`~~…~~`) means done.
    private func item(_ content: Substring) -> ChecklistItem {
        var done = false
        var text = String(content)
        if let box = WeeklyPage.checkbox(content) {
            done = box.done
            text = box.text
        }
        text = text.trimmingSpaces
        for mark in ["✅", "✔️", "✔", "☑️", "☑"] {
            if text.hasSuffix(mark) {
                done = true
                text = String(text.dropLast(mark.count)).trimmingSpaces
            }
            if text.hasPrefix(mark) {
                done = true
                text = String(text.dropFirst(mark.count)).trimmingSpaces
            }
        }
        if text.count > 4, text.hasPrefix("~~"), text.hasSuffix("~~"), !text.dropFirst(2).dropLast(2).contains("~~") {
            done = true
            text = String(text.dropFirst(2).dropLast(2)).trimmingSpaces
        }
        return ChecklistItem(text: text, done: done)
    }

    private func nextIsNested(_ lines: [Substring], after index: Int, than indent: Int) -> Bool {
        for line in lines[(index + 1)...] where !line.trimmingSpaces.isEmpty {
            guard let (next, _) = WeeklyPage.listItem(line) else { return false }
            return next > indent
        }
        return false
    }

    static func isGoalsLabel(_ words: String) -> Bool {
        ["목표", "goal", "goals", "이번 주", "금주"].contains { words.contains($0) }
    }

    static func isMembersLabel(_ words: String) -> Bool {
        ["팀원", "member", "members", "개인", "tasks", "할 일"].contains { words.contains($0) }
    }

    /// A short label (a name: one or two words) rather than a paragraph title.
    static func looksLikeName(_ label: String) -> Bool {
        let name = WeeklyPage.name(label)
        return !name.isEmpty && name.count <= 20 && !name.contains(". ")
            && name.split(whereSeparator: { $0 == " " || $0 == "\t" }).count <= 2
    }

    /// A member's name from a label: `**건우**:` -> `건우`.
    static func name(_ label: String) -> String {
        var text = label.trimmingSpaces
        while let last = text.last, last == ":" || last == "：" { text.removeLast() }
        text = text.trimmingSpaces
        // Unwrap on a Substring: copying the rest per `**` pair was quadratic (found while fuzzing).
        // `utf8.count >= 4` is `count >= 4` here (both ends are `**`) without counting characters.
        var inner = Substring(text)
        while inner.hasPrefix("**") && inner.hasSuffix("**") && inner.utf8.count >= 4 { inner = inner.dropFirst(2).dropLast(2) }
        text = String(inner)
        if text.hasPrefix("@") { text.removeFirst() }
        return text.trimmingSpaces
    }

    /// A date a label names.
    enum FoundDate: Equatable {
        /// `YYYY-Www` or `YYYY-MM-DD`.
        case full(String)
        case monthDay(MonthDay)
    }

    /// The first `YYYY-Www`, `YYYY-MM-DD`, `YYYY.MM.DD` or `YYYY/MM/DD` in a label, else a
    /// `MM/DD` or `MM.DD` in it, else `MM DD` opening it (`11 18 팀 현황 공유`).
    static func findDate(_ text: String) -> FoundDate? {
        if let week = findWeek(text) { return .full(week) }
        let chars = Array(text.prefix(200))
        func number(at start: Int, digits: ClosedRange<Int>) -> (value: Int, end: Int)? {
            var end = start
            while end < chars.count, end - start < digits.upperBound, chars[end].isASCII, chars[end].isNumber { end += 1 }
            guard digits.contains(end - start), end == chars.count || !(chars[end].isASCII && chars[end].isNumber),
                  start == 0 || !(chars[start - 1].isASCII && chars[start - 1].isNumber),
                  let value = Int(String(chars[start..<end])) else { return nil }
            return (value, end)
        }
        func valid(_ month: Int, _ day: Int) -> Bool { (1...12).contains(month) && (1...31).contains(day) }
        for start in chars.indices {
            // YYYY.MM.DD and YYYY/MM/DD (a space may follow each separator, as in `2024. 11. 18`).
            if let year = number(at: start, digits: 4...4), year.end < chars.count, chars[year.end] == "." || chars[year.end] == "/" {
                let separator = chars[year.end]
                var at = year.end + 1
                if at < chars.count, chars[at] == " " { at += 1 }
                if let month = number(at: at, digits: 1...2), month.end < chars.count, chars[month.end] == separator {
                    at = month.end + 1
                    if at < chars.count, chars[at] == " " { at += 1 }
                    if let day = number(at: at, digits: 1...2), valid(month.value, day.value),
                       let date = Day(year: year.value, month: month.value, day: day.value) {
                        return .full(date.description)
                    }
                }
            }
        }
        for start in chars.indices {
            if let month = number(at: start, digits: 1...2), month.end < chars.count, chars[month.end] == "/" || chars[month.end] == ".",
               let day = number(at: month.end + 1, digits: 1...2), valid(month.value, day.value) {
                return .monthDay(MonthDay(month: month.value, day: day.value))
            }
        }
        if let month = number(at: 0, digits: 1...2), month.end < chars.count, chars[month.end] == " ",
           let day = number(at: month.end + 1, digits: 1...2), day.end == chars.count || chars[day.end] == " ",
           valid(month.value, day.value) {
            return .monthDay(MonthDay(month: month.value, day: day.value))
        }
        return nil
    }

    /// The first `YYYY-Www` or `YYYY-MM-DD` in a label.
    static func findWeek(_ text: String) -> String? {
        let chars = Array(text)
        for start in chars.indices {
            for length in [10, 8] where start + length <= chars.count {
                let candidate = String(chars[start..<(start + length)])
                if ISOWeek(parsing: candidate) != nil { return candidate }
            }
        }
        return nil
    }
}
