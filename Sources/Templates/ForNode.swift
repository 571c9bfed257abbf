/// `{% [label:] for x[, y] in sequence [where condition] %}...{% empty %}...{% endfor %}`.
///
/// Arrays iterate their elements, dictionaries their entries sorted by key (as
/// `key, value` pairs), anything else nothing. `forloop` exposes `first`, `last`,
/// `counter`, `counter0`, `length`, and labeled outer loops by their label.
struct ForNode: Node {
    let sequence: Resolvable
    let loopVariables: [String]
    let nodes: [any Node]
    let emptyNodes: [any Node]
    let condition: Expression?
    let label: String?
    let location: SourceLocation?

    private enum Item {
        case value(TemplateValue)
        case entry(String, TemplateValue)
    }

    func render(_ context: RenderContext, into output: inout String) throws {
        var items = try resolveItems(context)
        if let condition {
            // Each item's `where` test is a step of its own, counted before any is made.
            try context.meter.spend(steps: items.count)
            items = try items.filter { item in
                try push(item, context) { try condition.evaluate(context) }
            }
        }
        guard !items.isEmpty else {
            try context.push { try renderNodes(emptyNodes, context, into: &output) }
            return
        }

        // Labeled loops around this one stay reachable as forloop.<label>.
        var parentLoops: [String: TemplateValue] = [:]
        if case .dictionary(let outer)? = context["forloop"] {
            for (key, value) in outer {
                if case .dictionary(let loop) = value, loop["label"] != nil { parentLoops[key] = value }
            }
        }

        context.loopLabels.append(label)
        let loopIndex = context.loopLabels.count - 1
        defer { context.loopLabels.removeLast() }

        let count = items.count
        // The iterations are counted when the loop starts, so a loop nested in loops is refused
        // before it runs once the whole loop cannot fit; a `break` gives back what it skips.
        try context.meter.spend(steps: count)
        for (index, item) in items.enumerated() {
            var forloop: [String: TemplateValue] = [
                "first": .bool(index == 0),
                "last": .bool(index == count - 1),
                "counter": .int(index + 1),
                "counter0": .int(index),
                "length": .int(count),
            ]
            if let label {
                forloop["label"] = .string(label)
                forloop[label] = .dictionary(forloop)
            }
            forloop.merge(parentLoops) { current, _ in current }

            try context.push(["forloop": .dictionary(forloop)]) {
                try push(item, context) { try renderNodes(nodes, context, into: &output) }
            }

            if let termination = context.termination {
                let isOurs = termination.loop == loopIndex  // else an outer loop's turn: stop too
                if isOurs { context.termination = nil }
                if !isOurs || termination.isBreak {
                    context.meter.refund(steps: count - index - 1)
                    break
                }
            }
        }
    }

    private func push<Result>(_ item: Item, _ context: RenderContext, _ body: () throws -> Result) throws -> Result {
        guard let first = loopVariables.first else { return try context.push([:], body) }
        switch item {
        case .value(let value):
            return try context.push([first: value], body)
        case .entry(let key, let value):
            guard loopVariables.count <= 2 else {
                throw TemplateError(message: "dictionary entry '\(key)' has fewer values than loop variables")
            }
            var scope: [String: TemplateValue] = [:]
            if first != "_" { scope[first] = .string(key) }
            if loopVariables.count == 2, loopVariables[1] != "_" { scope[loopVariables[1]] = value }
            return try context.push(scope, body)
        }
    }

    private func resolveItems(_ context: RenderContext) throws -> [Item] {
        switch try sequence.resolve(context) {
        case .array(let values):
            return values.map { .value($0) }
        case .dictionary(let dictionary):
            try context.meter.spend(steps: dictionary.count >> 6)  // sorting the keys
            return dictionary.keys.sorted().map { .entry($0, dictionary[$0] ?? .null) }
        default:
            return []
        }
    }
}

/// `{% break [label] %}` and `{% continue [label] %}`.
struct LoopTerminationNode: Node {
    let isBreak: Bool
    let label: String?
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        let target: Int?
        if let label {
            target = context.loopLabels.lastIndex(where: { $0 == label })
        } else {
            target = context.loopLabels.isEmpty ? nil : context.loopLabels.count - 1
        }
        guard let target else {
            if let label { throw TemplateError(message: "no loop labeled '\(label)' is currently running") }
            throw TemplateError(message: "no loop is currently running")
        }
        context.termination = (isBreak, target)
    }
}
