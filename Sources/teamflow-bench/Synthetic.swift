import TeamflowCore

/// Synthetic histories shaped like a team's: members, projects and epics first, then a year
/// of weekly goals and member tasks that get started, checked, unchecked and reassigned.
enum Synthetic {
    static let members = ["건우", "석영", "Jin", "Hana", "Sam"]

    /// A 24-hex-character id spread over the 256 shards like real hashes.
    static func id(_ i: Int, tag: String = "f00d") -> String {
        let hex = String(i, radix: 16)
        return hex2((i &* 2_654_435_761) % 256) + tag + String(repeating: "0", count: 18 - hex.count) + hex
    }

    static func hex2(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
    }

    static func week(_ n: Int) -> String { "2024-W" + (n < 10 ? "0" : "") + String(n) }

    /// `count` events as an export stream (what `teamflow import` reads).
    static func stream(count: Int, tag: String = "f00d") -> String {
        var out = ""
        out.reserveCapacity(count * 300)
        var clock = 0
        var memberIDs: [String] = [], epics: [String] = [], goals: [String] = [], tasks: [String] = []
        func emit(_ type: String, _ data: String) -> String {
            clock += 1
            let id = id(clock, tag: tag)
            out += document(id: id, type: type, clock: clock, data: data)
            return id
        }
        for name in members where clock < count {
            memberIDs.append(emit("member.added", "  name: \(name)\n  email: \(name.count)@example.com\n"))
        }
        var projects: [String] = []
        for p in 0..<10 where clock < count {
            projects.append(emit("project.added", "  name: Project \(p) 🚀\n  due: '2024-12-0\(1 + p % 9)'\n"))
        }
        for e in 0..<100 where clock < count {
            epics.append(emit("epic.added", "  title: 에픽 \(e)\n  project: \(projects[e % projects.count])\n"))
        }
        var i = 0
        while clock < count {
            i += 1
            let week = week(1 + (i / 80) % 52)
            switch i % 20 {
            case 0, 1:
                goals.append(emit("goal.added", "  title: 목표 \(i) 배포 꼭 하기\n  week: '\(week)'\n"))
            case 2 where !goals.isEmpty:
                _ = emit("goal.checked", "  goal: \(goals[(i * 7919) % goals.count])\n")
            case 3...10:
                let member = memberIDs[i % memberIDs.count]
                let epic = epics[(i / 3) % epics.count]
                tasks.append(emit("task.added", "  title: 작업 \(i) 화면간 연결 + MainViewController\n  week: '\(week)'\n  member: \(member)\n  epic: \(epic)\n"))
            case 11...15 where !tasks.isEmpty:
                _ = emit("task.checked", "  task: \(tasks[(i * 7919) % tasks.count])\n")
            case 16 where !tasks.isEmpty:
                _ = emit("task.started", "  task: \(tasks[(i * 104_729) % tasks.count])\n")
            case 17 where !tasks.isEmpty:
                _ = emit("task.unchecked", "  task: \(tasks[(i * 1_299_709) % tasks.count])\n")
            case 18 where !tasks.isEmpty:
                _ = emit("task.assigned", "  task: \(tasks[(i * 15_485_863) % tasks.count])\n  member: \(memberIDs[(i / 7) % memberIDs.count])\n")
            default:
                continue
            }
        }
        return out
    }

    /// A fifty-person organisation's history of `count` events: each week 300 tasks (six a
    /// member) and ten goals, then ~4,200 status changes, reassignments and edits on that
    /// week's tasks; 500,000 events are about two years. The last week is a normal week for
    /// the board figure.
    static func organisation(count: Int, tag: String = "0a9a") -> String {
        var out = ""
        out.reserveCapacity(count * 260)
        var clock = 0
        // Each event is dated inside its week (Monday to Friday, 09:00-17:59 in Seoul), as a
        // team's would be: views that read times (the standup's "done since") then see one
        // day's work, not the whole history stamped with one instant.
        var weekIndex = 0, inWeek = 0
        func emit(_ type: String, _ data: String) -> String {
            clock += 1
            let id = id(clock, tag: tag)
            out += document(id: id, type: type, clock: clock, data: data, at: at(week: weekIndex, event: inWeek))
            inWeek += 1
            return id
        }
        var members: [String] = []
        for m in 0..<50 where clock < count {
            members.append(emit("member.added", "  name: 팀원\(m)\n  email: m\(m)@example.com\n"))
        }
        while clock < count {
            let week = organisationWeek(weekIndex)
            var tasks: [String] = []
            for g in 0..<10 where clock < count {
                _ = emit("goal.added", "  title: 목표 \(g) 배포 꼭 하기\n  week: '\(week)'\n")
            }
            for t in 0..<300 where clock < count {
                tasks.append(emit("task.added", "  title: 작업 \(t) 화면간 연결 + MainViewController\n  week: '\(week)'\n  member: \(members[t % 50])\n"))
            }
            for c in 0..<4_200 where clock < count && !tasks.isEmpty {
                let task = tasks[(c &* 7919) % tasks.count]
                switch c % 6 {
                case 0: _ = emit("task.started", "  task: \(task)\n")
                case 1, 2: _ = emit("task.checked", "  task: \(task)\n")
                case 3: _ = emit("task.unchecked", "  task: \(task)\n")
                case 4: _ = emit("task.assigned", "  task: \(task)\n  member: \(members[(c / 6) % 50])\n")
                default: _ = emit("task.edited", "  task: \(task)\n  title: 작업 \(c) 수정됨\n")
                }
            }
            weekIndex += 1
            inWeek = 0
        }
        return out
    }

    /// The organisation's week number `index` (0: 2023-W01), as text.
    static func organisationWeek(_ index: Int) -> String {
        "\(2023 + index / 52)-W" + (index % 52 + 1 < 10 ? "0" : "") + String(index % 52 + 1)
    }

    /// When the organisation's `event`-th event of week `index` happened: its 4,510 events
    /// spread over Monday to Friday, 09:00 to 17:59 in Seoul (the same length as any RFC 3339
    /// text with an offset, so the history's size does not change).
    static func at(week index: Int, event: Int) -> String {
        let monday = ISOWeek(parsing: organisationWeek(index))?.start ?? ISOWeek(year: 2023, week: 1).start
        let minutes = 9 * 60 + (event &* 7) % (9 * 60)
        let hour = minutes / 60, minute = minutes % 60
        return "\(monday.adding(days: min(4, event * 5 / 4_510)))T" + (hour < 10 ? "0" : "") + "\(hour):"
            + (minute < 10 ? "0" : "") + "\(minute):00+09:00"
    }

    /// Tuesday 10:00 of the week `organisation(count:)` ends in: the standup's "now".
    static func organisationStandupNow(count: Int) -> String {
        let monday = ISOWeek(parsing: organisationLastWeek(count: count))?.start ?? ISOWeek(year: 2023, week: 1).start
        return "\(monday.adding(days: 1))T10:00:00+09:00"
    }

    /// The week `organisation(count:)` ends in.
    static func organisationLastWeek(count: Int) -> String {
        let weeks = max(0, count - 50 + 4_509) / 4_510
        let index = max(0, weeks - 1)
        let year = 2023 + index / 52
        return "\(year)-W" + (index % 52 + 1 < 10 ? "0" : "") + String(index % 52 + 1)
    }

    /// `count` open tasks for one member in week 2024-W47 (the Taskwarrior comparison).
    static func taskStream(count: Int) -> String {
        var out = document(id: id(1, tag: "beef"), type: "member.added", clock: 1, data: "  name: 건우\n")
        for i in 0..<count {
            out += document(id: id(i + 2, tag: "beef"), type: "task.added", clock: i + 2,
                            data: "  title: task \(i) for the comparison\n  week: '2024-W47'\n  member: \(id(1, tag: "beef"))\n")
        }
        return out
    }

    static func document(id: String, type: String, clock: Int, data: String,
                         at: String = "2024-11-18T09:00:00+09:00") -> String {
        "---\nv: 1\nid: \(id)\ntype: \(type)\nat: '\(at)'\nauthor:\n  name: 건우\n  email: gw@example.com\n"
            + "clock: \(clock)\ndata:\n" + data
    }
}
