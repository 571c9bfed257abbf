/// Child blocks collected along an `extends` chain, most derived first for each name.
final class BlockContext {
    private var blocks: [String: [BlockNode]] = [:]

    init(blocks: [String: BlockNode]) {
        for (name, block) in blocks { self.blocks[name] = [block] }
    }

    func push(_ block: BlockNode, named name: String) {
        blocks[name, default: []].append(block)
    }

    /// Takes the next override for `name` (Stencil consumes them while rendering).
    func pop(_ name: String) -> BlockNode? {
        guard var list = blocks[name], !list.isEmpty else { return nil }
        let block = list.removeFirst()
        blocks[name] = list.isEmpty ? nil : list
        return block
    }
}

/// `{% block name %}...{% endblock %}`: replaced by a child template's block of the same
/// name, which can print this one through `{{ block.super }}`.
struct BlockNode: Node {
    let name: String
    let nodes: [any Node]
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        if let blockContext = context.blockContext, let child = blockContext.pop(name) {
            // Rendering self first consumes the next override: that is block.super.
            let superContent = try renderString(context)
            let result = try context.push(["block": .dictionary(["super": .string(superContent)])]) {
                do {
                    return try child.renderString(context)
                } catch {
                    throw templateError(error, at: child.location)
                }
            }
            output += result
            return
        }
        let result = try renderNodes(nodes, context)
        context.cacheBlock(name, content: result)
        output += result
    }

    func renderString(_ context: RenderContext) throws -> String {
        var output = ""
        try render(context, into: &output)
        return output
    }
}

/// `{% extends "base.html" %}`: renders the base template with this template's blocks.
struct ExtendsNode: Node {
    let templateName: Variable
    let blocks: [String: BlockNode]
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        guard case .string(let name) = try templateName.resolve(context) else {
            throw TemplateError(message: "'\(templateName.text)' could not be resolved as a string")
        }
        let base = try context.template(named: name)
        let previous = context.blockContext
        let blockContext: BlockContext
        if let previous {
            blockContext = previous
            for (name, block) in blocks { blockContext.push(block, named: name) }
        } else {
            blockContext = BlockContext(blocks: blocks)
        }
        context.blockContext = blockContext
        defer { context.blockContext = previous }
        try context.nested { try renderNodes(base.nodes, context, into: &output) }
    }
}

/// `{% include "name" [contextVariable] %}`: renders another template in place, with the
/// entries of `contextVariable` (a dictionary) as an extra scope.
struct IncludeNode: Node {
    let templateName: Variable
    let contextName: String?
    let location: SourceLocation?

    func render(_ context: RenderContext, into output: inout String) throws {
        guard case .string(let name) = try templateName.resolve(context) else {
            throw TemplateError(message: "'\(templateName.text)' could not be resolved as a string")
        }
        let template = try context.template(named: name)
        var scope: [String: TemplateValue] = [:]
        if let contextName, case .dictionary(let dictionary)? = try context.lookup(contextName) {
            scope = dictionary
        }
        try context.nested {
            try context.push(scope) { try renderNodes(template.nodes, context, into: &output) }
        }
    }
}
