/// StencilSwiftKit's tags (SwiftGen/StencilSwiftKit `Sources/StencilSwiftKit/SetNode.swift`,
/// `CallMacroNodes.swift`, `MapNode.swift`, `ImportNode.swift`): none of them prints anything
/// except `call`; they write into the innermost scope (see `RenderContext.assign`).

/// `{% set name %}body{% endset %}` stores the rendered body (a string);
/// `{% set name expression %}` stores the evaluated value (an array stays an array).
struct SetNode: Node {
    enum Content: Sendable {
        case nodes([any Node])
        case value(Resolvable)
    }

    let name: String
    let content: Content
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        switch content {
        case .nodes(let nodes):
            context.assign(name, .string(try renderNodes(nodes, context)))
        case .value(let resolvable):
            context.assign(name, try resolvable.resolve(context))
        }
    }
}

/// `{% macro name a b %}body{% endmacro %}` defines a block that `call` renders.
struct MacroNode: Node {
    let name: String
    let macro: Macro
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        context.define(name, macro)
    }
}

/// `{% call name x "y" %}` renders a macro with its parameters bound to the arguments,
/// in a new scope over the caller's (so the caller's variables stay visible).
struct CallNode: Node {
    let name: String
    let arguments: [Resolvable]
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        guard let macro = try context.macro(named: name) else {
            throw TemplateError(message: "Call to undefined block '\(name)'.")
        }
        guard macro.parameters.count == arguments.count else {
            throw TemplateError(
                message: "Block '\(name)' accepts \(macro.parameters.count) parameters, \(arguments.count) given.")
        }
        var scope: [String: TemplateValue] = [:]
        for (parameter, argument) in zip(macro.parameters, arguments) {
            scope[parameter] = try argument.resolve(context)
        }
        try context.push(scope) { try renderNodes(macro.nodes, context, into: &output) }
    }
}

/// `{% map items into result [using item] %}body{% endmap %}`: renders the body once per
/// element of a non-empty array, with `maploop` (`counter` from 0, `first`, `last`, `item`),
/// and stores the rendered strings as an array. Anything else leaves `result` untouched.
struct MapNode: Node {
    let sequence: Resolvable
    let resultName: String
    let itemName: String?
    let nodes: [any Node]
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        guard case .array(let items) = try sequence.resolve(context), !items.isEmpty else { return }
        // A step per element, counted before the first, as `for` counts its iterations.
        try context.meter.spend(steps: items.count)
        var results: [TemplateValue] = []
        results.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            var scope: [String: TemplateValue] = [
                "maploop": .dictionary([
                    "counter": .int(index), "first": .bool(index == 0),
                    "last": .bool(index == items.count - 1), "item": item,
                ])
            ]
            if let itemName { scope[itemName] = item }
            results.append(.string(try context.push(scope) { try renderNodes(nodes, context) }))
        }
        context.assign(resultName, .array(results))
    }
}

/// `{% import "Common.stencil" %}` renders another template in the current scope and throws
/// its text away, so what it defines at its top level (macros, `set` values) becomes visible.
struct ImportNode: Node {
    let templateName: Variable
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        guard case .string(let name) = try templateName.resolve(context) else {
            throw TemplateError(message: "'\(templateName.text)' could not be resolved as a string")
        }
        let template = try context.template(named: name)
        try context.nested { _ = try renderNodes(template.nodes, context) }
    }
}
