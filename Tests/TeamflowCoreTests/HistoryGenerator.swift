import TeamflowTestSupport
@testable import TeamflowCore

/// Random histories for the differential tests: every known type (and unknown ones), each key
/// absent, null, well-formed or of the wrong kind, references to earlier events' ids and to ids
/// that do not exist, parents that close cycles, duplicate clocks, `undoes` and unknown keys.
struct HistoryGenerator {
    var rng: SplitMix
    private var ids: [String] = []
    /// Ids of the `*.added` events of each family, so references mostly hit a thing of the right kind.
    private var added: [String: [String]] = [:]

    init(seed: UInt64) { rng = SplitMix(state: seed) }

    /// Types added after `LegacyFolds` was frozen: the legacy folds ignore them, so they have
    /// no legacy state to be compared with (their own tests cover their folds and inverses).
    static let newerThanLegacy: Set<String> = [EventType.taskCarried, EventType.taskUncarried, EventType.memberEdited,
                                               EventType.goalAssigned, EventType.goalCarried, EventType.goalUncarried,
                                               EventType.reviewReworded, EventType.reviewStateChanged,
                                               EventType.taskLinked, EventType.taskUnlinked]
    /// Keys added to older types after `LegacyFolds` was frozen (a task's estimate and labels):
    /// the legacy folds and undo never wrote or restored them.
    static let keysNewerThanLegacy: Set<String> = ["points", "labels"]
    static let types = EventSchema.table.keys.filter { !newerThanLegacy.contains($0) }.sorted()
        + ["future.thing", "goal.exploded", "task"]
    static let addedTypes = types.filter { $0.hasSuffix(".added") }

    mutating func history(count: Int) -> [Event] {
        ids = []
        added = [:]
        var events: [Event] = []
        for n in 0..<count {
            let id = "e\(n)" + String(rng.next() % 0xffff, radix: 16)
            // Adds are weighted up so that later events mostly find something to act on.
            let type = chance(40) ? pick(Self.addedTypes) : pick(Self.types)
            events.append(Event(id: id, type: type, at: pick(["2024-11-19T10:00:00+09:00", "2024-11-20T23:59:00Z", "bad"]),
                                author: pick([Author(name: "A", email: "a@x"), Author(name: "B", email: "b@x")]),
                                clock: clock(n), data: data(for: type)))
            ids.append(id)
            if type.hasSuffix(".added") { added[String(type.prefix { $0 != "." }), default: []].append(id) }
        }
        return events.sorted(by: Event.precedes)
    }

    /// Mostly in the order generated (so references mostly point back), with ties and small
    /// swaps, and now and then any clock at all.
    private mutating func clock(_ n: Int) -> Int {
        chance(10) ? Int(rng.next() % UInt64(n + 1)) + 1 : n / 2 + Int(rng.next() % 3) + 1
    }

    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }

    private mutating func data(for type: String) -> Fields {
        var keys = EventSchema.table[type]?.map(\.name).filter { !Self.keysNewerThanLegacy.contains($0) } ?? ["title", "week"]
        keys += ["done", "undoes", "zzz", "member", "parent", "detached", "subtasks", "sprint"].filter { _ in chance(8) }
        var pairs: [(String, Value)] = []
        for key in keys.shuffled(using: &rng) where !chance(25) {
            pairs.append((key, value(for: key)))
        }
        return Fields(pairs)
    }

    private mutating func reference(_ family: String = "") -> Value {
        if let same = added[family == "parent" ? "task" : family], !same.isEmpty, chance(70) { return .string(pick(same)) }
        if !ids.isEmpty && chance(60) { return .string(pick(ids)) }
        return .string(pick(["missing0000", "e0", ""]))
    }

    private mutating func value(for key: String) -> Value {
        if chance(8) { return .null }
        if chance(8) { return pick([.int(3), .bool(true), .list([]), .map(["title": "x"]), .string("x")]) }
        switch key {
        case "goal", "member", "project", "epic", "task", "sprint", "review", "retro", "parent", "undoes":
            return reference(key)
        case "status": return .string(pick(["todo", "doing", "done", "DONE", "nope"]))
        case "due", "from", "to", "date": return .string(pick(["2024-11-18", "2024-12-06", "2025-01-01", "2024-13-45", "soon"]))
        case "week": return .string(pick(["2024-W47", "2024-W48", "W"]))
        case "pr": return chance(80) ? .int(Int(rng.next() % 4)) : .string("73786976294838206464")
        case "done": return pick([.bool(true), .bool(false), .int(1), .string("true")])
        case "kind": return .string(pick(["keep", "problem", "try", "bogus", "Keep"]))
        case "title": return .string(pick(["Page", "page", "PAGE", "일", "Café", "Cafe\u{301}"]))
        case "detached", "subtasks":
            var items: [Value] = []
            for _ in 0..<Int(rng.next() % 4) { items.append(chance(85) ? reference(key == "detached" ? "epic" : "task") : pick([.int(1), .null])) }
            return .list(items)
        case "sections":
            var items: [Value] = []
            for _ in 0..<Int(rng.next() % 3) {
                var map: Fields = [:]
                if chance(80) { map["body"] = pick(["b", .int(1)]) }
                if chance(60) { map["kind"] = pick(["work", "notes", .null]) }
                if chance(60) { map["heading"] = pick(["## W", .bool(true)]) }
                items.append(chance(90) ? .map(map) : .string("s"))
            }
            return .list(items)
        case "comments":
            var items: [Value] = []
            for _ in 0..<Int(rng.next() % 3) {
                var map: Fields = [:]
                if chance(80) { map["text"] = pick(["lgtm", .int(1)]) }
                if chance(60) { map["by"] = pick(["kim", .null]) }
                if chance(50) { map["posted"] = "2024-11-19T11:00:00Z" }
                if chance(50) { map["state"] = pick(["approved", .int(2)]) }
                items.append(chance(90) ? .map(map) : .null)
            }
            return .list(items)
        default:
            return .string(pick(["a", "b", "Kim", "@kim", "k@x", "https://x/1", "main", "2024-11-19T09:00:00Z"]))
        }
    }
}
