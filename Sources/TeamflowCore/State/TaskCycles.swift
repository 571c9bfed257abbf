/// Parent cycles that a history states outright: `task.added` events whose `parent` chain
/// comes back to the task. teamflow never writes one (a new task's parent must exist before
/// it), so each is a hand-edited or hostile history; folds break the cycle (see
/// `TeamTask.foldAdded`) and `doctor` reports it with this.
public enum TaskCycles {
    /// Each cycle once, as the ids along it, starting from its smallest id.
    public static func find(in events: [Event]) -> [[String]] {
        find(parents: events.compactMap { event in
            guard event.type == EventType.taskAdded, let p = TaskAdded(data: event.data)?.parent else { return nil }
            return (event.id, p.rawValue)
        })
    }

    /// `find(in:)` given only each added task's (id, parent), in the events' order (a later
    /// pair for the same id wins): what a reader that streams the history keeps.
    public static func find(parents pairs: [(id: String, parent: String)]) -> [[String]] {
        var parent: [String: String] = [:]
        for (id, p) in pairs { parent[id] = p }
        var cycles: [[String]] = []
        var done = Set<String>()
        for start in parent.keys.sorted() where !done.contains(start) {
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var current: String? = start
            while let id = current, !done.contains(id) {
                if let at = onPath[id] {
                    let cycle = Array(path[at...])
                    let first = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
                    cycles.append(Array(cycle[first...] + cycle[..<first]))
                    break
                }
                onPath[id] = path.count
                path.append(id)
                current = parent[id]
            }
            done.formUnion(path)
        }
        return cycles
    }
}
