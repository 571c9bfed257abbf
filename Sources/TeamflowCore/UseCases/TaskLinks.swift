extension TaskUseCases {
    /// Links task `text` to a PR or an issue (a number) or a commit (a hash of 7 to 40 hex
    /// digits), or removes that link when `unlink`. Linking twice, or removing a link the task
    /// does not have, is a conflict.
    @discardableResult
    public func link(_ text: String, kind: String, ref: String, unlink: Bool = false) throws -> TeamTask {
        let link = try Self.link(kind: kind, ref: ref)
        let state = try repository.state()
        let task = try state.task(named: text)
        let has = task.links.contains(link)
        if has != unlink {
            throw TeamflowError(.conflict, unlink ? "\"\(task.title)\" is not linked to \(link.label)"
                                                  : "\"\(task.title)\" is already linked to \(link.label)")
        }
        let draft = unlink ? EventDraft(TaskUnlinked(task: task.id, kind: link.kind, ref: link.ref), summary: "task: unlink \(link.label) from \"\(task.title)\"")
                           : EventDraft(TaskLinked(task: task.id, kind: link.kind, ref: link.ref), summary: "task: link \"\(task.title)\" to \(link.label)")
        _ = try context.record([draft])
        guard let after = try repository.state().tasks[task.id] else { throw TeamflowError(.failure, "the task could not be read back") }
        return after
    }

    /// A checked link: a positive number (`95` or `#95`) for a PR or an issue, a lowercased hex hash for a commit.
    public static func link(kind: String, ref: String) throws -> TaskLink {
        var text = ref.trimmingSpaces
        switch kind {
        case "pr", "issue":
            if text.hasPrefix("#") { text.removeFirst() }
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), number > 0 else {
                throw TeamflowError(.usage, "invalid \(kind == "pr" ? "PR" : "issue") number '\(ref)'")
            }
            return TaskLink(kind: kind, ref: String(number))
        case "commit":
            text = text.lowercased()
            guard (7...64).contains(text.count), text.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
                throw TeamflowError(.usage, "invalid commit '\(ref)'", hints: ["Give 7 to 40 hexadecimal digits of its hash."])
            }
            return TaskLink(kind: kind, ref: text)
        default:
            throw TeamflowError(.usage, "unknown link kind '\(kind)'", hints: ["A link is to a pr, an issue or a commit."])
        }
    }
}
