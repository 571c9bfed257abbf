/// Literal text, already trimmed at parse time according to the trim behaviour.
struct TextNode: Node {
    let text: String
    /// Where the text starts: the only error it can meet is running out of budget.
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        try context.meter.spend(bytes: text.utf8.count)
        output += text
    }
}

/// `{{ value|filter }}`, `{{ a if condition else b }}` or `{{ a == b }}`.
struct VariableNode: Node {
    enum Content: Sendable {
        case value(Resolvable)
        case conditional(Resolvable, condition: Expression, otherwise: Resolvable?)
        case expression(Expression)
    }

    let content: Content
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        switch content {
        case .value(let resolvable):
            try write(resolvable.resolve(context), context, into: &output)
        case .conditional(let resolvable, let condition, let otherwise):
            if try condition.evaluate(context) {
                try write(resolvable.resolve(context), context, into: &output)
            } else if let otherwise {
                try write(otherwise.resolve(context), context, into: &output)
            }
        case .expression(let expression):
            try write(.string(expression.evaluate(context) ? "true" : "false"), context, into: &output)
        }
    }

    /// Appends the value's text, counted against the budget; a list or dictionary is measured
    /// before its text is built, so printing a huge one fails without allocating it.
    private func write(_ value: TemplateValue, _ context: RenderContext, into output: inout String) throws {
        if case .string(let text) = value {
            try context.meter.spend(bytes: text.utf8.count)
            output += text
            return
        }
        try context.meter.ensureRoom(forBytes: value.renderedSizeBound(limit: context.meter.bytesLeft))
        let text = value.rendered
        try context.meter.spend(bytes: text.utf8.count)
        output += text
    }
}

/// `{% if %}` / `{% elif %}` / `{% else %}` (and `{% ifnot %}`): the first true branch renders.
struct IfNode: Node {
    struct Branch: Sendable {
        let condition: Expression?
        let nodes: [any Node]
    }

    let branches: [Branch]
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        for branch in branches {
            if let condition = branch.condition, try !condition.evaluate(context) { continue }
            try context.push { try renderNodes(branch.nodes, context, into: &output) }
            return
        }
    }
}

/// `{% filter lowercase|capitalize %}...{% endfilter %}`: filters the rendered body.
struct FilterNode: Node {
    let expression: FilterExpression
    let nodes: [any Node]
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        // The body and the filters' results are counted as they are made.
        let body = try renderNodes(nodes, context)
        output += try context.push(["filter_value": .string(body)]) {
            try expression.resolve(context).rendered
        }
    }
}
