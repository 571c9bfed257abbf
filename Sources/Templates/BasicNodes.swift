/// Literal text, already trimmed at parse time according to the trim behaviour.
struct TextNode: Node {
    let text: String
    var location: SourceLocation? { nil }

    func render(_ context: RenderContext, into output: inout String) throws {
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
            output += try resolvable.resolve(context).rendered
        case .conditional(let resolvable, let condition, let otherwise):
            if try condition.evaluate(context) {
                output += try resolvable.resolve(context).rendered
            } else if let otherwise {
                output += try otherwise.resolve(context).rendered
            }
        case .expression(let expression):
            output += try expression.evaluate(context) ? "true" : "false"
        }
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
        let body = try renderNodes(nodes, context)
        output += try context.push(["filter_value": .string(body)]) {
            try expression.resolve(context).rendered
        }
    }
}
