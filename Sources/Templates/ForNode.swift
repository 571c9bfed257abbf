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
                try context.push(scope(for: item)) { try condition.evaluate(context) }
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
        // `forloop` and the scope are made once and updated in place: the scope pushed for an
        // iteration is popped before the next, so both are unshared again by then.
        var forloop: [String: TemplateValue] = ["length": .int(count)]
        if let label { forloop["label"] = .string(label) }
        forloop.merge(parentLoops) { current, _ in current }
        var iteration = [String: TemplateValue](minimumCapacity: loopVariables.count + 1)
        for index in 0..<count {
            iteration["forloop"] = Self.no  // drops the last iteration's hold on `forloop`
            forloop["first"] = index == 0 ? Self.yes : Self.no
            forloop["last"] = index == count - 1 ? Self.yes : Self.no
            forloop["counter"] = .int(index + 1)
            forloop["counter0"] = .int(index)
            if let label {
                forloop[label] = nil
                forloop[label] = .dictionary(forloop)
            }
            // One scope holds `forloop` and the loop variables (which win over `forloop`).
            iteration["forloop"] = .dictionary(forloop)
            try bind(items[index], into: &iteration)
            try context.push(iteration) { try renderNodes(nodes, context, into: &output) }

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

    /// `TemplateValue` boxes its payloads: the two booleans of `forloop` are made once.
    private static let yes = TemplateValue.bool(true), no = TemplateValue.bool(false)

    /// The loop variables bound to `item`.
    private func scope(for item: Item) throws -> [String: TemplateValue] {
        var scope: [String: TemplateValue] = [:]
        try bind(item, into: &scope)
        return scope
    }

    /// Sets the loop variables to `item` in `scope` (the same keys for every item of a loop).
    private func bind(_ item: Item, into scope: inout [String: TemplateValue]) throws {
        guard let first = loopVariables.first else { return }
        switch item {
        case .value(let value):
            scope[first] = value
        case .entry(let key, let value):
            guard loopVariables.count <= 2 else {
                throw TemplateError(message: "dictionary entry '\(key)' has fewer values than loop variables")
            }
            if first != "_" { scope[first] = .string(key) }
            if loopVariables.count == 2, loopVariables[1] != "_" { scope[loopVariables[1]] = value }
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
