/// Parent cycles that a history states outright: `task.added` events whose `parent` chain
/// comes back to the task. teamflow never writes one (a new task's parent must exist before
/// it), so each is a hand-edited or hostile history; folds break the cycle (see
/// `TeamTask.foldAdded`) and `doctor` reports it with this.
public enum TaskCycles {
    /// Each cycle once, as the ids along it, starting from its smallest id.
    public static func find(in events: [Event]) -> [[String]] {
        var parent: [String: String] = [:]
        for event in events where event.type == EventType.taskAdded {
            if let p = TaskAdded(data: event.data)?.parent { parent[event.id] = p.rawValue }
        }
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
