/// Synthetic histories shaped like a team's: goals added across weeks, then checked and unchecked.
enum Synthetic {
    static func id(_ i: Int) -> String {
        let hex = String(i, radix: 16)
        // Spread ids over the 256 shards like real hashes do.
        let shard = format2((i &* 2_654_435_761) % 256)
        return shard + "f00d" + String(repeating: "0", count: 18 - hex.count) + hex
    }

    static func format2(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
    }

    static func stream(count: Int) -> String {
        var out = ""
        out.reserveCapacity(count * 260)
        var goals: [String] = []
        for i in 0..<count {
            let id = id(i)
            let weekNumber = 1 + (i / 500) % 52
            let week = "2024-W" + (weekNumber < 10 ? "0" : "") + String(weekNumber)
            let data: String
            if goals.isEmpty || i % 5 < 2 {
                goals.append(id)
                data = "  title: 목표 \(i) 🚀 deploy\n  week: \(week)\n"
                out += document(id: id, type: "goal.added", clock: i + 1, data: data)
            } else {
                let target = goals[(i * 7919) % goals.count]
                out += document(id: id, type: i % 5 == 4 ? "goal.unchecked" : "goal.checked", clock: i + 1,
                                data: "  goal: \(target)\n")
            }
        }
        return out
    }

    static func document(id: String, type: String, clock: Int, data: String) -> String {
        "---\nv: 1\nid: \(id)\ntype: \(type)\nat: '2024-11-18T09:00:00+09:00'\nauthor:\n  name: 건우\n  email: gw@example.com\n"
            + "clock: \(clock)\ndata:\n" + data
    }
}
