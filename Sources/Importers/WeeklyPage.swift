public import TeamflowCore

/// A week's page in the team's Notion/Markdown shape: a goals list whose items end with ✅ or
/// are `[x]`, then a list per member (under a heading or a label line with the member's name,
/// or as a top-level item with the tasks nested below it). A task item indented under another
/// is its sub-task, at any depth (`parents`).
public struct WeeklyPage: Sendable, Equatable {
    /// The week written on the page (`2024-W47` or a date in it), if any.
    public var week: String?
    public var goals: [ChecklistItem]
    /// Members in the order they appear, with their tasks. `parents[i]` is the position in
    /// `tasks` of the item `tasks[i]` is nested under (nil: top level); a parent always comes first.
    public var members: [(name: String, tasks: [ChecklistItem], parents: [Int?])]

    public static func == (lhs: WeeklyPage, rhs: WeeklyPage) -> Bool {
        lhs.week == rhs.week && lhs.goals == rhs.goals && lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.name == $1.name && $0.tasks == $1.tasks && $0.parents == $1.parents }
    }

    private enum Phase { case start, goals, members }

    /// Parses `text`. Under a member's heading, an item with items nested below it is either
    /// another member (`- 민수` with their tasks) or a task with sub-tasks (`- 방 화면`):
    /// `isMember` tells them apart (the importer knows the team; without it, a member).
    public init(parsing text: String, isMember: (String) -> Bool = { _ in true }) {
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
        for (index, line) in lines.enumerated() {
            if fence.feed(line) { continue }
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            if let (indent, content) = Markdown.listItem(line) {
                if let current = header, indent > current.indent {
                    add(item(content), indent: indent, to: current.name, &memberIndex, &nesting)
                    continue
                }
                header = nil
                // An item with items below it names a member (`- 건우` with the tasks nested
                // below), unless under a member's heading it is no member: a task with sub-tasks.
                let isHeader = Markdown.checklistItem(line) == nil && nextIsNested(lines, after: index, than: indent)
                    && (member == nil || isMember(WeeklyPage.name(String(content))))
                if (phase == .start || phase == .goals) && !isHeader {
                    phase = .goals
                    let goal = item(content)
                    if !goal.text.isEmpty { goals.append(goal) }
                } else if isHeader {
                    phase = .members
                    header = (WeeklyPage.name(String(content)), indent)
                    ensure(WeeklyPage.name(String(content)), &memberIndex)
                    nesting = Nesting()
                } else if let member {
                    add(item(content), indent: indent, to: member, &memberIndex, &nesting)
                }
                continue
            }
            header = nil
            // A line that is no list item ends any nesting: the next item starts at the top.
            nesting = Nesting()
            let label = Markdown.heading(line)?.text ?? trimmed
            if week == nil, let found = WeeklyPage.findWeek(label) { week = found }
            let words = Markdown.words(label)
            if WeeklyPage.isMembersLabel(words) {
                phase = .members
                member = nil
            } else if WeeklyPage.isGoalsLabel(words) {
                phase = .goals
                member = nil
            } else if phase != .start, Markdown.heading(line) != nil || WeeklyPage.looksLikeName(label) {
                let name = WeeklyPage.name(label)
                if !name.isEmpty {
                    phase = .members
                    member = name
                    ensure(name, &memberIndex)
                }
            }
        }
        members.removeAll { $0.tasks.isEmpty }
    }

    /// The member's position in `members`, added if new. `index` maps names to positions: a
    /// search of `members` per line was quadratic (20,000 members: ~50 s; found while fuzzing).
    @discardableResult
    private mutating func ensure(_ name: String, _ index: inout [String: Int]) -> Int {
        if let position = index[name] { return position }
        members.append((name, [], []))
        index[name] = members.count - 1
        return members.count - 1
    }

    /// Adds a task under the nearest earlier item of the same member indented less than it.
    private mutating func add(_ task: ChecklistItem, indent: Int, to name: String, _ index: inout [String: Int],
                              _ nesting: inout Nesting) {
        guard !task.text.isEmpty else { return }
        let position = ensure(name, &index)
        if nesting.member != position { nesting = Nesting(member: position) }
        while let last = nesting.open.last, last.indent >= indent { nesting.open.removeLast() }
        members[position].parents.append(nesting.open.last?.task)
        members[position].tasks.append(task)
        nesting.open.append((indent, members[position].tasks.count - 1))
    }

    /// The items a following, deeper item can nest under: one member's, by indentation.
    private struct Nesting {
        var member: Int?
        var open: [(indent: Int, task: Int)] = []
    }

    /// An item's text and state: `[x]` or a trailing ✅ (or ✔️ / ☑️) means done.
    private func item(_ content: Substring) -> ChecklistItem {
        var done = false
        var text = String(content)
        if let box = Markdown.checklistItem("- " + content) {
            done = box.done
            text = box.text
        }
        text = text.trimmingSpaces
        for mark in ["✅", "✔️", "✔", "☑️", "☑"] where text.hasSuffix(mark) {
            done = true
            text = String(text.dropLast(mark.count)).trimmingSpaces
        }
        return ChecklistItem(text: text, done: done)
    }

    private func nextIsNested(_ lines: [Substring], after index: Int, than indent: Int) -> Bool {
        for line in lines[(index + 1)...] where !line.trimmingSpaces.isEmpty {
            guard let (next, _) = Markdown.listItem(line) else { return false }
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

    /// A short label line (a name) rather than a paragraph.
    static func looksLikeName(_ label: String) -> Bool {
        let name = WeeklyPage.name(label)
        return !name.isEmpty && name.count <= 30 && !name.contains(". ")
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
