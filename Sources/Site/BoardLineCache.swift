import TeamflowCore

/// The task lines a live page rendered last time, by task: after a change only the lines whose
/// read-model value changed are formatted again (a page of 390 lines, each with its history and
/// forms, is most of a render). A line is reused only when its `TaskNode` (without sub-tasks,
/// which are lines of their own) and the carry it is nested under are equal to last time's, so
/// a reused line is byte-for-byte what formatting would give.
///
/// One cache belongs to one page of one front-end (the same links, controls, language and
/// zone); not thread-safe: the live board uses it under its own lock.
public final class BoardLineCache: @unchecked Sendable {
    // @unchecked: used by one thread at a time (the caller's lock), as documented above.
    private struct Entry {
        var node: TaskNode
        var parentFrom: String?
        var html: String
        var generation: Int
    }

    private var entries: [String: Entry] = [:]
    private var generation = 0
    private var context = ""

    public init() {}

    /// Lines formatted in the last render (for tests and traces).
    public private(set) var formattedLastRender = 0

    /// Starts a render. `context` is everything besides the read model a line's markup depends
    /// on (language, zone, what the controls offer): when it differs from last time, no line is
    /// reused. Lines not asked for during a render are dropped at the next `begin`.
    public func begin(context: String) {
        if context != self.context {
            entries = [:]
            self.context = context
        }
        entries = entries.filter { $0.value.generation == generation }
        generation += 1
        formattedLastRender = 0
    }

    func line(for node: TaskNode, parentFrom: String?, format: () -> String) -> String {
        var key = node
        key.subtasks = []
        if var entry = entries[node.task.id.rawValue], entry.parentFrom == parentFrom, entry.node == key {
            entry.generation = generation
            entries[node.task.id.rawValue] = entry
            return entry.html
        }
        let html = format()
        formattedLastRender += 1
        entries[node.task.id.rawValue] = Entry(node: key, parentFrom: parentFrom, html: html, generation: generation)
        return html
    }
}
